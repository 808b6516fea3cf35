import Foundation
import HTTPClient
import HTTPServer
import MarksAssembly
import MarksAppAPI
import MarksCore
import MarksBookmarks
import MarksServer
import SentenceEmbeddings
import Synchronization

/// Enrichment through the backend: `POST /v1/marks/enrich` with no text, so `marks serve`'s `/v1/` fetches
/// each page from a page server on loopback (no network; the fetch policy allows loopback here only), reads
/// its article text and runs the offline engine on the real embedding model. Pages per second and latency,
/// one request at a time and four at a time.
enum BackendBenchmark {
    static let pageCount = 60
    static let concurrency = 4

    static func run() async throws -> [String] {
        guard ModelLocator().locate() != nil else { return ["skipped: the embedding model is not installed (make model)"] }
        let directory = try BenchSupport.temporaryDirectory("backend")
        defer { remove(directory) }
        let pages = HTTPServer(responder: ResponderFunction { request in .html(article(request.path)) })
        let pagePort = try pages.start()
        let model = try EmbeddingModel.loadInstalled()
        let config = MarksConfig(allowPrivateNetworkFetches: true)
        let engine = try ConfiguredEngine(config: config, environment: [:], embedder: model, limits: AppAPILimits().engine)
        let root = CompositionRoot(settings: Settings(dataDirectory: directory, config: config), context: ProcessContext(environment: [:]),
                                   overrides: CompositionRoot.Overrides(engine: engine))
        let api = try root.backendAPI(exposed: false)
        let server = HTTPServer(responder: MarksApp(context: .init(version: "bench", logError: { _ in }, backend: api)).router)
        let port = try server.start()
        let client = Client(http: HTTPClient(name: "bench-backend"), base: "http://127.0.0.1:\(port)", pageBase: "http://127.0.0.1:\(pagePort)")
        do {
            // One device per phase keeps each under the per-device limit (120 enrich calls a minute).
            let first = try await client.register("bench-sequential")
            for index in 0..<3 { _ = try await client.enrich(page: 10_000 + index, token: first) }  // warm-up
            var latencies: [Double] = []
            let sequential = try await seconds {
                for index in 0..<pageCount { latencies.append(try await client.enrich(page: index, token: first)) }
            }
            let second = try await client.register("bench-concurrent")
            let concurrent = try await seconds {
                try await withThrowingTaskGroup(of: Double.self) { group in
                    var next = 0
                    while next < min(concurrency, pageCount) {
                        let page = 1000 + next
                        group.addTask { try await client.enrich(page: page, token: second) }
                        next += 1
                    }
                    while try await group.next() != nil, next < pageCount {
                        let page = 1000 + next
                        group.addTask { try await client.enrich(page: page, token: second) }
                        next += 1
                    }
                    try await group.waitForAll()
                }
            }
            await server.stop()
            await pages.stop()
            let words = article("/article/0").split(separator: " ").count
            return [
                "enrich via POST /v1/marks/enrich, text absent (server fetches a \(words)-word loopback page, real model):",
                "  one at a time, \(pageCount) pages: \(format(Double(pageCount) / sequential)) pages/s, "
                    + "p50 \(ms(BenchSupport.percentile(latencies, 50))), p99 \(ms(BenchSupport.percentile(latencies, 99)))",
                "  \(concurrency) at a time, \(pageCount) pages: \(format(Double(pageCount) / concurrent)) pages/s "
                    + "(\(client.refused.withLock { $0 }) calls refused with 503 + Retry-After while the server's AI work was at its bound, then sent again)",
            ]
        } catch {
            await server.stop()
            await pages.stop()
            throw error
        }
    }

    /// The `/v1/` calls the benchmark makes.
    private final class Client: Sendable {
        let http: HTTPClient
        let base: String
        let pageBase: String
        /// Enrich calls the server refused with 503 + Retry-After (and that were sent again).
        let refused = Mutex(0)

        init(http: HTTPClient, base: String, pageBase: String) {
            self.http = http
            self.base = base
            self.pageBase = pageBase
        }

