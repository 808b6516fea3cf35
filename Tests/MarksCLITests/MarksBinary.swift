import Foundation

/// Runs the built `marks` executable end to end (it sits beside the test bundle in the build directory),
/// with its own temp HOME/XDG dirs so nothing touches the real user's files.
struct MarksBinary {
    struct Result {
        let code: Int32
        let stdout: String
        let stderr: String
    }

    let home: URL

    init() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("marks-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    static var executable: URL {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = testBinary.deletingLastPathComponent()
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent("marks")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug/marks")
    }

    var environment: [String: String] {
        [
            "HOME": home.path,
            "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
            "XDG_DATA_HOME": home.appendingPathComponent("data").path,
            "XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
            "PATH": "/usr/bin:/bin",
            // No test reaches the internet: page fetches (and their DNS look-ups) are off unless a test turns them on.
            "MARKS_FETCH_PAGES": "0",
        ]
    }

    /// Runs `marks` with arguments and optional standard input; waits for it to exit.
    func run(_ arguments: [String], stdin: String? = nil, extraEnvironment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        process.environment = environment.merging(extraEnvironment) { $1 }
        process.currentDirectoryURL = home
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(code: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }

    func cleanUp() {
        try? FileManager.default.removeItem(at: home) // safe: test cleanup of a temp dir
    }
}
