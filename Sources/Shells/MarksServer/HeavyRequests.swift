import HTTPServer
import SystemSupport

/// The requests that run the AI engine, long batches or keyword searches, and the two admission gates they take: the
/// only place admission control is configured. AI work and batches share one gate (`policy`): beyond its limit such a
/// request is answered `503` with `Retry-After` at once (JSON `{"error": …}` under `/v1/`, a page under `/`).
/// Keyword searches (bounded per query, milliseconds each) take the second gate (`searchPolicy`): as many run at
/// once as there are compute threads and a bounded queue waits its turn, so a burst of searches is served in order
/// instead of refused, and only a flood beyond the queue gets `503`; a search runs in the request's own task, bounded
/// by its cost limits rather than a deadline. An AI request that runs over its budget is answered `504` and its work is
/// cancelled. Every other request (`/healthz`, pages, `/api/` without `q`) passes untouched.
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
        /// Which gate it takes.
        public var lane: Lane

        /// A route.
        public init(_ method: HTTPMethod, _ path: String, query: (name: String, value: String)? = nil, parameter: String? = nil,
                    budget: Duration, lane: Lane = .compute) {
            self.method = method
            self.path = path
            self.query = query
            self.parameter = parameter
            self.budget = budget
            self.lane = lane
        }

        func matches(_ request: HTTPRequest) -> Bool {
            guard request.method == method, request.path == path else { return false }
            if let parameter, !request.query.values(parameter).contains(where: { !$0.allSatisfy(\.isWhitespace) }) { return false }
            guard let query else { return true }
            return request.query[query.name] == query.value
        }
    }

    /// The two gates.
    public enum Lane: Sendable {
        /// AI work and batches: refused at once beyond the limit.
        case compute
        /// Keyword searches: a bounded queue waits for a slot.
        case search
    }

    /// The heavy requests of `marks serve`: the `/v1/` AI endpoints, the web app's Enrich All batch and
    /// semantic search, and keyword searches (`q`) on `/api/` and the Search tab (issue 35: eight costly searches at
    /// once held every core and `/healthz` waited seconds).
    public static let standardRoutes: [Route] = [
        // A 10,000-tag vocabulary takes ~45 s of model time on a busy 2-core machine: the budgets leave room for that.
        Route(.post, "/v1/marks/enrich", budget: .seconds(120)),
        Route(.post, "/v1/marks/search", budget: .seconds(60)),
        Route(.post, "/v1/marks/collections", budget: .seconds(120)),
        Route(.post, "/collections/enrich", budget: .seconds(180)),
        Route(.get, "/search", query: ("mode", "semantic"), budget: .seconds(60)),
        // Keyword search (linkding's `q`): bounded per query (`SearchQuery.budgetProblem`), and `searchPolicy` at once.
        Route(.get, "/search", parameter: "q", budget: .seconds(30), lane: .search),
        Route(.get, "/api/bookmarks/", parameter: "q", budget: .seconds(30), lane: .search),
        Route(.get, "/api/bookmarks/archived/", parameter: "q", budget: .seconds(30), lane: .search),
        Route(.get, "/api/bookmarks/shared/", parameter: "q", budget: .seconds(30), lane: .search),
        // Ask (offline: the search tool and one embedding call; with a provider: up to four streamed model turns).
        Route(.post, "/v1/marks/ask", budget: .seconds(120)),
        Route(.post, "/ask", budget: .seconds(120)),
        Route(.post, "/ask/stream", budget: .seconds(120)),
    ]

    /// Two heavy requests at once (the compute executor has two threads), 120 seconds unless a route says
    /// otherwise, and "try again in 5 seconds".
    public static let standardPolicy = AdmissionGate.Policy(limit: 2, budget: .seconds(120), retryAfterSeconds: 5)

    /// Four keyword searches at once (half the request threads, so `/healthz` and pages always find threads free), 64
    /// more waiting their turn (a search takes milliseconds, so the last in the queue waits well under a second), "try
    /// again in 1 second" beyond that.
    public static let standardSearchPolicy = AdmissionGate.Policy(limit: 4, budget: .seconds(30), retryAfterSeconds: 1, queue: 64)

    /// The kinds of request the gates guard.
    public let routes: [Route]
    /// The gate AI work and batches share.
    public let gate: AdmissionGate
    /// The gate keyword searches share.
    public let searchGate: AdmissionGate
    /// The threads admitted requests run on: the server's request threads, where they arrived.
    public let executor: any TaskExecutor

    /// Heavy requests under `policy` and keyword searches under `searchPolicy` (one gate each, so limits hold across
    /// `/api/`, `/v1/` and the web app).
    public init(routes: [Route] = Self.standardRoutes, policy: AdmissionGate.Policy = Self.standardPolicy,
                searchPolicy: AdmissionGate.Policy = Self.standardSearchPolicy,
                executor: any TaskExecutor = ThreadTaskExecutor.requests) {
        self.routes = routes
        self.executor = executor
        self.gate = AdmissionGate(name: "AI requests", policy: policy)
        self.searchGate = AdmissionGate(name: "searches", policy: searchPolicy)
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
        if route.lane == .search {
            // Bounded by its own cost limits (`SearchQuery.budgetProblem`): run where it is, no task or deadline per call.
            do {
                return try await searchGate.runInline(next)
            } catch let error as AdmissionError {
                throw HTTPFailure(error).httpError
            }
        }
        do {
            var response = try await gate.run(budget: route.budget, on: executor, next)
            // A streamed answer does its work while it is sent, after `next` returned: it takes a slot again then
            // (a stream the gate refuses or cuts ends without its last chunk, so the client sees it incomplete).
            if case .stream(let body) = response.body {
                let executor = self.executor
                response.body = .stream(body.wrapped { produce in try await gate.run(budget: route.budget, on: executor, produce) })
            }
            return response
        } catch let error as AdmissionError {
            throw HTTPFailure(error).httpError
        }
    }
}
