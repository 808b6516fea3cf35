import Foundation
import HTTPServer
import MarksAppAPI
import MarksClients
import MarksCore
import MarksEngine

extension AppAPI {
    /// `POST /v1/auth/register` → `{"token", "expires_at", "scope"}`. A post from a web page of another site or with
    /// a body that is not JSON is refused before anything is counted. With the owner's credential (a signed-in web
    /// session and its CSRF token, the API token, a pairing code or the registration secret), or with the device's own
    /// live owner token in `Authorization: Bearer` (a renewal), the device gets the owner scope; without one it is
    /// anonymous, and only from this machine (from elsewhere a renewal that does not qualify ends as anonymous: 403).
    func registerDevice(_ request: HTTPRequest) throws -> HTTPResponse {
        try Self.checkRegistrationPost(request)
        let pairingCode = request.headers["X-Marks-Pairing-Code"]
        let vouched = vouchesForOwner(request)
        let renewing = request.headers["Authorization"].flatMap { $0.lowercased().hasPrefix("bearer ") ? $0 : nil }
        let issued = try authority.register(body: request.body, presentedSecret: request.headers["X-Marks-Registration-Secret"],
                                            pairingCode: pairingCode, ownerVouched: vouched, renewing: renewing,
                                            anonymousAllowed: Self.isFromThisMachine(request), from: request.remoteAddress)
        return AppAPIJSON.registered(issued)
    }

    /// Refuses a registration post a web page could send on its own: from another site (`Sec-Fetch-Site` other than
    /// `same-origin`/`none`, or an `Origin` naming another host) or with a `Content-Type` other than JSON (a form or
    /// `text/plain` post needs no CORS preflight). A native client sends JSON and no `Origin`; a browser's
    /// cross-origin post always carries `Origin`, so a missing `Content-Type` alone is let through.
    static func checkRegistrationPost(_ request: HTTPRequest) throws(AppAPIError) {
        guard RequestOrigin.isSameOrigin(request) else {
            throw .forbidden("Registration from a web page of another site is refused.")
        }
        if let type = request.headers["Content-Type"] {
            let media = type.split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
            guard media == "application/json" else {
                throw .unsupportedMediaType("Send the registration as JSON, with Content-Type: application/json.")
            }
        }
    }

    /// Whether a request comes from this machine itself: a loopback address with no proxy's forwarding headers (a
    /// local TLS proxy passes everyone's requests on from loopback).
    static func isFromThisMachine(_ request: HTTPRequest) -> Bool {
        let address = request.remoteAddress
        let loopback = address.hasPrefix("127.") || address == "::1" || address.hasPrefix("::ffff:127.")
        let forwarded = ["X-Forwarded-For", "Forwarded", "X-Forwarded-Proto", "X-Real-IP"].contains { request.headers[$0] != nil }
        return loopback && !forwarded
    }

    /// `POST /v1/marks/enrich` → `{"summary", "tags", "engine", "fallback_reason"?, "page_error"?}`; without
    /// `text`, the server fetches the page and reads it first.
    func enrich(_ request: HTTPRequest) async throws -> HTTPResponse {
        _ = try authenticate(request, limiter: enrichLimiter, what: "enrich calls from this device")
        var enrichRequest = try WireDecoding.decode(EnrichBody.self, from: request.body, limit: limits.enrichBody).validated(limits)
        var pageError: String?
        if (enrichRequest.text ?? "").allSatisfy(\.isWhitespace) {
            do {
                enrichRequest = try await withPageText(enrichRequest)
            } catch let error as AppAPIError {
                throw error
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                guard enrichRequest.title != nil || enrichRequest.description != nil else {
                    throw AppAPIError.unprocessable("The page could not be read (\(error)) and the request has no text, title or description.")
                }
                pageError = String(describing: error)
            }
        }
        let answer = try await engine.enrichAnswer(enrichRequest)
        return AppAPIJSON.enriched(answer, pageError: pageError)
    }

    /// `POST /v1/marks/search` → `{"results": [{"id", "score"}], "engine", "fallback_reason"?}`, best first.
    func search(_ request: HTTPRequest) async throws -> HTTPResponse {
        _ = try authenticate(request, limiter: rankLimiter, what: "search and collections calls from this device")
        let body = try WireDecoding.decode(SearchBody.self, from: request.body, limit: limits.searchBody).validated(limits)
        return AppAPIJSON.ranked(try await engine.rankAnswer(query: body.query, items: body.items))
    }

    /// `POST /v1/marks/collections` → `{"collections": [{"name", "description", "bookmark_ids"}], "engine", "fallback_reason"?}`.
    func collections(_ request: HTTPRequest) async throws -> HTTPResponse {
        _ = try authenticate(request, limiter: rankLimiter, what: "search and collections calls from this device")
        let items = try WireDecoding.decode(CollectionsBody.self, from: request.body, limit: limits.collectionsBody).validated(limits)
        return AppAPIJSON.grouped(try await engine.collectionsAnswer(items))
    }

    /// `POST /v1/analytics/events` → 204; stored only when analytics is on (the batch whole or not at all), within the
    /// device's quota (429) and the store's total (507); events past the retention period are deleted.
    func recordEvents(_ request: HTTPRequest) throws -> HTTPResponse {
        let device = try authenticate(request, limiter: analyticsLimiter, what: "analytics batches from this device")
        let events = try WireDecoding.decode(AnalyticsBatch.self, from: request.body, limit: limits.analyticsBody).validated(limits)
        if analyticsEnabled { try analytics.record(events, deviceID: device.deviceID, limits: limits) }
        return .noContent
    }

    /// `request` with the fetched page's text, and its title and description where the request had none.
    private func withPageText(_ request: EnrichRequest) async throws -> EnrichRequest {
        guard let url = URL(string: request.url.trimmingCharacters(in: .whitespaces)),
              let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil else {
            throw AppAPIError.unprocessable("The request has no text and its url is not an http(s) address to fetch.")
        }
        let page = try await readPage(url)
        var filled = request
        filled.text = page.text
        if (filled.title ?? "").isEmpty { filled.title = page.title }
        if (filled.description ?? "").isEmpty { filled.description = page.description }
        return filled
    }
}
