import Foundation
import MarksBookmarks
import Synchronization
import SystemSupport

/// How far each bookmark was read in the reader view and how long its text is, for the row's progress
/// bar and reading time. Kept in memory and, with a directory, in `web_reading.json` (written atomically).
final class ReadingStateStore: Sendable {
    struct Entry: Codable, Equatable {
        var progress: Double?
        var words: Int?
    }

    /// Entries kept at most; the lowest ids are dropped first.
    static let limit = 20_000

    private let file: URL?
    private let entries: Mutex<[Int: Entry]>
    private let log: @Sendable (String) -> Void

    init(directory: URL?, log: @escaping @Sendable (String) -> Void) {
        let file = directory?.appendingPathComponent("web_reading.json")
        self.file = file
        self.log = log
        var loaded: [Int: Entry] = [:]
        if let file, FileManager.default.fileExists(atPath: file.path) {
            do {
                loaded = try JSONDecoder().decode([Int: Entry].self, from: Data(contentsOf: file))
            } catch {
                log("reading progress in \(file.path) could not be read and starts empty: \(error)")
            }
        }
        entries = Mutex(loaded)
    }

    /// The row extras of a bookmark.
    func extras(for id: Int) -> RowExtras {
        guard let entry = entries.withLock({ $0[id] }) else { return .none }
        return RowExtras(progress: entry.progress, wordCount: entry.words)
    }

    /// Records how far a bookmark was read (0…1; only ever grows).
    func recordProgress(_ progress: Double, for id: Int) {
        guard progress.isFinite else { return }
        let clamped = min(1, max(0, progress))
        update(id) { $0.progress = max($0.progress ?? 0, clamped) }
    }

    /// Records the length of a bookmark's text.
    func recordWords(_ words: Int, for id: Int) {
        update(id) { $0.words = max(0, words) }
    }

    /// Changes one entry and writes the file while holding the lock, so writes land in order.
    private func update(_ id: Int, _ change: (inout Entry) -> Void) {
        entries.withLock { entries in
            var entry = entries[id] ?? Entry()
            let before = entry
            change(&entry)
            guard entry != before else { return }
            entries[id] = entry
            if entries.count > Self.limit, let lowest = entries.keys.min() { entries[lowest] = nil }
            guard let file else { return }
            do {
                try AtomicFile.write(try JSONEncoder().encode(entries), to: file, mode: 0o600)
            } catch {
                log("reading progress not saved to \(file.path): \(error)")
            }
        }
    }
}
