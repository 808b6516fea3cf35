import Foundation
import HTTPServer
import MarksCore

/// The router of `marks serve`: `/healthz`, the embedded linkding API at `/api/` (or, with a remote linkding, a 503 naming it),
/// the Marks backend at `/v1/`, the wallabag endpoints for e-readers at `/wallabag/`, the private podcast feed at `/feed/` and the web app at `/`. Errors render as JSON under `/api/` (linkding's
/// `{"detail": …}`) and `/v1/` (`{"error": …}`), as HTML elsewhere.
public struct MarksApp: Sendable {
    /// What the app needs at start-up.
    public struct Context: Sendable {
        public var version: String
        /// Receives one line per unexpected error (the cause the client does not see).
        public var logError: @Sendable (String) -> Void
        /// The embedded linkding API (`/api/`, `/health`); nil leaves it out.
        public var api: LinkdingAPI?
        /// When the library is a remote linkding server: every `/api/` path answers 503 naming it (set instead of `api`).
        public var remoteLinkding: RemoteLinkdingNotice?
        /// A source that can change while the server runs (`marks serve`): `/api/` and `/health` then answer from
        /// its current source, the embedded API or the notice, and `api` and `remoteLinkding` are not used.
        public var sources: SourceSwitch?
        /// The Marks backend at `/v1/`; nil leaves `/v1/` unanswered (404).
        public var backend: AppAPI?
        /// The web app at `/`; nil leaves `/` unanswered (404).
        public var web: WebApp?
        /// The private podcast feed at `/feed/<secret>/`; nil leaves `/feed/` to the web app.
        public var feed: PodcastFeedResponder?
        /// linkding's bookmark feeds at `/feeds/`; nil leaves `/feeds/` to the web app.
        public var bookmarkFeeds: BookmarkFeedResponder?
        /// The wallabag endpoints for e-readers (KOReader's wallabag plugin) at `/wallabag/`; nil leaves them out.
        public var wallabag: WallabagAPI?
        /// Admission control and time budgets for the heavy requests (`/v1/marks/…`, collections, Enrich All).
        public var heavy: HeavyRequests
        /// The `Host` values answered (others get 421); nil answers every one.
        public var hosts: HostPolicy?
        /// The address clients reach Marks at (`--public-url`); an https one makes every response https-only
        /// (Secure cookies, HSTS).
        public var publicURL: String?
        /// Whether `X-Forwarded-Proto` from a loopback client (a TLS proxy on this machine) is believed; otherwise
        /// the header is dropped before routing.
        public var trustedProxy = false
        /// `/healthz`'s look at the backend's database (a round trip); nil leaves the database out of the answer.
        public var databaseHealth: (@Sendable () -> DatabaseHealth)?

        /// A context.
        public init(version: String, logError: @escaping @Sendable (String) -> Void, api: LinkdingAPI? = nil,
                    remoteLinkding: RemoteLinkdingNotice? = nil, sources: SourceSwitch? = nil, backend: AppAPI? = nil,
                    web: WebApp? = nil, feed: PodcastFeedResponder? = nil, heavy: HeavyRequests = HeavyRequests()) {
            self.version = version
            self.logError = logError
            self.api = api
            self.remoteLinkding = remoteLinkding
            self.sources = sources
            self.backend = backend
            self.web = web
            self.feed = feed
            self.heavy = heavy
        }
    }

    public let router: Router
    /// The look at the backend's database `/healthz` takes (nil: none).
    public let databaseHealth: (@Sendable () -> DatabaseHealth)?

    /// Builds the router.
    public init(context: Context) {
        databaseHealth = context.databaseHealth
        var router = Router()
        router.get("/healthz") { _ in Self.health(context) }
        if let sources = context.sources {
            SourceAPI(sources: sources).register(on: &router)
        } else {
            context.api?.register(on: &router)
            context.remoteLinkding?.register(on: &router)
        }
        router.errorRenderer(forPrefix: "/api/", .json(messageKey: "detail"))
        router.errorRenderer(forPrefix: "/v1/", .json(messageKey: "error"))
        if var backend = context.backend {
            backend.vouchesForOwner = { request in Self.vouchesForOwner(request, context: context) }
            backend.register(on: &router)
        }
        if let wallabag = context.wallabag {
            wallabag.register(on: &router)
            router.closePrefix(WallabagAPI.prefix)
        }
        context.web?.register(on: &router)
        context.feed?.register(on: &router)
        context.bookmarkFeeds?.register(on: &router)
        router.defaultErrorRenderer(.html)
        router.bodyLimitPolicy { head, routeLimit in
            guard context.hosts?.allows(head.headers["Host"]) ?? true else { return 0 }  // answered 421, nothing read
            return Self.recognizes(head, context: context) ? routeLimit : min(routeLimit ?? .max, Self.anonymousBodyLimit)
        }
        router.intercept { request, next in
            try context.hosts?.check(request)
            return try await context.heavy.admit(request, authenticated: { Self.authenticatedForHeavyWork($0, context: context) }, next)
        }
        if context.backend != nil { router.closePrefix("/v1") }
        let trustedProxy = context.trustedProxy
        router.prepare { request in
            if request.headers["X-Forwarded-Proto"] != nil, !(trustedProxy && Self.isLoopback(request.remoteAddress)) {
                request.headers["X-Forwarded-Proto"] = nil
            }
        }
        let httpsOnly = context.publicURL?.lowercased().hasPrefix("https://") ?? false
        router.finish { request, response in Self.finish(request, &response, httpsOnly: httpsOnly) }
        router.onUnexpectedError { error, request in
            context.logError("unexpected error on \(request.method) \(FeedAddress.redacted(request.path)): \(String(describing: error).prefix(500))")
        }
        self.router = router
    }

