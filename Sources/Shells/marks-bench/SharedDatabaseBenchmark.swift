import Foundation
import HTTPClient
import HTTPServer
import MarksAppAPI
import MarksCore
import MarksEngine
import MarksJobs
import MarksBookmarks
import MarksServer
import PostgresDatabase
import SQLiteDatabase
import SentenceEmbeddings
import Synchronization

/// The shared backend (issue 17) against SQLite in the same run, on the PostgreSQL server `MARKS_TEST_DATABASE_URL`
/// names (`make bench` starts a private one):
/// - the job queue alone: 1, 2 and 3 workers claiming and completing no-op jobs until the queue is empty — claims
///   per second, and each claim's cost in a worker's time (enqueue excluded). On PostgreSQL each worker is a thread
///   with its own connection, as separate processes have; on SQLite the workers are threads of one process sharing
///   its writer, which is how SQLite is deployed;
/// - `/v1/`: device registrations and enrich calls (text sent, the real model) spread over two workers on one
///   PostgreSQL database, against one worker on SQLite. The workers are in this process on ports of their own (the
///   limits raised, so the figures are the servers' and not the rate limits').
enum SharedDatabaseBenchmark {
    static let jobCount = 3000
    static let registrations = 600
    static let enrichCalls = 48
    static let clients = 4

    static func run() async throws -> [String] {
        guard let server = ProcessInfo.processInfo.environment["MARKS_TEST_DATABASE_URL"], !server.isEmpty else {
            return ["skipped: no PostgreSQL (MARKS_TEST_DATABASE_URL is unset; make bench starts one)"]
        }
        var lines = ["job queue, \(jobCount) no-op jobs claimed and completed (claim = one statement, complete = one); neither syncs"
                     + " each commit to disk here (the private PostgreSQL runs with fsync off, SQLite at synchronous=NORMAL):"]
        for workers in 1...3 {
            // SQLite is one process's store: its job threads share the one writer (separate processes claiming in a
            // tight loop starve each other's busy handlers past the 5 s timeout).
            let sqlite = try queueFigures(workers: workers) { directory, _ in
                let store = try JobStore(database: Database(path: directory.appendingPathComponent("jobs.sqlite").path, durability: .normal))
                return Array(repeating: store, count: workers)
            }
            let postgres = try withDatabase(server) { url in
                try queueFigures(workers: workers) { _, _ in try (0..<workers).map { _ in try PostgresJobStore(pool: PostgresPool(url: url, size: 1)) } }
            }
            lines.append("  \(workers) worker\(workers == 1 ? "" : "s"): PostgreSQL \(postgres.line), SQLite \(sqlite.line)")
        }
        lines += try await serverFigures(server)
        return lines
    }

    // MARK: The queue alone

    struct QueueFigures {
        let claimsPerSecond: Double
        let perClaim: Double

        var line: String { "\(Int(claimsPerSecond.rounded())) claims/s, \(String(format: "%.2f", perClaim * 1000)) ms a claim" }
    }

    /// Enqueues `jobCount` jobs, then has each store of `make` (one per worker) claim and complete until none is left.
    static func queueFigures(workers: Int, _ make: (URL, Int) throws -> [any JobRecords]) throws -> QueueFigures {
        let directory = try BenchSupport.temporaryDirectory("queue")
        defer { remove(directory) }
        let stores = try make(directory, workers)
        let now = Date()
        for index in 0..<jobCount {
            try stores[0].enqueue(JobRequest(kind: "bench", key: "job-\(index)"), maxAttempts: 1, now: now)
        }
        let claimed = Mutex(0)
        let failure = Mutex<(any Error)?>(nil)
        let group = DispatchGroup()
        let start = DispatchTime.now().uptimeNanoseconds
        for (index, store) in stores.enumerated() {
            group.enter()
            Thread {
                defer { group.leave() }
                do {
                    while let job = try store.claim(kind: "bench", owner: "bench \(index)", now: now) {
                        try store.complete(job.claim, now: now)
                        claimed.withLock { $0 += 1 }
                    }
                } catch {
                    failure.withLock { $0 = error }
                }
            }.start()
        }
        group.wait()
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        if let error = failure.withLock({ $0 }) { throw error }
        let count = claimed.withLock { $0 }
        guard count == jobCount else { throw BenchSupport.Failure(description: "\(count) of \(jobCount) jobs claimed") }
        return QueueFigures(claimsPerSecond: Double(count) / elapsed, perClaim: elapsed * Double(workers) / Double(count))
    }

