import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `marks serve` as a user runs it: a real process, a real port, real signals.
@Suite struct ServeEndToEndTests {
    /// A running `marks serve` child process.
    final class Server {
        let process = Process()
        let output = Pipe()
        let errors = Pipe()
        let url: String
        /// What was read from standard output while waiting for the URL (`stop` returns it with the rest).
        let firstOutput: String

        init(_ marks: MarksBinary, arguments: [String]) throws {
            process.executableURL = MarksBinary.executable
            process.arguments = ["serve"] + arguments
            process.environment = marks.environment
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            var text = ""
            while !text.contains("\n") {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                text += String(decoding: chunk, as: UTF8.self)
            }
            guard let range = text.range(of: #"http://[^ \n]+/"#, options: .regularExpression) else {
                process.terminate()
                throw ServeError(message: "no URL printed: \(text)")
            }
            url = String(text[range])
            firstOutput = text
        }

        func get(_ path: String) async throws -> (Int, String) {
            let (data, response) = try await URLSession.shared.data(from: URL(string: url + path.dropFirst())!) // safe: test URL
            return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
        }

        func stop(signal: Int32 = SIGTERM) -> (Int32, String, String) {
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            let out = firstOutput + String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let err = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            return (process.terminationStatus, out, err)
        }
    }

    struct ServeError: Error { let message: String }

    @Test func twoServersWithTheirOwnPortsAndDataDirsRunSideBySide() async throws {
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        let dataA = marks.home.appendingPathComponent("a").path
        let dataB = marks.home.appendingPathComponent("b").path
        let started = Date()
        let a = try Server(marks, arguments: ["--port", "0", "--data", dataA])
        #expect(Date().timeIntervalSince(started) < 5)
        let b = try Server(marks, arguments: ["--port", "0", "--data", dataB])
        #expect(a.url != b.url)
        let (status, body) = try await a.get("/healthz")
        #expect(status == 200)
        #expect(body.contains(#""status":"ok""#) && body.contains(#""version":"#))
        #expect(try await b.get("/healthz").0 == 200)
        #expect(FileManager.default.fileExists(atPath: dataA) && FileManager.default.fileExists(atPath: dataB))
        let (codeA, outA, errA) = a.stop(signal: SIGINT)
        let (codeB, _, _) = b.stop()
        #expect(codeA == 0 && codeB == 0)
        #expect(outA.contains("Marks stopped."))
        #expect(errA.contains(#""event":"request","method":"GET","path":"/healthz","status":200"#))
        #expect(errA.contains(#""event":"stop","signal":"SIGINT""#))
    }

    @Test func aTakenPortIsAClearFailureAndExposureWarns() async throws {
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        let first = try Server(marks, arguments: ["--port", "0", "--data", marks.home.appendingPathComponent("x").path])
        let port = try #require(first.url.split(separator: ":").last?.dropLast())
        let second = try marks.run(["serve", "--port", String(port), "--data", marks.home.appendingPathComponent("y").path])
        #expect(second.code == 1)
        #expect(second.stderr.contains("Cannot listen on 127.0.0.1:\(port)"))
        _ = first.stop()
        let exposed = try Server(marks, arguments: ["--host", "0.0.0.0", "--port", "0", "--data", marks.home.appendingPathComponent("z").path])
        let (_, _, err) = exposed.stop()
        #expect(err.contains("exposes Marks to your network"))
        let bad = try marks.run(["serve", "--port", "99999"])
        #expect(bad.code == 64)
    }

    @Test func withARemoteLinkdingTheBannerNamesItAndAPIPointsThere() async throws {
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        let embedded = try Server(marks, arguments: ["--port", "0", "--data", marks.home.appendingPathComponent("e").path])
        let (_, embeddedOut, _) = embedded.stop()
        #expect(embeddedOut.contains("linkding API: \(embedded.url)api/"))

        let configDirectory = marks.home.appendingPathComponent("config/marks")
        try FileManager.default.createDirectory(at: configDirectory, withIntermediateDirectories: true)
        let file = configDirectory.appendingPathComponent("config.json")
        try Data(#"{"linkding":{"host":"127.0.0.1","port":9,"path":"","token":"t","https":false}}"#.utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        let remote = try Server(marks, arguments: ["--port", "0", "--data", marks.home.appendingPathComponent("r").path])
        let (status, body) = try await remote.get("/api/bookmarks/")
        #expect(status == 503)
        #expect(body == #"{"detail":"This Marks uses the linkding server at http://127.0.0.1:9; point your client there."}"#)
        #expect(try await remote.get("/healthz").0 == 200)
        let (code, out, _) = remote.stop()
        #expect(code == 0)
        #expect(out.contains("bookmarks: the linkding server at http://127.0.0.1:9"))
        #expect(!out.contains("api/"))

        try Data(#"{"linkding":{"host":"127.0.0.1","port":9,"path":"","token":"","https":false}}"#.utf8).write(to: file)
        let broken = try marks.run(["serve", "--port", "0", "--data", marks.home.appendingPathComponent("b").path])
        #expect(broken.code == 1)
        #expect(broken.stderr.contains("The linkding settings need fixing"))
    }
}
