import MarksTestSupport
import Foundation
import HTTPServer
import MarksServer
import Synchronization
import SystemSupport
import Testing

/// Holds a gate's slots until the test lets go.
private final class Slots: Sendable {
    private let waiters = Mutex<[CheckedContinuation<Void, Never>]>([])
    private let count = Atomic(0)

    func hold(_ gate: AdmissionGate) {
        Task {
            _ = try await gate.run {
                await withCheckedContinuation { continuation in
                    self.waiters.withLock { $0.append(continuation) }
                    self.count.add(1, ordering: .sequentiallyConsistent)
                }
            }
        }
    }

    var held: Int { count.load(ordering: .sequentiallyConsistent) }

    func release() {
        for waiter in waiters.withLock({ list in defer { list.removeAll() }; return list }) { waiter.resume() }
    }
}

@Suite struct HeavyRequestsTests {
    private func request(_ method: HTTPMethod, _ target: String, accept: String = "application/json") throws -> HTTPRequest {
        try HTTPRequest(method: method, target: target, headers: HTTPHeaders([("Accept", accept)]), body: Data(), remoteAddress: "127.0.0.1")
    }

    @Test func aFullGateAnswers503WithRetryAfterAsJSONUnderV1AndAsAPageElsewhere() async throws {
        let heavy = HeavyRequests(policy: .init(limit: 1, budget: .seconds(600), retryAfterSeconds: 9),
                                  searchPolicy: .init(limit: 1, budget: .seconds(600), retryAfterSeconds: 3))
        let app = MarksApp(context: .init(version: "test", logError: { _ in }, heavy: heavy))
        let slots = Slots()
        slots.hold(heavy.gate)
        while slots.held < 1 { await Task.yield() }

        let api = try await app.router.respond(to: request(.post, "/v1/marks/enrich"))
        #expect(api.status == 503)
        #expect(api.headers["Retry-After"] == "9")
        guard case .bytes(let body) = api.body else { Issue.record("no body"); return }
        let object = try JSONSerialization.jsonObject(with: body) as? [String: Any]
        #expect((object?["error"] as? String)?.contains("try again in 9 seconds") == true)

        let web = try await app.router.respond(to: request(.get, "/search?q=bread&mode=semantic", accept: "text/html"))
        #expect(web.status == 503)
        #expect(web.headers["Retry-After"] == "9")
        #expect(web.headers["Content-Type"]?.hasPrefix("text/html") == true)

        // Light requests pass while the gate is full: /healthz, lists without a search (no web app or API here: routed,
        // not refused, so 404).
        #expect(try await app.router.respond(to: request(.get, "/healthz")).status == 200)
        // The Collections tab only reads the saved collections (issue 37 item 10): light.
        #expect(try await app.router.respond(to: request(.get, "/collections", accept: "text/html")).status == 404)
        #expect(try await app.router.respond(to: request(.get, "/search")).status == 404)
        #expect(try await app.router.respond(to: request(.get, "/search?q=%20")).status == 404)
        #expect(try await app.router.respond(to: request(.get, "/api/bookmarks/?limit=5")).status == 404)
        #expect(try await app.router.respond(to: request(.get, "/search?q=bread&mode=semantic")).status == 503)
        // Issue 35 item 4: a keyword search is heavy work too, on the Search tab and on /api/, in its own gate: a full
        // AI gate does not hold it up (routed: 404 here) ...
        #expect(try await app.router.respond(to: request(.get, "/search?q=bread")).status == 404)
        // ... and a full search gate (no queue in this policy) refuses it.
        let searches = Slots()
        searches.hold(heavy.searchGate)
        while searches.held < 1 { await Task.yield() }
        let refused = try await app.router.respond(to: request(.get, "/search?q=bread"))
        #expect(refused.status == 503)
        #expect(refused.headers["Retry-After"] == "3")
        for path in ["/api/bookmarks/", "/api/bookmarks/archived/", "/api/bookmarks/shared/"] {
            #expect(try await app.router.respond(to: request(.get, path + "?limit=1&q=e+e+e")).status == 503, "\(path)")
        }
        searches.release()
        slots.release()
    }

