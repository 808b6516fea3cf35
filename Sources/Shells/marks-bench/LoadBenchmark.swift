import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SentenceEmbeddings
import Synchronization

/// `/healthz` under load: a real `marks serve` child process, `/healthz` latency idle, then again while three
/// clients keep calling `POST /v1/marks/enrich` with a 10,000-word vocabulary each (the real model embeds every
/// tag). Heavy work must not reach Swift's cooperative pool, so `/healthz` should stay fast (target: p99 under
/// 50 ms). A client refused with 503 waits a second and tries again. `MARKS_BENCH_SERVE=/path/to/marks` measures
/// another build (e.g. an older one) the same way.
enum LoadBenchmark {
    static let clients = 3
    static let callsPerClient = 2
    static let vocabularySize = 10_000
    static let idleSamples = 200

    static func run() async throws -> [String] {
        guard ModelLocator().locate() != nil else { return ["skipped: the embedding model is not installed (make model)"] }
        let executable = ProcessInfo.processInfo.environment["MARKS_BENCH_SERVE"]
        let server = try ServerProcess(executable: executable)
        defer { server.stop() }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 600
        configuration.httpMaximumConnectionsPerHost = 16
        let session = URLSession(configuration: configuration)
        defer { session.invalidateAndCancel() }
        let client = Client(session: session, base: server.baseURL)

        var idle: [Double] = []
        for _ in 0..<idleSamples { idle.append(try await client.healthz()) }
        let tokens = try await (0..<clients).asyncMap { try await client.register("load-\($0)") }
        _ = try await client.enrich(token: tokens[0], vocabulary: ["warm", "up"], text: text(0)) // loads the model

        let loadStart = DispatchTime.now().uptimeNanoseconds
        let done = Flag()
        async let probes: [Double] = {
            var samples: [Double] = []
            while !done.isSet {
                samples.append(try await client.healthz())
                try await Task.sleep(for: .milliseconds(20))
            }
            return samples
        }()
        let calls = try await withThrowingTaskGroup(of: [Call].self) { group in
            for number in 0..<clients {
                group.addTask {
                    var calls: [Call] = []
                    var succeeded = 0
                    var round = 0
                    while succeeded < callsPerClient, calls.count < 200 {
                        round += 1
                        let vocabulary = vocabularyWords(client: number, round: round)
                        let call = try await client.enrich(token: tokens[number], vocabulary: vocabulary, text: text(number * 10 + round))
                        calls.append(call)
                        if call.status == 200 { succeeded += 1 } else if call.status == 503 { try await Task.sleep(for: .seconds(1)) } else { break }
                    }
                    return calls
                }
            }
            var all: [Call] = []
            for try await calls in group { all += calls }
            return all
        }
        done.set()
        let loaded = try await probes
        let loadSeconds = Double(DispatchTime.now().uptimeNanoseconds - loadStart) / 1e9

        let answered = calls.filter { $0.status == 200 }
        let refused = calls.filter { $0.status == 503 }
        let other = calls.filter { $0.status != 200 && $0.status != 503 }
        let p99 = BenchSupport.percentile(loaded, 99)
        var lines = [
            "server: \(executable ?? "marks (this build)")",
            "/healthz idle, \(idle.count) requests one after another: p50 \(ms(BenchSupport.percentile(idle, 50))), p99 \(ms(BenchSupport.percentile(idle, 99)))",
            "/healthz while \(clients) clients call POST /v1/marks/enrich (\(vocabularySize)-word vocabulary each, real model), "
                + "\(loaded.count) requests over \(String(format: "%.1f", loadSeconds)) s: p50 \(ms(BenchSupport.percentile(loaded, 50))), "
                + "p99 \(ms(p99)), max \(ms(loaded.max() ?? .nan))",
            "enrich calls: \(answered.count) answered (mean \(String(format: "%.1f", mean(answered.map(\.seconds)))) s), "
                + "\(refused.count) refused with 503 + Retry-After, \(other.count) other",
            "target p99 under 50 ms under load: \(p99 < 0.05 ? "met" : "NOT met")",
        ]
        if let failure = other.first { lines.append("first other answer: \(failure.status) \(failure.message)") }
        return lines
    }

