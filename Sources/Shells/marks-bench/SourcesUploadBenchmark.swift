import Foundation
import Synchronization

/// Issue 12's memory figure: a 50 MB file uploaded to the Sources tab of a real `marks serve` child over HTTP (curl,
/// a separate process, sends it as the browser's form does), and the server's peak RSS above its idle RSS while it
/// streams the file to disk, hashes and stores it (target: under 60 MB). The file is random bytes, so no text
/// extraction runs; what is measured is the upload path.
enum SourcesUploadBenchmark {
    static let fileBytes = 50 << 20

    static func run() throws -> [String] {
        guard let curl = BenchSupport.which("curl") else { return ["upload of 50 MB: skipped (curl is not installed)"] }
        let work = try BenchSupport.temporaryDirectory("upload")
        defer { do { try FileManager.default.removeItem(at: work) } catch {} } // a temp dir: nothing to report
        let file = work.appendingPathComponent("big.bin")
        try writeRandomFile(file, bytes: fileBytes)
        let server = try ServerProcess()
        defer { server.stop() }
        let marks = BenchSupport.binDirectory.appendingPathComponent("marks").path
        let linkText = try BenchSupport.run(marks, ["signin-link", "--data", server.dataDirectory.path])
        guard let range = linkText.range(of: #"http://127\.0\.0\.1:\d+/\S+"#, options: .regularExpression) else {
            throw BenchSupport.Failure(description: "marks signin-link printed no link: \(linkText)")
        }
        let jar = work.appendingPathComponent("cookies").path
        _ = try BenchSupport.run(curl, ["-s", "-o", "/dev/null", "-c", jar, String(linkText[range])])
        let page = try BenchSupport.run(curl, ["-s", "-b", jar, server.baseURL + "/sources"])
        guard let meta = page.range(of: #"name="csrf-token" content="[^"]+""#, options: .regularExpression) else {
            throw BenchSupport.Failure(description: "the Sources page has no CSRF token (not signed in?)")
        }
        let token = String(page[meta].split(separator: "\"")[3])
        let pid = server.process.processIdentifier
        let idle = residentKB(pid, "VmRSS")
        resetPeak(pid)
        let sampler = PeakSampler(pid: pid)
        sampler.start()
        let started = DispatchTime.now().uptimeNanoseconds
        let answer = try BenchSupport.run(curl, [
            "-s", "-b", jar, "-H", "X-CSRF-Token: " + token, "-H", "Origin: " + server.baseURL, "-H", "Accept: application/json",
            "-F", "_csrf=" + token, "-F", "files=@" + file.path + ";type=application/octet-stream", server.baseURL + "/sources/upload",
        ])
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        let sampled = sampler.stop()
        guard answer.contains("\"status\":\"added\"") else {
            throw BenchSupport.Failure(description: "the upload was not added: \(answer.prefix(300))")
        }
        let peak = max(residentKB(pid, "VmHWM"), sampled)
        return [String(format: "upload of a 50 MB file to marks serve (streamed to disk, hashed, stored): %.2f s, %.0f MB/s; "
                       + "server peak RSS %d MB above idle (%d MB idle; target < 60 MB)",
                       seconds, 50 / seconds, (peak - idle) / 1024, idle / 1024)]
    }

    /// Writes `bytes` of pseudo-random data in 1 MB pieces (never all in memory).
    private static func writeRandomFile(_ url: URL, bytes: Int) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw BenchSupport.Failure(description: "cannot create \(url.path)")
        }
        let handle = try FileHandle(forWritingTo: url)
        defer { do { try handle.close() } catch {} } // written and closed; a close error leaves a complete file
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        for _ in 0..<(bytes >> 20) {
            for index in stride(from: 0, to: chunk.count, by: 8) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                withUnsafeBytes(of: state) { word in for offset in 0..<8 { chunk[index + offset] = word[offset] } }
            }
            try handle.write(contentsOf: chunk)
        }
    }

    /// A `/proc/<pid>/status` figure in KB (`VmRSS` now, `VmHWM` the peak since `resetPeak`); 0 when unreadable.
    static func residentKB(_ pid: Int32, _ field: String) -> Int {
        let text: String
        do {
            text = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        } catch {
            return 0
        }
        let line = text.split(separator: "\n").first { $0.hasPrefix(field + ":") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    /// Resets the process's peak-RSS mark (`echo 5 > /proc/<pid>/clear_refs`).
    private static func resetPeak(_ pid: Int32) {
        _ = FileManager.default.createFile(atPath: "/proc/\(pid)/clear_refs", contents: Data("5".utf8))
    }

    /// Polls a process's RSS every 5 ms on its own thread and keeps the highest.
    final class PeakSampler: Sendable {
        private let pid: Int32
        private let state = Mutex<(peak: Int, running: Bool)>((0, true))

        init(pid: Int32) { self.pid = pid }

        func start() {
            Thread.detachNewThread { [self] in
                while state.withLock({ $0.running }) {
                    let now = SourcesUploadBenchmark.residentKB(pid, "VmRSS")
                    state.withLock { $0.peak = max($0.peak, now) }
                    usleep(5000)
                }
            }
        }

        /// Stops polling; the highest RSS seen, in KB.
        func stop() -> Int {
            state.withLock { state in
                state.running = false
                return state.peak
            }
        }
    }
}
