import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPServer
import MarksCore
import MarksEngine
import MarksServer
import Synchronization
import SystemSupport
import MarksTestSupport
import Testing

/// An embedder that burns CPU for `perText` per text (a stand-in for the model's forward pass) until `stop()`,
/// and counts the calls running at once.
final class StallEmbedder: TextEmbedder {
    let dimension = 64
    let perText: Duration
    private let vectors = TestEmbedder(dimension: 64)
    private let stopped = Atomic(false)
    private let active = Atomic(0)
    private let mostActive = Atomic(0)

    init(perText: Duration) {
        self.perText = perText
    }

    func embed(_ texts: [String]) throws -> [[Float]] {
        let now = active.add(1, ordering: .sequentiallyConsistent).newValue
        defer { active.subtract(1, ordering: .sequentiallyConsistent) }
        var seen = mostActive.load(ordering: .sequentiallyConsistent)
        while now > seen {
            let (exchanged, original) = mostActive.compareExchange(expected: seen, desired: now, ordering: .sequentiallyConsistent)
            if exchanged { break }
            seen = original
        }
        let clock = ContinuousClock()
        for _ in texts {
            let end = clock.now + perText
            while clock.now < end, !stopped.load(ordering: .relaxed) {}
        }
        return try vectors.embed(texts)
    }

    /// Ends the stalling: the remaining texts are embedded at once.
    func stop() { stopped.store(true, ordering: .relaxed) }

    /// The most embed calls seen running at the same time.
    var peakConcurrency: Int { mostActive.load(ordering: .sequentiallyConsistent) }
}

/// Runs `body` on a thread of its own (not the cooperative pool), so what it measures does not depend on
/// whether the pool is free.
private func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: body()) }.start()
    }
}

/// A blocking request with URLSession's completion handler (its callbacks run on URLSession's own queue).
private func blockingRequest(_ request: URLRequest, session: URLSession) -> (status: Int, headers: [String: String], body: Data, seconds: Double) {
    let done = DispatchSemaphore(value: 0)
    let result = Mutex<(Int, [String: String], Data)>((0, [:], Data()))
    let start = ContinuousClock.now
    session.dataTask(with: request) { data, response, _ in
        let http = response as? HTTPURLResponse
        var headers: [String: String] = [:]
        for (name, value) in http?.allHeaderFields ?? [:] {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        result.withLock { $0 = (http?.statusCode ?? 0, headers, data ?? Data()) }
        done.signal()
    }.resume()
    done.wait()
    let elapsed = ContinuousClock.now - start
    let (status, headers, body) = result.withLock { $0 }
    return (status, headers, body, elapsed.inSeconds)
}

@Suite struct HeavyLoadTests {
    /// Three enrich calls with a large vocabulary would keep the engine busy for a minute (the embedder spins 20 ms
    /// per text until it is stopped, which happens only after the probe); `/healthz` still answers meanwhile (it once
    /// waited 32 s: the engine ran on Swift's two cooperative threads), and the call beyond the two admitted ones is
    /// refused with 503 and Retry-After instead of queueing. The probe's bound is far below the minute a starved
    /// `/healthz` would wait, and far above what a loaded 2-core machine adds (2.8 s was seen with 6 suites in parallel).
    /// The engine gets a two-thread pool of its own, as `WorkerPool.compute` is: the process's shared one is also
    /// busy with the other suites' models, and the calls once waited there past the 20 s this test then waited (CI saw peak 0).
    @Test func healthzAnswersWhileHeavyEnrichCallsRun() async throws {
        let embedder = StallEmbedder(perText: .milliseconds(20))
        let fixture = try AppAPIFixture(embedder: embedder, workers: WorkerPool(name: "heavy-load", threads: 2, niceness: 10))
        defer { fixture.remove() }
        let tokens = [try await fixture.register("load-1"), try await fixture.register("load-2"), try await fixture.register("load-3")]
        let live = try LiveServer(fixture.router)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 60
        let session = URLSession(configuration: configuration)
        defer { session.invalidateAndCancel() }

        let base = live.baseURL
        let outcome = await onOwnThread { () -> (healthz: (status: Int, seconds: Double), enrich: [(status: Int, retryAfter: String?)], peak: Int) in
            let replies = Mutex<[(status: Int, retryAfter: String?)]>([])
            let finished = DispatchSemaphore(value: 0)
            for (number, token) in tokens.enumerated() {
                let vocabulary = (0..<3000).map { "\"tag\(number)x\($0)\"" }.joined(separator: ",")
                var request = URLRequest(url: base.appendingPathComponent("v1/marks/enrich"))
                request.httpMethod = "POST"
                request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
                request.httpBody = Data(#"{"url":"https://example.com/\#(number)","title":"Bread","text":"Sourdough needs time. Bake it hot.","vocabulary":[\#(vocabulary)]}"#.utf8)
                let prepared = request
                Thread {
                    let reply = blockingRequest(prepared, session: session)
                    replies.withLock { $0.append((reply.status, reply.headers["retry-after"])) }
                    finished.signal()
                }.start()
            }
            // Wait (at most 45 s) until two calls are inside the engine and the third was answered.
            let deadline = ContinuousClock.now + .seconds(45)
            while ContinuousClock.now < deadline, embedder.peakConcurrency < 2 || replies.withLock({ $0.isEmpty }) {
                usleep(1000)  // a poll on this blocking thread (no async here), ending as soon as both hold
            }
            let probe = blockingRequest(URLRequest(url: base.appendingPathComponent("healthz")), session: session)
            embedder.stop()
            for _ in 0..<3 { _ = finished.wait(timeout: .now() + 60) }
            return ((probe.status, probe.seconds), replies.withLock { $0 }, embedder.peakConcurrency)
        }
        await live.stop()

        #expect(outcome.healthz.status == 200)
        #expect(outcome.healthz.seconds < 15, "/healthz took \(outcome.healthz.seconds) s while enrich calls ran")
        #expect(outcome.peak >= 2)
        let statuses = outcome.enrich.map(\.status).sorted()
        #expect(statuses == [200, 200, 503])
        #expect(outcome.enrich.first { $0.status == 503 }?.retryAfter == "5")
    }
}
