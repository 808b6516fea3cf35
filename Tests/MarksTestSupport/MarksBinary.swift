import Foundation

/// Runs the built `marks` executable end to end (it sits beside the test bundle in the build directory), with
/// its own temp HOME/XDG dirs so nothing touches the real user's files.
public struct MarksBinary: Sendable {
    /// How a run ended.
    public struct Result: Sendable {
        public let code: Int32
        public let stdout: String
        public let stderr: String
    }

    /// The run's HOME (config, data and cache live below it).
    public let home: URL

    /// A binary runner with a fresh HOME.
    public init() throws {
        home = TemporaryDirectory.reserve(prefix: "marks-cli")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    /// The `marks` executable of this build, or the one `MARKS_TEST_BINARY` names (to run the end-to-end tests
    /// against another build, e.g. to show a defect test failing on an older main: docs/SECURITY.md).
    public static var executable: URL {
        builtExecutable ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug/marks")
    }

    /// `MARKS_TEST_BINARY`, else the `marks` executable beside the test bundle, or nil when it was not built.
    public static var builtExecutable: URL? {
        if let chosen = ProcessInfo.processInfo.environment["MARKS_TEST_BINARY"], !chosen.isEmpty {
            return URL(fileURLWithPath: chosen)
        }
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = testBinary.deletingLastPathComponent()
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent("marks")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }

    /// The environment every run gets (plus `extraEnvironment`).
    public var environment: [String: String] {
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

    /// Runs `marks` with arguments and optional standard input, and waits for it to exit (without holding a
    /// thread of the cooperative pool).
    public func run(_ arguments: [String], stdin: String? = nil, extraEnvironment: [String: String] = [:],
                    timeout: TimeInterval = 180) async throws -> Result {
        let result = try await ChildProcess.run(Self.executable, arguments, environment: environment.merging(extraEnvironment) { $1 },
                                                currentDirectory: home, stdin: stdin, timeout: timeout)
        return Result(code: result.status, stdout: result.stdout, stderr: result.stderr)
    }

    /// Removes the run's HOME.
    public func cleanUp() {
        do { try FileManager.default.removeItem(at: home) } catch {} // a test's temp dir: nothing to report
    }
}