        func register(_ deviceID: String) async throws -> String {
            let (status, body, _) = try await post("/v1/auth/register", #"{"device_id":"\#(deviceID)","platform":"bench","app_version":"1"}"#)
            guard status == 200, let object = try JSONSerialization.jsonObject(with: body) as? [String: Any],
                  let token = object["token"] as? String else {
                throw BenchSupport.Failure(description: "registration answered \(status)")
            }
            return token
        }

        /// Seconds one enrich call took, waits included: a 503 (the server's AI work is at its bound) is waited out
        /// for its Retry-After and sent again, as a client should; each such refusal is counted.
        func enrich(page: Int, token: String) async throws -> Double {
            let start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<60 {
                let (status, body, retryAfter) = try await post("/v1/marks/enrich", #"{"url":"\#(pageBase)/article/\#(page)"}"#, token: token)
                if status == 200 { return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
                guard status == 503 else {
                    throw BenchSupport.Failure(description: "enrich answered \(status): \(String(decoding: body.prefix(200), as: UTF8.self))")
                }
                refused.withLock { $0 += 1 }
                try await Task.sleep(for: .seconds(min(10, max(1, retryAfter ?? 1))))
            }
            throw BenchSupport.Failure(description: "enrich still answered 503 after 60 tries")
        }

        private func post(_ path: String, _ json: String, token: String? = nil) async throws -> (Int, Data, Int?) {
            guard let url = URL(string: base + path) else { throw BenchSupport.Failure(description: "bad URL \(path)") }
            var request = HTTPClientRequest(method: "POST", url: url, body: Data(json.utf8), timeout: .seconds(120))
            request.setHeader("Content-Type", "application/json")
            if let token { request.setHeader("Authorization", "Bearer \(token)") }
            let response = try await http.send(request)
            return (response.status, response.body, response.header("Retry-After").flatMap { Int($0) })
        }
    }

    /// A news-like article page, different for every path: a title, navigation, eight paragraphs, a footer.
    static func article(_ path: String) -> String {
        let seed = path.utf8.reduce(UInt64(1469598103934665603)) { ($0 ^ UInt64($1)) &* 1099511628211 }
        let topics = [
            ("Rust", "memory safety", "the borrow checker", "systems programming"),
            ("Sourdough", "wild yeast", "a long fermentation", "home baking"),
            ("Kubernetes", "container scheduling", "declarative manifests", "cluster operations"),
            ("Marathon training", "aerobic base", "long slow runs", "race preparation"),
            ("Solar power", "photovoltaic panels", "battery storage", "the electricity grid"),
        ]
        let (name, a, b, c) = topics[Int(seed % UInt64(topics.count))]
        let sentences = [
            "\(name) has changed how many people think about \(c).",
            "At its heart is \(a), which rewards patience and careful measurement.",
            "Practitioners often start with \(b) before they move on to harder problems.",
            "Critics argue that \(a) is overrated, yet the results keep improving year after year.",
            "A common mistake is to skip \(b) and hope that experience will fill the gap later.",
            "Experts recommend keeping notes, because small changes in \(a) add up over time.",
            "The community around \(name) shares guides, tools and honest reports of failure.",
            "Anyone curious about \(c) can begin this week with a small, well-defined project.",
        ]
        var paragraphs: [String] = []
        for index in 0..<8 {
            let rotated = (0..<4).map { sentences[(index + $0 + Int(seed % 5)) % sentences.count] }
            paragraphs.append("<p>" + rotated.joined(separator: " ") + " This is part \(index + 1) of the story on \(path).</p>")
        }
        return """
            <!doctype html><html lang="en"><head><title>\(name): a field guide | Example News</title>
            <meta name="description" content="What \(a) and \(b) mean for \(c)."></head><body>
            <nav><a href="/">Home</a> <a href="/world">World</a> <a href="/science">Science</a></nav>
            <article><h1>\(name): a field guide</h1>\(paragraphs.joined(separator: "\n"))</article>
            <footer>Copyright Example News. Subscribe to our newsletter.</footer></body></html>
            """
    }

    private static func seconds(_ body: () async throws -> Void) async throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try await body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    private static func ms(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1000) }
    private static func format(_ value: Double) -> String { String(format: "%.1f", value) }

    private static func remove(_ directory: URL) {
        do {
            try FileManager.default.removeItem(at: directory)
        } catch {
            // A leftover temp directory is harmless to the figures.
        }
    }
}
