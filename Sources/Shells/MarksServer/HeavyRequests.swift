import HTTPServer
import SystemSupport

/// The requests that run the AI engine or long batches, and the one admission gate they share: the only place
/// admission control is configured. Beyond `policy.limit` such requests in flight, another is answered `503`
/// with `Retry-After` at once (JSON `{"error": …}` under `/v1/`, a page under `/`); one that runs over its budget
/// is answered `504` and its work is cancelled. Every other request (`/healthz`, pages, `/api/` without `q`) passes
/// untouched.
public struct HeavyRequests: Sendable {
    /// One kind of heavy request and its time budget.
    public struct Route: Sendable {
        public var method: HTTPMethod
        public var path: String
        /// Only when this query parameter has this value (the Search tab's semantic mode); nil for any request.
        public var query: (name: String, value: String)?
        /// Only when this query parameter is present with a value other than white space (a keyword search, `q`).
        public var parameter: String?
        public var budget: Duration

        /// A route.
        public init(_ method: HTTPMethod, _ path: String, query: (name: String, value: String)? = nil, parameter: String? = nil,
                    budget: Duration) {
            self.method = method
            self.path = path
            self.query = query
            self.parameter = parameter
            self.budget = budget
        }

        func matches(_ request: HTTPRequest) -> Bool {
            guard request.method == method, request.path == path else { return false }
            if let parameter, !request.query.values(parameter).contains(where: { !$0.allSatisfy(\.isWhitespace) }) { return false }
            guard let query else { return true }
            return request.query[query.name] == query.value
        }
    }

    /// The heavy requests of `marks serve`: the `/v1/` AI endpoints, the web app's collections, Enrich All batch and
    /// semantic search, and keyword searches (`q`) on `/api/` and the Search tab (issue 35: eight costly searches at
    /// once held every core and `/healthz` waited seconds).
    public static let standardRoutes: [Route] = [
        // A 10,000-tag vocabulary takes ~45 s of model time on a busy 2-core machine: the budgets leave room for that.
        Route(.post, "/v1/marks/enrich", budget: .seconds(120)),
        Route(.post, "/v1/marks/search", budget: .seconds(60)),
        Route(.post, "/v1/marks/collections", budget: .seconds(120)),
        Route(.get, "/collections", budget: .seconds(120)),
        Route(.post, "/collections/enrich", budget: .seconds(180)),
        Route(.get, "/search", query: ("mode", "semantic"), budget: .seconds(60)),
        // Keyword search (linkding's `q`): bounded per query (`SearchQuery.budgetProblem`), and at most `limit` at once.
        Route(.get, "/search", parameter: "q", budget: .seconds(30)),
        Route(.get, "/api/bookmarks/", parameter: "q", budget: .seconds(30)),
        Route(.get, "/api/bookmarks/archived/", parameter: "q", budget: .seconds(30)),
        Route(.get, "/api/bookmarks/shared/", parameter: "q", budget: .seconds(30)),
        // Ask (offline: the search tool and one embedding call; with a provider: up to four streamed model turns).
        Route(.post, "/v1/marks/ask", budget: .seconds(120)),
        Route(.post, "/ask", budget: .seconds(120)),
        Route(.post, "/ask/stream", budget: .seconds(120)),
    ]

    /// Two heavy requests at once (the compute executor has two threads), 120 seconds unless a route says
    /// otherwise, and "try again in 5 seconds".
    public static let standardPolicy = AdmissionGate.Policy(limit: 2, budget: .seconds(120), retryAfterSeconds: 5)

    /// The kinds of request the gate guards.
    public let routes: [Route]
    /// The gate they share.
    public let gate: AdmissionGate

    /// Heavy requests under `policy` (one gate, so limits hold across `/v1/` and the web app).
    public init(routes: [Route] = Self.standardRoutes, policy: AdmissionGate.Policy = Self.standardPolicy) {
        self.routes = routes
        self.gate = AdmissionGate(name: "AI requests", policy: policy)
    }

    /// What a heavy request's credentials earn it before the gate (issue 35: an unauthenticated request never holds
    /// a slot).
    public enum Admission: Sendable {
        /// Authenticated: it waits for a slot like any heavy request.
        case admit
        /// Not authenticated, and its route answers that itself without heavy work (the web's sign-in redirect): it
        /// runs without a slot.
        case passWithoutSlot
        /// Refused with this answer at once; its route never runs.
        case refuse(HTTPError)
    }

    /// Routes `request` through `next`, through the gate when it is heavy.
    public func admit(_ request: HTTPRequest, _ next: @escaping @Sendable () async throws -> HTTPResponse) async throws -> HTTPResponse {
        try await admit(request, authenticated: { _ in .admit }, next)
    }

    /// Routes `request` through `next`; a heavy one first has its credentials checked by `authenticated`, and only an
    /// authenticated one goes through the gate.
    public func admit(_ request: HTTPRequest, authenticated: (HTTPRequest) -> Admission,
                      _ next: @escaping @Sendable () async throws -> HTTPResponse) async throws -> HTTPResponse {
        guard let route = routes.first(where: { $0.matches(request) }) else { return try await next() }
        switch authenticated(request) {
        case .admit: break
        case .passWithoutSlot: return try await next()
        case .refuse(let error): throw error
        }
        do {
            var response = try await gate.run(budget: route.budget, next)
            // A streamed answer does its work while it is sent, after `next` returned: it takes a slot again then
            // (a stream the gate refuses or cuts ends without its last chunk, so the client sees it incomplete).
            if case .stream(let body) = response.body {
                let gate = self.gate
                response.body = .stream(body.wrapped { produce in try await gate.run(budget: route.budget, produce) })
            }
            return response
        } catch let error as AdmissionError {
            throw Self.httpError(error)
        }
    }

    static func httpError(_ error: AdmissionError) -> HTTPError {
        switch error {
        case .busy(_, let seconds):
            HTTPError(503, error.description, headers: ["Retry-After": String(seconds)])
        case .overBudget:
            HTTPError(504, error.description)
        }
    }
}
