import Foundation

/// Requests per second and p99 latency of `marks serve` for a trivial JSON route under bounded local
/// load (`wrk -t2 -c32 -d5s` on loopback).
enum HTTPBenchmark {
    static func run() async throws -> [String] {
        guard let wrk = BenchSupport.which("wrk") else { return ["skipped: wrk is not installed (apt-get install wrk)"] }
        let server = try ServerProcess()
        defer { server.stop() }
        _ = try BenchSupport.run(wrk, ["-t1", "-c4", "-d1s", server.baseURL + "/healthz"])  // warm-up
        let output = try BenchSupport.run(wrk, ["-t2", "-c32", "-d5s", "--latency", server.baseURL + "/healthz"])
        let figures = WrkOutput(output)
        return [
            "marks serve start-up to listening: \(String(format: "%.1f", server.startupSeconds * 1000)) ms",
            "GET /healthz, wrk -t2 -c32 -d5s: \(figures.requestsPerSecond) req/s, p50 \(figures.p50), p99 \(figures.p99), errors \(figures.errors)",
        ]
    }
}

/// The figures of a `wrk --latency` report.
struct WrkOutput {
    var requestsPerSecond = "?"
    var p50 = "?"
    var p99 = "?"
    var errors = "0"

    init(_ text: String) {
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if line.hasPrefix("Requests/sec:"), fields.count > 1 { requestsPerSecond = String(fields[1]) }
            if fields.first == "50%", fields.count > 1 { p50 = String(fields[1]) }
            if fields.first == "99%", fields.count > 1 { p99 = String(fields[1]) }
            if line.contains("Non-2xx") || line.contains("Socket errors") { errors = line.trimmingCharacters(in: .whitespaces) }
        }
    }
}
