import Foundation
import Glibc
import HTTPClient
import MarksFetch
import StandInNetwork
import SystemSupport

/// `fetch`: the page fetcher against servers that never stop sending, and `marks list` against a server
/// that accepts and never answers. Before the libcurl client, four endless bodies took the RSS to ~6 GB
/// (each read whole) and the wait burned a core (~25 s of CPU per 30 s).
enum FetchBenchmark {
    static func run() async throws -> [String] {
        var lines: [String] = []
        lines += try await endlessBodies()
        lines += try hungServer()
        return lines
    }

    /// Peak RSS while four fetches read endless bodies at once (each stops at the 5 MB cap).
    private static func endlessBodies() async throws -> [String] {
        let chunk = Data(repeating: UInt8(ascii: "x"), count: 64 * 1024)
        let listener = try RawTCPListener(.stream(head: .httpHead(), chunk: chunk, pause: nil))
        defer { listener.stop() }
        let fetcher = PageFetcher(policy: FetchPolicy(timeout: .seconds(60), allowInternalAddresses: true))
        let before = residentKB("VmRSS")
        resetPeak()
        let start = ContinuousClock.now
        let sizes = try await withThrowingTaskGroup(of: (Int, Bool).self) { group in
            for index in 0..<4 {
                group.addTask { let page = try await fetcher.fetch(listener.url("/endless/\(index)")); return (page.body.count, page.truncated) }
            }
            return try await group.reduce(into: [(Int, Bool)]()) { $0.append($1) }
        }
        let elapsed = ContinuousClock.now - start
        let peak = residentKB("VmHWM")
        let kept = sizes.map(\.0).reduce(0, +)
        return [
            "4 endless bodies at once: \(sizes.filter(\.1).count)/4 cut at the cap, \(kept / 1024 / 1024) MB kept, "
                + "\(listener.bytesSent / 1024 / 1024) MB sent by the server, \(format(elapsed))",
            "peak RSS during the fetches: \(peak / 1024) MB (before: \(before / 1024) MB; unbounded reads reached ~6 GB)",
        ]
    }

    /// CPU seconds `marks list` spends waiting on a server that accepts and never answers.
    private static func hungServer() throws -> [String] {
        let timeout = 10
        let listener = try RawTCPListener(.silent)
        defer { listener.stop() }
        let directory = try BenchSupport.temporaryDirectory("fetch")
        defer { try? FileManager.default.removeItem(at: directory) } // safe: a leftover temp dir is harmless
        var environment: [String: String] = ["PATH": "/usr/bin:/bin", "MARKS_LOG": "off", "MARKS_FETCH_PAGES": "0",
                                             "MARKS_LINKDING_HOST": "127.0.0.1", "MARKS_LINKDING_PORT": String(listener.port),
                                             "MARKS_LINKDING_HTTPS": "0", "MARKS_LINKDING_TOKEN": "bench", "MARKS_TIMEOUT": String(timeout)]
        for (name, folder) in [("HOME", "home"), ("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data"), ("XDG_CACHE_HOME", "cache")] {
            environment[name] = directory.appendingPathComponent(folder).path
        }
        let process = Process()
        process.executableURL = BenchSupport.binDirectory.appendingPathComponent("marks")
        process.arguments = ["list"]
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let cpuBefore = childCPU()
        let start = ContinuousClock.now
        try ProcessRunner.launch(process)
        process.waitUntilExit()
        let waited = ContinuousClock.now - start
        let cpu = childCPU() - cpuBefore
        return [
            String(format: "marks list against a hung server: waited %@, used %.3f s CPU (user+sys), %.1f%% of a core; "
                   + "before: ~25 s per 30 s wait", format(waited), cpu, 100 * cpu / max(0.001, seconds(waited))),
        ]
    }

    private static func childCPU() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    /// A `/proc/self/status` figure in KB (`VmRSS` now, `VmHWM` the peak since `resetPeak`).
    private static func residentKB(_ field: String) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 } // safe: a figure of 0 shows it could not be read
        let line = text.split(separator: "\n").first { $0.hasPrefix(field + ":") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    /// Resets the peak-RSS mark (`echo 5 > /proc/self/clear_refs`).
    private static func resetPeak() {
        _ = FileManager.default.createFile(atPath: "/proc/self/clear_refs", contents: Data("5".utf8))
    }

    private static func seconds(_ duration: Duration) -> Double {
        duration.inSeconds
    }

    private static func format(_ duration: Duration) -> String {
        String(format: "%.2f s", seconds(duration))
    }
}
