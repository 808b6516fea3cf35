import Foundation
import Synchronization
import SystemSupport

/// How far each bookmark was read in the reader view, where the reader last stopped (an anchor in the text, so
/// any device reopens it there), and how long its text is, for the row's progress bar and reading time. Kept in
/// memory and, with a directory, in `web_reading.json` (written atomically).
public final class ReadingStateStore: Sendable {
    /// One bookmark's reading state: the fraction read (0…1, the furthest reached), where the reader last stopped,
    /// and the words in its text, each nil when unknown.
    public struct Entry: Codable, Equatable, Sendable {
        public var progress: Double?
        public var words: Int?
        public var position: ReadingPosition?
    }

    /// Entries kept at most; the lowest ids are dropped first.
    public static let limit = 20_000

    private let file: URL?
    private let entries: Mutex<[Int: Entry]>
    private let log: @Sendable (String) -> Void

    public init(directory: URL?, log: @escaping @Sendable (String) -> Void) {
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

    /// What is known of a bookmark's reading, nil when it was never opened in the reader.
    public func entry(for id: Int) -> Entry? {
        entries.withLock { $0[id] }
    }

    /// Records how far a bookmark was read (0…1; only ever grows).
    public func recordProgress(_ progress: Double, for id: Int) {
        guard progress.isFinite else { return }
        let clamped = min(1, max(0, progress))
        update(id) { $0.progress = max($0.progress ?? 0, clamped) }
    }

    /// Records where the reader stopped (the latest place, unlike `progress`, which only grows).
    public func recordPosition(_ position: ReadingPosition, for id: Int) {
        update(id) { $0.position = position }
    }

    /// Records the length of a bookmark's text.
    public func recordWords(_ words: Int, for id: Int) {
        update(id) { $0.words = max(0, words) }
    }

    /// Puts back entries kept elsewhere (a Marks export) for bookmarks that have none here, writing the file once;
    /// returns how many were put back (so restoring twice changes nothing).
    @discardableResult
    public func restore(_ restored: [Int: Entry]) -> Int {
        entries.withLock { entries in
            var added = 0
            for (id, entry) in restored where entries[id] == nil {
                entries[id] = entry
                added += 1
            }
            guard added > 0 else { return 0 }
            while entries.count > Self.limit, let lowest = entries.keys.min() { entries[lowest] = nil }
            if let file {
                do {
                    try AtomicFile.write(try JSONEncoder().encode(entries), to: file, mode: 0o600)
                } catch {
                    log("reading progress not saved to \(file.path): \(error)")
                }
            }
            return added
        }
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
