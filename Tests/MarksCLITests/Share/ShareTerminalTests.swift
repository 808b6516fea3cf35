import MarksTestSupport
import Foundation
import Testing

/// `marks share` on a real terminal: `script` gives the binary a pseudo-terminal, and the answers typed
/// into it reach the live prompter through `/dev/tty`.
@Suite struct ShareTerminalTests {
    static let script = "/usr/bin/script"

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: ShareTerminalTests.script)))
    func theLivePrompterReadsAnswersFromTheTerminal() async throws {
        let server = try StoreBackedLinkding()
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        let dir = marks.home.appendingPathComponent("config/marks")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Data(server.configJSON.utf8).write(to: dir.appendingPathComponent("config.json"))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: dir.appendingPathComponent("config.json").path)
        let command = "'\(MarksBinary.executable.path)' share 'typed on a tty https://example.com/tty'"
        let answers = "+from-tty\nnotes from the tty\ny\nn\ny\n"
        let output = try await Self.runInTerminal(command, input: answers, environment: marks.environment)
        await server.stop()
        #expect(output.code == 0, "\(output.text)")
        #expect(output.text.contains("Save to Marks"))
        let saved = try #require(try server.bookmarks.first)
        #expect(saved.url == "https://example.com/tty")
        #expect(saved.tagNames == ["from-tty"])
        #expect(saved.notes == "notes from the tty")
        #expect(saved.unread)
    }

    static func runInTerminal(_ command: String, input: String, environment: [String: String]) async throws -> (code: Int32, text: String) {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: script)
                process.arguments = ["-qec", command, "/dev/null"]
                process.environment = environment
                let out = Pipe()
                let inp = Pipe()
                process.standardOutput = out
                process.standardError = out
                process.standardInput = inp
                do {
                    try ChildProcess.launch(process)
                } catch {
                    continuation.resume(throwing: error)
                    return
                }
                do { try inp.fileHandleForWriting.write(contentsOf: Data(input.utf8)) } catch {} // a script that exits early: EPIPE, not a crash
                try? inp.fileHandleForWriting.close() // safe: test pipe; end of input cancels a prompt left waiting
                let data = out.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                continuation.resume(returning: (process.terminationStatus, String(decoding: data, as: UTF8.self)))
            }.start()
        }
    }
}