    /// Issue 35, item 4: `/api/` keyword searches with the API token take the search gate (queued when it is full, in
    /// turn), a search without the token is answered 401 at once without a slot, and a flood beyond the queue gets 503.
    @Test func apiTokenSearchesTakeTheSearchGateAndWaitTheirTurn() async throws {
        let fixture = try APIFixture()
        defer { fixture.cleanUp() }
        try await fixture.create(#"{"url":"https://example.com/bread","title":"Bread"}"#)
        let heavy = HeavyRequests(searchPolicy: .init(limit: 1, budget: .seconds(600), retryAfterSeconds: 1, queue: 1))
        let app = MarksApp(context: .init(version: "test", logError: { _ in }, api: fixture.api, heavy: heavy))
        func search(token: String?) throws -> HTTPRequest {
            var headers = HTTPHeaders([("Host", "marks.test:8080")])
            if let token { headers.add("Authorization", "Token \(token)") }
            return try HTTPRequest(method: .get, target: "/api/bookmarks/?q=bread", headers: headers, body: Data(), remoteAddress: "127.0.0.1")
        }
        #expect(try await app.router.respond(to: search(token: fixture.token)).status == 200)

        let slots = Slots()
        slots.hold(heavy.searchGate)
        while slots.held < 1 { await Task.yield() }
        #expect(try await app.router.respond(to: search(token: nil)).status == 401, "no token: answered at once, never queued")
        #expect(try await app.router.respond(to: search(token: "wrong")).status == 401)
        let queued = Task { try await app.router.respond(to: search(token: fixture.token)).status }
        while heavy.searchGate.waiting < 1 { await Task.yield() }
        #expect(try await app.router.respond(to: search(token: fixture.token)).status == 503, "the queue is full")
        slots.release()
        #expect(try await queued.value == 200, "the queued search ran once the slot was free")
    }

    @Test func aStreamedAnswerHoldsASlotWhileItIsProduced() async throws {
        let heavy = HeavyRequests(routes: [.init(.post, "/v1/marks/ask", budget: .seconds(600))], policy: .init(limit: 1, budget: .seconds(600)))
        let inside = Gate()
        let finish = Gate()
        let response = try await heavy.admit(try request(.post, "/v1/marks/ask", accept: "text/event-stream")) {
            HTTPResponse(status: 200, headers: ["Content-Type": "text/event-stream"], body: .stream(HTTPStreamBody { writer in
                inside.open()
                await finish.wait()
                try await writer.write("event: answer\ndata: {}\n\n")
            }))
        }
        #expect(heavy.gate.inFlight == 0, "the handler returned; nothing is produced yet")
        guard case .stream(let body) = response.body else { Issue.record("not a stream"); return }
        let collecting = Task { try await body.collect() }
        await inside.wait()
        #expect(heavy.gate.inFlight == 1, "the producer holds a slot")
        await #expect(throws: HTTPError.self) {
            _ = try await heavy.admit(try request(.post, "/v1/marks/ask")) { .noContent }
        }
        finish.open()
        #expect(String(decoding: try await collecting.value, as: UTF8.self) == "event: answer\ndata: {}\n\n")
        #expect(heavy.gate.inFlight == 0)
    }

    @Test func aRequestOverItsBudgetIs504AndItsWorkIsCancelled() async throws {
        let heavy = HeavyRequests(routes: [.init(.post, "/v1/marks/search", budget: .milliseconds(20))],
                                  policy: .init(limit: 2, budget: .seconds(600)))
        let flag = Flag()
        do {
            _ = try await heavy.admit(try request(.post, "/v1/marks/search")) {
                do {
                    try await Task.sleep(for: .seconds(600))  // the behaviour under test: work over its budget, ended by cancellation
                } catch {
                    flag.set()
                }
                return .noContent
            }
            Issue.record("the request was answered")
        } catch let error as HTTPError {
            #expect(error.status == 504)
            #expect(error.message.contains("stopped"))
        }
        while heavy.gate.inFlight > 0 { await Task.yield() }
        #expect(flag.isSet)
    }
}

/// A flag the work closure sets (an atomic behind a class, so closures can capture it).
private final class Flag: Sendable {
    private let value = Atomic(false)
    func set() { value.store(true, ordering: .sequentiallyConsistent) }
    var isSet: Bool { value.load(ordering: .sequentiallyConsistent) }
}