    struct Call: Sendable {
        let status: Int
        let seconds: Double
        let message: String
    }

    /// The distinct tags of one call (so no call finds another's embeddings in the server's cache).
    static func vocabularyWords(client: Int, round: Int) -> [String] {
        let syllables = ["ka", "lo", "mi", "nu", "pe", "ra", "si", "to", "ve", "zu", "ba", "de", "fo", "gi", "ju", "ke"]
        return (0..<vocabularySize).map { index in
            var rest = (client * 100 + round) * vocabularySize + index
            var word = ""
            repeat {
                word += syllables[rest % syllables.count]
                rest /= syllables.count
            } while rest > 0
            return word
        }
    }

    static func text(_ seed: Int) -> String {
        let sentences = [
            "Sourdough bread rises slowly because wild yeast needs time to ferment the dough.",
            "Bakers keep a starter alive by feeding it flour and water every day.",
            "A hot oven and a covered pot give the loaf its crust and open crumb.",
            "Hydration, temperature and timing matter more than any single recipe.",
            "Many home bakers keep notes so that small changes add up over the seasons.",
        ]
        return (0..<20).map { sentences[($0 + seed) % sentences.count] }.joined(separator: " ")
    }

    private final class Flag: Sendable {
        private let value = Mutex(false)
        func set() { value.withLock { $0 = true } }
        var isSet: Bool { value.withLock { $0 } }
    }

    private struct Client: Sendable {
        let session: URLSession
        let base: String

        func healthz() async throws -> Double {
            guard let url = URL(string: base + "/healthz") else { throw BenchSupport.Failure(description: "bad URL") }
            let start = DispatchTime.now().uptimeNanoseconds
            let (_, response) = try await session.data(from: url)
            guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw BenchSupport.Failure(description: "/healthz failed") }
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        }

        func register(_ deviceID: String) async throws -> String {
            let (status, body, _) = try await post("/v1/auth/register", #"{"device_id":"\#(deviceID)","platform":"bench","app_version":"1"}"#)
            guard status == 200, let object = try JSONSerialization.jsonObject(with: body) as? [String: Any],
                  let token = object["token"] as? String else {
                throw BenchSupport.Failure(description: "registration answered \(status)")
            }
            return token
        }

        func enrich(token: String, vocabulary: [String], text: String) async throws -> Call {
            let body: [String: Any] = ["url": "https://example.com/bread", "title": "Sourdough at home", "text": text, "vocabulary": vocabulary]
            let json = String(decoding: try JSONSerialization.data(withJSONObject: body), as: UTF8.self)
            let (status, data, seconds) = try await post("/v1/marks/enrich", json, token: token)
            return Call(status: status, seconds: seconds, message: String(decoding: data.prefix(200), as: UTF8.self))
        }

        private func post(_ path: String, _ json: String, token: String? = nil) async throws -> (Int, Data, Double) {
            guard let url = URL(string: base + path) else { throw BenchSupport.Failure(description: "bad URL \(path)") }
            var request = URLRequest(url: url)
            request.httpMethod = "POST"
            request.httpBody = Data(json.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
            let start = DispatchTime.now().uptimeNanoseconds
            let (data, response) = try await session.data(for: request)
            return ((response as? HTTPURLResponse)?.statusCode ?? 0, data, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
    }

    private static func mean(_ values: [Double]) -> Double { values.isEmpty ? .nan : values.reduce(0, +) / Double(values.count) }
    private static func ms(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1000) }
}

extension Range where Bound == Int {
    /// The results of `transform` over the range, one after another.
    func asyncMap<T>(_ transform: (Int) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for value in self { results.append(try await transform(value)) }
        return results
    }
}
