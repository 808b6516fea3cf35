import Foundation
import SystemSupport

/// A real `marks serve` child process on a free port with its own data dir, for load tests.
final class ServerProcess {
    let process = Process()
    let port: Int
    let dataDirectory: URL
    /// Seconds from spawning the process to its printed URL.
    let startupSeconds: Double

    /// Starts `executable` (default: the `marks` beside this benchmark), with `environment` added to this process's, on
    /// `dataDirectory` (default: a fresh one). `stop()` removes the data directory.
    init(extraArguments: [String] = [], executable: String? = nil, environment: [String: String] = [:], dataDirectory: URL? = nil) throws {
        self.dataDirectory = try dataDirectory ?? BenchSupport.temporaryDirectory("serve")
        let marks = executable ?? BenchSupport.binDirectory.appendingPathComponent("marks").path
        process.executableURL = URL(fileURLWithPath: marks)
        process.arguments = ["serve", "--port", "0", "--data", self.dataDirectory.path] + extraArguments
        var env = ProcessInfo.processInfo.environment
        env["XDG_CONFIG_HOME"] = self.dataDirectory.appendingPathComponent("config").path
        env.merge(environment) { _, added in added }
        process.environment = env
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        let started = DispatchTime.now().uptimeNanoseconds
        try ProcessRunner.launch(process)
        // marks serve prints "Marks is running at http://127.0.0.1:PORT/" first.
        var buffer = ""
        let handle = pipe.fileHandleForReading
        while !buffer.contains("\n") {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            buffer += String(decoding: chunk, as: UTF8.self)
        }
        guard let range = buffer.range(of: #"http://127\.0\.0\.1:(\d+)"#, options: .regularExpression),
              let port = Int(buffer[range].split(separator: ":").last ?? "") else {
            process.terminate()
            throw BenchSupport.Failure(description: "marks serve did not print its URL: \(buffer)")
        }
        self.port = port
        startupSeconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    }

    var baseURL: String { "http://127.0.0.1:\(port)" }

    func stop() {
        process.interrupt()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: dataDirectory) // safe: best-effort cleanup of a temp dir
    }
}
