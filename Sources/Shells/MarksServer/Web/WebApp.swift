import Foundation
import HTTPServer
import MarksCore
import MarksBookmarks
import MarksReading

/// The web app `marks serve` serves at `/`: every page and form needs the owner's session (else a redirect
/// to the sign-in page), every state-changing request needs the session's CSRF token and a same-origin
/// request, and every response carries a strict Content-Security-Policy and the other security headers;
/// text answers go gzip-compressed to clients that accept it.
///
/// Mount it with `webApp.register(on: &router)` (it answers every path no other route or mount claims),
/// and print `try auth.signInLink(baseURL: "http://127.0.0.1:\(port)")` at start-up.
public struct WebApp: HTTPResponder {
    /// What the features' controllers share (and the gate in front of them uses).
    let web: WebContext
    /// The options it was built with.
    let options: WebOptions
    private let router: Router

    /// A web app over a source that can change while it runs (`marks serve`): every request reads the library,
    /// enrichment and share flow of the source current when it began. `reader` fetches and extracts a page for
    /// the reader view (nil turns the reader off); `widgets` feeds the home cards (nil hides them).
    public init(sources: SourceSwitch, auth: OwnerAuth, settings: WebSettings, widgets: WidgetDataStore?,
                reader: (@Sendable (String) async throws -> ReadableArticle)?, options: WebOptions = WebOptions()) {
        let web = WebRoutes.context(sources: sources, auth: auth, settings: settings, options: options)
        self.web = web
        self.options = options
        self.router = WebRoutes.router(web, options: options, widgets: widgets, reader: reader)
    }

    /// A web app over one library (`settings.activeServer` names its source; `options.enrichment` and
    /// `options.share` work on it); Settings → Save then says a restart is needed.
    public init(library: LibraryService, auth: OwnerAuth, settings: WebSettings, widgets: WidgetDataStore?,
                reader: (@Sendable (String) async throws -> ReadableArticle)?, options: WebOptions = WebOptions()) {
        let served = ServedSource(server: settings.activeServer, library: library, enrichment: options.enrichment, share: options.share)
        self.init(sources: SourceSwitch(served, build: nil), auth: auth, settings: settings, widgets: widgets, reader: reader, options: options)
    }

    /// Mounts the app at `/` of `router`, below any route or longer mount (such as `/api/` and `/v1/`).
    public func register(on router: inout Router) {
        router.mount("/", self)
    }

    /// Answers with the source current when the request began, for the whole request. The files of an upload that
    /// no import took (a refused or failed request) are removed before the answer goes out.
    /// An error worded as the web app's pages word it (the `library.import` job records its failures so).
    public func message(for error: any Error) -> String {
        web.message(error)
    }

    public func respond(to request: HTTPRequest) async throws -> HTTPResponse {
        var response = await web.sources.pinning { await gate(request) }
        (request.streamedBody as? SourceUpload)?.removeLeftovers()
        SecurityHeaders.apply(to: &response)
        ResponseCompression.apply(to: &response, for: request)
        return response
    }

    /// The upload of files to Sources streams to disk (`SourceUploadStream`); every other body is buffered.
    public func bodyStream(for head: HTTPRequest) -> (any HTTPBodyStream)? {
        router.bodyStream(for: head)
    }

    /// Sign-in and CSRF checks in front of the routes.
    private func gate(_ request: HTTPRequest) async -> HTTPResponse {
        if WebRoutes.isPublic(request.path) { return await route(request) }
        guard web.session(of: request) != nil else { return web.signInRedirect(for: request) }
        if request.method != .get && request.method != .head {
            guard RequestOrigin.isSameOrigin(request) else {
                return web.refusal("The request came from another site, so Marks refused it.", request: request)
            }
            guard web.hasValidCSRF(request) else {
                return web.refusal("This form is out of date (its security token does not match). Reload the page and try again.",
                                          request: request)
            }
        }
        return await route(request)
    }

    /// The routes; the router renders every error with `web.errorPage`, so nothing escapes as a bare 500.
    private func route(_ request: HTTPRequest) async -> HTTPResponse {
        do {
            return try await router.respond(to: request)
        } catch {
            return web.errorPage(error, request: request)
        }
    }

    /// Whether a request to another route (a `/v1/` registration) carries the owner's signed-in session as the web's
    /// own forms do: a live session cookie, its CSRF token in `X-CSRF-Token`, and no sign of another site.
    func vouchesForOwner(_ request: HTTPRequest) -> Bool {
        guard request.headers["X-CSRF-Token"] != nil, RequestOrigin.isSameOrigin(request) else { return false }
        return web.hasValidCSRF(request)
    }

    /// Whether the head carries a live session cookie (before its body is read).
    func recognizes(_ head: HTTPRequest) -> Bool {
        web.session(of: head) != nil
    }
}
