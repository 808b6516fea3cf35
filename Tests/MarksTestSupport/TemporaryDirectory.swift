import Foundation
import Synchronization

/// A fresh directory under the system's temp dir for one test; `cleanUp()` removes it at once, and whatever a test
/// leaves is removed when the test process exits (`TemporaryDirectory.reserve`).
public struct TemporaryDirectory: Sendable {
    /// The directory.
    public let url: URL

    /// Creates `<tmp>/<prefix>-<uuid>`.
    public init(prefix: String = "marks-test") throws {
        url = Self.reserve(prefix: prefix)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A fresh path `<tmp>/<prefix>-<uuid>`, not created, that the test process removes (with what is in it) when it
    /// exits. Removal waits for the exit on purpose: a part a test started (a server, a job runner, a child process) may
    /// still write there after the test's last look at the directory, and no test waits for a removal.
    public static func reserve(prefix: String) -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        TemporaryDirectories.shared.add(url)
        return url
    }

    /// The directory's path.
    public var path: String { url.path }

    /// A file (or directory) inside it.
    public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// Writes `contents` to `name` (creating folders on the way).
    public func write(_ name: String, _ contents: String) throws {
        try write(name, Data(contents.utf8))
    }

    /// Writes `data` to `name` (creating folders on the way).
    public func write(_ name: String, _ data: Data) throws {
        let file = self.file(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
    }

    /// Removes the directory and everything in it.
    public func cleanUp() {
        do { try FileManager.default.removeItem(at: url) } catch {} // a test's temp dir: nothing to report
    }
}

/// The temp paths this test process handed out, removed by an `atexit` handler (installed with the first path).
final class TemporaryDirectories: Sendable {
    static let shared: TemporaryDirectories = {
        atexit { TemporaryDirectories.shared.removeAll() }
        return TemporaryDirectories()
    }()

    private let paths = Mutex<[URL]>([])

    func add(_ url: URL) {
        paths.withLock { $0.append(url) }
    }

    /// Removes every path handed out; one a test already removed, or never created, is skipped.
    func removeAll() {
        let all = paths.withLock { paths in
            defer { paths = [] }
            return paths
        }
        for url in all where FileManager.default.fileExists(atPath: url.path) {
            do { try FileManager.default.removeItem(at: url) } catch {} // at exit nothing can be reported; the OS cleans /tmp
        }
    }
}
