import Foundation

/// A fresh directory under the system's temp dir for one test; `cleanUp()` removes it.
public struct TemporaryDirectory: Sendable {
    /// The directory.
    public let url: URL

    /// Creates `<tmp>/<prefix>-<uuid>`.
    public init(prefix: String = "marks-test") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
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
