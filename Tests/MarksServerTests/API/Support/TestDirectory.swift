import Foundation

/// A fresh temporary directory for one test; `remove()` deletes it.
struct TestDirectory: Sendable {
    let url: URL

    init(_ label: String = "api") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("marks-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    var path: String { url.path }

    func remove() {
        do { try FileManager.default.removeItem(at: url) } catch {}  // best effort: a temp dir
    }
}
