import Foundation
import Glibc
import Synchronization
@testable import MarksCLI
import MarksTestSupport

/// Runs `marks` commands in process: a context with temp XDG dirs, captured output, a fixed clock.
final class CLIHarness: Sendable {
    let home: URL
    private let out = Mutex("")
    private let err = Mutex("")
    let extraEnvironment: [String: String]

    init(config: String? = nil, environment: [String: String] = [:]) throws {
        home = TemporaryDirectory.reserve(prefix: "marks-cli-share")
        try FileManager.default.createDirectory(at: home.appendingPathComponent("config/marks"), withIntermediateDirectories: true)
        if let config {
            let file = home.appendingPathComponent("config/marks/config.json")
            try Data(config.utf8).write(to: file)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        }
        extraEnvironment = environment
    }

    var dataDirectory: URL { home.appendingPathComponent("data/marks") }

    var environment: [String: String] {
        [
            "HOME": home.path,
            "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
            "XDG_DATA_HOME": home.appendingPathComponent("data").path,
            "XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
            "PATH": home.appendingPathComponent("bin").path,
            "MARKS_FETCH_PAGES": "0",
        ].merging(extraEnvironment) { $1 }
    }

    func context(terminal: Bool = false) -> CLIContext {
        CLIContext(environment: environment, currentDirectory: home.path,
                   standardOutput: { text in self.out.withLock { $0 += text } },
                   standardError: { text in self.err.withLock { $0 += text } },
                   isTerminal: terminal, now: { Date(timeIntervalSince1970: 1_800_000_000) })
    }

    var stdout: String { out.withLock { $0 } }
    var stderr: String { err.withLock { $0 } }

    func reset() {
        out.withLock { $0 = "" }
        err.withLock { $0 = "" }
    }

    /// Runs a full command line through `MarksCommandLine.run`.
    func run(_ arguments: [String]) async -> Int32 {
        await MarksCommandLine.run(arguments, context: context())
    }

    /// Parses a command line for a command's own `run` (to inject its I/O).
    func parse(_ arguments: [String]) throws -> ParsedArguments {
        guard case .run(let parsed) = try ArgumentParser.parse(arguments, root: MarksCommandLine.root) else {
            throw CLIFailure("not a command to run: \(arguments)")
        }
        return parsed
    }

    /// Writes an executable shell script into the PATH directory.
    func installTool(_ name: String, script: String) throws {
        let bin = home.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let file = bin.appendingPathComponent(name)
        // Written through a close-on-exec descriptor: a child another test forks meanwhile must not inherit it
        // (a file still open for writing in any process cannot be executed: ETXTBSY).
        let bytes = Array(("#!/bin/sh\n" + script + "\n").utf8)
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        guard written == bytes.count else { throw CocoaError(.fileWriteUnknown) }
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
    }

    func cleanUp() {
        try? FileManager.default.removeItem(at: home) // safe: test cleanup of a temp dir
    }
}
