/// Routes requests by method and path pattern to handlers and mounted responders, and renders
/// every error per route family (e.g. JSON under `/api/`, HTML elsewhere). It never throws.
public struct Router: HTTPResponder {
    /// A route handler.
    public typealias Handler = @Sendable (HTTPRequest) async throws -> HTTPResponse

    private struct Route: Sendable {
        let method: HTTPMethod
        let pattern: RoutePattern
        let handler: Handler
    }

    private struct Stream: Sendable {
        let method: HTTPMethod
        let pattern: RoutePattern
        let body: @Sendable (HTTPRequest) -> (any HTTPBodyStream)?
    }

    private struct Mount: Sendable {
        let prefix: String
        let responder: any HTTPResponder
    }

    private struct BodyLimit: Sendable {
        let method: HTTPMethod
        let pattern: RoutePattern
        let bytes: Int
    }

    private var routes: [Route] = []
    private var bodyLimits: [BodyLimit] = []
    private var bodyPolicy: (@Sendable (_ head: HTTPRequest, _ routeLimit: Int?) -> Int?)?
    private var mounts: [Mount] = []
    private var streams: [Stream] = []
    private var renderers: [(prefix: String, renderer: ErrorRenderer)] = []
    private var fallbackRenderer = ErrorRenderer.automatic
    private var unexpectedErrorReporter: (@Sendable (any Error, HTTPRequest) -> Void)?
    private var interceptor: Interceptor?
    private var closedPrefixes: [String] = []
    private var preparation: (@Sendable (inout HTTPRequest) -> Void)?
    private var finishing: (@Sendable (HTTPRequest, inout HTTPResponse) -> Void)?

    /// Requests at `prefix` or below it (whole segments) are answered only by this router's routes: never by a mount,
    /// so a miss is this router's 404, or 405 with `Allow`, rendered by the prefix's error renderer.
    public mutating func closePrefix(_ prefix: String) {
        var trimmed = prefix.hasPrefix("/") ? prefix : "/" + prefix
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        closedPrefixes.append(trimmed)
    }

    /// Adjusts every request before it is routed (dropping headers the server does not trust, for one).
    public mutating func prepare(_ body: @escaping @Sendable (inout HTTPRequest) -> Void) {
        preparation = body
    }

    /// Adjusts every response, errors included, before it is sent (headers every response carries, for one).
    public mutating func finish(_ body: @escaping @Sendable (HTTPRequest, inout HTTPResponse) -> Void) {
        finishing = body
    }

    /// Runs around the dispatch of every request: calls `next` to route it, or answers (or throws) itself.
    public typealias Interceptor = @Sendable (_ request: HTTPRequest, _ next: @escaping @Sendable () async throws -> HTTPResponse) async throws -> HTTPResponse

    /// An empty router: every request gets a 404.
    public init() {}

    /// Routes `method` requests matching `pattern` to `handler`. A GET route also answers HEAD.
    public mutating func add(_ method: HTTPMethod, _ pattern: String, _ handler: @escaping Handler) {
        routes.append(Route(method: method, pattern: RoutePattern(pattern), handler: handler))
    }

    /// Routes `method` requests matching `pattern` to `responder`.
    public mutating func add(_ method: HTTPMethod, _ pattern: String, responder: any HTTPResponder) {
        add(method, pattern) { try await responder.respond(to: $0) }
    }

    /// Routes `method` requests matching `pattern` to `handler`, their body taken as it arrives by the stream `body`
    /// makes from the request head (path parameters set; nil buffers that body whole). The handler finds what the
    /// stream made in `request.streamedBody`.
    public mutating func streaming(_ method: HTTPMethod, _ pattern: String, body: @escaping @Sendable (HTTPRequest) -> (any HTTPBodyStream)?,
                                   _ handler: @escaping Handler) {
        streams.append(Stream(method: method, pattern: RoutePattern(pattern), body: body))
        add(method, pattern, handler)
    }

    /// Bodies of `method` requests matching `pattern` may be at most `bytes` long; a longer one is answered 413
    /// while it arrives, before the handler runs.
    public mutating func limitBody(_ method: HTTPMethod, _ pattern: String, to bytes: Int) {
        bodyLimits.append(BodyLimit(method: method, pattern: RoutePattern(pattern), bytes: bytes))
    }

    /// Decides every request's body limit from its head and its route's limit (`limitBody`; nil when it has none),
    /// e.g. a small limit for requests without credentials. Runs on a server thread before the body: keep it quick.
    public mutating func bodyLimitPolicy(_ policy: @escaping @Sendable (_ head: HTTPRequest, _ routeLimit: Int?) -> Int?) {
        bodyPolicy = policy
    }

    /// `add(.get, pattern, handler)`
    public mutating func get(_ pattern: String, _ handler: @escaping Handler) { add(.get, pattern, handler) }
    /// `add(.post, pattern, handler)`
    public mutating func post(_ pattern: String, _ handler: @escaping Handler) { add(.post, pattern, handler) }
    /// `add(.put, pattern, handler)`
    public mutating func put(_ pattern: String, _ handler: @escaping Handler) { add(.put, pattern, handler) }
    /// `add(.patch, pattern, handler)`
    public mutating func patch(_ pattern: String, _ handler: @escaping Handler) { add(.patch, pattern, handler) }
    /// `add(.delete, pattern, handler)`
    public mutating func delete(_ pattern: String, _ handler: @escaping Handler) { add(.delete, pattern, handler) }

    /// Sends every request whose decoded path is `prefix` or lies below it (whole segments) to
    /// `responder`, unchanged, when no route matches it. The longest prefix wins.
    public mutating func mount(_ prefix: String, _ responder: any HTTPResponder) {
        var trimmed = prefix.hasPrefix("/") ? prefix : "/" + prefix
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        mounts.append(Mount(prefix: trimmed, responder: responder))
        mounts.sort { $0.prefix.count > $1.prefix.count }
    }