    // MARK: /v1/ over two workers

    static func serverFigures(_ server: String) async throws -> [String] {
        var limits = AppAPILimits()
        limits.registrations = RateLimit(count: 1_000_000, windowSeconds: 1)
        limits.enrichCalls = RateLimit(count: 1_000_000, windowSeconds: 1)
        let model: (any TextEmbedder)? = ModelLocator().locate() != nil ? try EmbeddingModel.loadInstalled() : nil
        let sqlite = try await measure(workers: 1, limits: limits, model: model) { _ in nil }
        let postgres = try await withDatabase(server) { url in
            try await measure(workers: 2, limits: limits, model: model) { _ in try AppAPIStore.postgres(PostgresPool(url: url, size: 8), now: { Date() }) }
        }
        var lines = ["/v1/ (PostgreSQL: the private cluster, fsync off; SQLite: the data directory's database, a sync per commit):",
                     "POST /v1/auth/register, \(registrations) devices, \(clients) clients: two workers on PostgreSQL "
                     + "\(format(postgres.registrations)) req/s, one on SQLite \(format(sqlite.registrations)) req/s"]
        if let enrich = postgres.enrich, let baseline = sqlite.enrich {
            lines.append("POST /v1/marks/enrich (text sent, real model), \(enrichCalls) calls, two at a time per worker: two workers on PostgreSQL "
                         + "\(format(enrich)) req/s, one on SQLite \(format(baseline)) req/s")
        } else {
            lines.append("enrich skipped: the embedding model is not installed (make model)")
        }
        return lines
    }

    struct ServerFigures {
        let registrations: Double
        let enrich: Double?
    }