    /// `{"status", "version", "database"?}`: 200 when the backend's database answers (or none is asked), else 503
    /// with `"status": "unavailable"`, so a load balancer stops sending requests to a worker that cannot reach it.
    static func health(_ context: Context) -> HTTPResponse {
        let database = context.databaseHealth?()
        let ok = database?.ok ?? true
        var members: [(String, JSONValue)] = [("status", .string(ok ? "ok" : "unavailable")), ("version", .string(context.version))]
        if let database { members.append(("database", database.json)) }
        var response = HTTPResponse.json(data: JSONValue.object(members).data)
        if !ok { response.status = 503 }
        return response
    }

    /// Headers on every response: no MIME sniffing, and `default-src 'none'` wherever no stricter-scoped policy was set
    /// (the web app's pages set their own; a JSON error, an error page, an image or a feed never runs script); over
    /// https, Secure cookies and HSTS.
    static func finish(_ request: HTTPRequest, _ response: inout HTTPResponse, httpsOnly: Bool) {
        if response.headers["Content-Security-Policy"] == nil { response.headers["Content-Security-Policy"] = "default-src 'none'" }
        response.headers["X-Content-Type-Options"] = "nosniff"
        guard httpsOnly || request.headers["X-Forwarded-Proto"]?.lowercased() == "https" else { return }
        response.headers["Strict-Transport-Security"] = "max-age=31536000"
        let cookies = response.headers.values("Set-Cookie")
        guard !cookies.isEmpty else { return }
        response.headers["Set-Cookie"] = nil
        for cookie in cookies {
            response.headers.add("Set-Cookie", cookie.lowercased().contains("; secure") ? cookie : cookie + "; Secure")
        }
    }

    static func isLoopback(_ address: String) -> Bool {
        address.hasPrefix("127.") || address == "::1" || address.hasPrefix("::ffff:127.")
    }

    /// Whether a heavy request may take an admission slot (issue 35): under `/v1/` its bearer token is checked in full
    /// (signature, device record, scope) and a refusal is thrown as the answer, so the route never runs; a web route
    /// needs a live session (without one the web app answers with its sign-in redirect, ungated: it does no heavy work),
    /// and an `/api/` search the API token (without it the API answers 401, ungated).
    static func authenticatedForHeavyWork(_ request: HTTPRequest, context: Context) -> HeavyRequests.Admission {
        if request.path.hasPrefix("/v1/") {
            guard let backend = context.backend else { return .admit }  // no backend: no route either, the gate as before
            do {
                _ = try backend.authorize(request)
                return .admit
            } catch {
                if case .storage(let detail) = error {
                    context.logError("authenticating \(request.method) \(request.path) failed: \(detail.prefix(500))")
                }
                return .refuse(HTTPFailure(error).httpError)
            }
        }
        if request.path.hasPrefix("/api/") {
            // The linkding API answers a request without its token 401 itself, doing no search.
            let api = context.sources?.current.api ?? context.api
            guard let api else { return .admit }
            return api.recognizes(request) ? .admit : .passWithoutSlot
        }
        guard let web = context.web else { return .admit }
        return web.recognizes(request) ? .admit : .passWithoutSlot
    }

    /// Whether a `/v1/auth/register` request carries the owner's own credential: a signed-in web session with its CSRF
    /// token in `X-CSRF-Token` from this site, or the linkding API token (`Authorization: Token …`).
    static func vouchesForOwner(_ request: HTTPRequest, context: Context) -> Bool {
        if let web = context.web, web.vouchesForOwner(request) { return true }
        guard let authorization = request.headers["Authorization"], authorization.lowercased().hasPrefix("token ") else { return false }
        let api = context.sources?.current.api ?? context.api
        return api?.recognizes(request) ?? false
    }

    /// The largest body read from a request without credentials (a device registration, a sign-in form): bodies are
    /// limited before they are read, so strangers cannot make the server hold megabytes.
    public static let anonymousBodyLimit = 64 * 1024

    /// Whether the head carries credentials this server issued: a `/v1/` bearer token it signed, the linkding API
    /// token, or a web session cookie. Checked before the body is read; the route checks them again in full.
    static func recognizes(_ head: HTTPRequest, context: Context) -> Bool {
        if head.headers["Authorization"] != nil {
            if head.path.hasPrefix("/v1/") { return context.backend?.recognizes(head) ?? false }
            let api = context.sources?.current.api ?? context.api
            if let api, api.recognizes(head) { return true }
        }
        if head.cookies[OwnerAuth.cookieName] != nil, let web = context.web { return web.recognizes(head) }
        return false
    }
}