    /// Renders errors of requests whose path starts with `prefix` (plain string prefix, longest wins).
    public mutating func errorRenderer(forPrefix prefix: String, _ renderer: ErrorRenderer) {
        renderers.removeAll { $0.prefix == prefix }
        renderers.append((prefix, renderer))
        renderers.sort { $0.prefix.count > $1.prefix.count }
    }

    /// Renders errors of requests whose path starts with `prefix` with a closure.
    public mutating func errorRenderer(
        forPrefix prefix: String, _ render: @escaping @Sendable (any Error, HTTPRequest) -> HTTPResponse
    ) {
        errorRenderer(forPrefix: prefix, ErrorRenderer(render))
    }

    /// Renders errors no prefix renderer claims (default: `.automatic`).
    public mutating func defaultErrorRenderer(_ renderer: ErrorRenderer) {
        fallbackRenderer = renderer
    }

    /// Called with every error that is not an `HTTPResponseError` (the client only sees a generic
    /// 500), so the server's log can record what went wrong.
    public mutating func onUnexpectedError(_ report: @escaping @Sendable (any Error, HTTPRequest) -> Void) {
        unexpectedErrorReporter = report
    }

    /// Puts `interceptor` around the dispatch of every request (admission control, for one); what it throws
    /// is rendered like a route's error. A second call replaces the first.
    public mutating func intercept(_ interceptor: @escaping Interceptor) {
        self.interceptor = interceptor
    }

    public func respond(to original: HTTPRequest) async throws -> HTTPResponse {
        var request = original
        preparation?(&request)
        var response = await answer(request)
        finishing?(request, &response)
        return response
    }

    private func answer(_ request: HTTPRequest) async -> HTTPResponse {
        do {
            if let interceptor {
                let router = self
                return try await interceptor(request) { try await router.dispatch(request) }
            }
            return try await dispatch(request)
        } catch {
            if !(error is any HTTPResponseError) { unexpectedErrorReporter?(error, request) }
            return renderer(for: request.path).response(for: error, request: request)
        }
    }

    /// The stream of the streaming route that matches `head`, else the one of the mount it goes to.
    public func bodyStream(for head: HTTPRequest) -> (any HTTPBodyStream)? {
        for stream in streams where stream.method == head.method {
            guard let parameters = stream.pattern.match(head.pathSegments) else { continue }
            var routed = head
            routed.pathParameters.merge(parameters) { _, new in new }
            return stream.body(routed)
        }
        let answered = routes.contains { route in
            (route.method == head.method || (head.method == .head && route.method == .get)) && route.pattern.match(head.pathSegments) != nil
        }
        if answered { return nil }  // a route of this router answers it; mounts never see it
        return mounts.first(where: { Self.path(head.path, isUnder: $0.prefix) })?.responder.bodyStream(for: head)
    }

    /// The limit `limitBody` set for the head's route, narrowed by the policy; else the mount's own.
    public func bodyLimit(for head: HTTPRequest) -> Int? {
        let routeLimit = bodyLimits.first { $0.method == head.method && $0.pattern.match(head.pathSegments) != nil }?.bytes
        if let bodyPolicy { return bodyPolicy(head, routeLimit) }
        if let routeLimit { return routeLimit }
        return mounts.first(where: { Self.path(head.path, isUnder: $0.prefix) })?.responder.bodyLimit(for: head)
    }

    /// Rendered by the path's error renderer.
    public func refusal(_ error: HTTPError, for head: HTTPRequest) -> HTTPResponse {
        var request = head
        preparation?(&request)
        var response = renderer(for: request.path).response(for: error, request: request)
        finishing?(request, &response)
        return response
    }

    private func dispatch(_ request: HTTPRequest) async throws -> HTTPResponse {
        var best: (route: Route, parameters: [String: String])?
        var allowed: Set<String> = []
        for route in routes {
            guard let parameters = route.pattern.match(request.pathSegments) else { continue }
            allowed.insert(route.method.rawValue)
            let answers = route.method == request.method || (request.method == .head && route.method == .get)
            guard answers else { continue }
            if let current = best {
                let better = route.pattern.specificity.lexicographicallyPrecedes(current.route.pattern.specificity)
                let exactBeatsHead = current.route.method != request.method && route.method == request.method
                    && route.pattern.specificity == current.route.pattern.specificity
                if !better && !exactBeatsHead { continue }
            }
            best = (route, parameters)
        }
        if let best {
            var routed = request
            routed.pathParameters.merge(best.parameters) { _, new in new }
            return try await best.route.handler(routed)
        }
        if !closedPrefixes.contains(where: { Self.path(request.path, isUnder: $0) }),
           let mount = mounts.first(where: { Self.path(request.path, isUnder: $0.prefix) }) {
            return try await mount.responder.respond(to: request)
        }
        if !allowed.isEmpty {
            if allowed.contains("GET") { allowed.insert("HEAD") }
            throw HTTPError(
                405, "Method \"\(request.method.rawValue)\" not allowed.",
                headers: ["Allow": allowed.sorted().joined(separator: ", ")])
        }
        throw HTTPError(404, "Nothing is found at this address.")
    }

    private func renderer(for path: String) -> ErrorRenderer {
        renderers.first { path.hasPrefix($0.prefix) }?.renderer ?? fallbackRenderer
    }

    private static func path(_ path: String, isUnder prefix: String) -> Bool {
        prefix == "/" || path == prefix || path.hasPrefix(prefix + "/")
    }
}