    /// Starts `workers` backends (each its own data directory and port, its store from `store`: nil is its SQLite
    /// file), spreads the registrations and then the enrich calls over them round robin, `clients` at a time.
    static func measure(workers: Int, limits: AppAPILimits, model: (any TextEmbedder)?,
                        store: (Int) throws -> AppAPIStore?) async throws -> ServerFigures {
        var servers: [HTTPServer] = []
        var directories: [URL] = []
        defer { directories.forEach(remove) }
        var started: [String] = []
        for index in 0..<workers {
            let directory = try BenchSupport.temporaryDirectory("shared")
            directories.append(directory)
            let data = try LocalData(paths: MarksPaths(environment: [:], dataDirectory: directory.path, currentDirectory: "/"), now: { Date() })
            let api = try AppAPI.live(data: data, config: MarksConfig(), environment: [:], embedder: model ?? NoModel(),
                                          exposed: false, limits: limits, store: try store(index), now: { Date() })
            let server = HTTPServer(responder: MarksApp(context: .init(version: "bench", logError: { _ in }, backend: api)).router)
            started.append("http://127.0.0.1:\(try server.start())")
            servers.append(server)
        }
        let bases = started
        let http = HTTPClient(name: "bench-shared")
        do {
            let tokens = Mutex<[String]>([])
            let registering = try await rate(registrations, clients: clients) { index in
                let (status, body) = try await post(http, bases[index % bases.count] + "/v1/auth/register",
                                                    #"{"device_id":"bench-\#(index)","platform":"bench","app_version":"1"}"#)
                guard status == 200, let object = try JSONSerialization.jsonObject(with: body) as? [String: Any],
                      let token = object["token"] as? String else { throw BenchSupport.Failure(description: "registration answered \(status)") }
                if index < clients { tokens.withLock { $0.append(token) } }
            }
            var enriching: Double?
            if model != nil {
                let held = tokens.withLock { $0 }
                let text = String(repeating: "Sourdough bakers keep a wild yeast starter alive with flour and water. ", count: 40)
                // Two at a time per worker: the bound of its heavy-request gate (a third would be told 503 + Retry-After).
                enriching = try await rate(enrichCalls, clients: 2 * workers) { index in
                    let body = #"{"url":"https://bench.example/\#(index)","title":"Bread \#(index)","text":"\#(text)"}"#
                    for _ in 0..<30 {
                        let (status, answer) = try await post(http, bases[index % bases.count] + "/v1/marks/enrich", body,
                                                              token: held[index % held.count])
                        if status == 200 { return }
                        guard status == 503 else {
                            throw BenchSupport.Failure(description: "enrich answered \(status): \(String(decoding: answer.prefix(200), as: UTF8.self))")
                        }
                        try await Task.sleep(for: .milliseconds(200))
                    }
                    throw BenchSupport.Failure(description: "enrich still answered 503 after 30 tries")
                }
            }
            for server in servers { await server.stop() }
            return ServerFigures(registrations: registering, enrich: enriching)
        } catch {
            for server in servers { await server.stop() }
            throw error
        }
    }

    /// Calls per second of `count` calls of `call`, `clients` in flight.
    static func rate(_ count: Int, clients: Int, _ call: @escaping @Sendable (Int) async throws -> Void) async throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try await withThrowingTaskGroup(of: Void.self) { group in
            var next = 0
            while next < min(clients, count) {
                let index = next
                group.addTask { try await call(index) }
                next += 1
            }
            while try await group.next() != nil, next < count {
                let index = next
                group.addTask { try await call(index) }
                next += 1
            }
            try await group.waitForAll()
        }
        return Double(count) / (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }

    static func post(_ http: HTTPClient, _ address: String, _ json: String, token: String? = nil) async throws -> (Int, Data) {
        guard let url = URL(string: address) else { throw BenchSupport.Failure(description: "bad URL \(address)") }
        var request = HTTPClientRequest(method: "POST", url: url, body: Data(json.utf8), timeout: .seconds(120))
        request.setHeader("Content-Type", "application/json")
        if let token { request.setHeader("Authorization", "Bearer \(token)") }
        let response = try await http.send(request)
        return (response.status, response.body)
    }

    // MARK: Helpers

    /// Runs `body` with the URL of a fresh database on `server`, dropped afterwards.
    static func withDatabase<T>(_ server: String, _ body: (String) async throws -> T) async throws -> T {
        let (admin, name, url) = try createDatabase(server)
        defer { dropDatabase(admin, name) }
        return try await body(url)
    }

    static func withDatabase<T>(_ server: String, _ body: (String) throws -> T) throws -> T {
        let (admin, name, url) = try createDatabase(server)
        defer { dropDatabase(admin, name) }
        return try body(url)
    }

    private static func createDatabase(_ server: String) throws -> (PostgresConnection, String, String) {
        let admin = try PostgresConnection(url: server)
        let name = "marks_bench_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try admin.executeScript("CREATE DATABASE \(name)")
        guard var components = URLComponents(string: server) else { throw BenchSupport.Failure(description: "the server URL is not a URL") }
        components.path = "/" + name
        guard let url = components.string else { throw BenchSupport.Failure(description: "no URL for \(name)") }
        return (admin, name, url)
    }

    private static func dropDatabase(_ admin: PostgresConnection, _ name: String) {
        do { try admin.executeScript("DROP DATABASE IF EXISTS \(name) WITH (FORCE)") } catch {}  // a throwaway cluster's leftover
    }

    private static func remove(_ directory: URL) {
        do { try FileManager.default.removeItem(at: directory) } catch {}  // a temp dir
    }

    private static func format(_ value: Double) -> String {
        value >= 100 ? String(Int(value.rounded())) : String(format: "%.1f", value)
    }
}

/// The embedder of a run without the model: registrations never embed, and enrich is skipped.
private struct NoModel: TextEmbedder {
    struct Missing: Error {}
    var dimension: Int { 384 }
    func embed(_ texts: [String]) throws -> [[Float]] { throw Missing() }
}
