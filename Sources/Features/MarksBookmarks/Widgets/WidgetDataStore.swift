import Foundation
import MarksCore
import SystemSupport

/// Writes and reads the widget files in the data dir (atomically; readers never see half a file).
/// The widgets, `marks widget …` and the web app's home cards read these instead of opening the database.
public struct WidgetDataStore: Sendable {
    /// How many recent bookmarks the file keeps (the widget shows three; the random card picks among all).
    public static let keptBookmarks = 20

    public let directory: URL
    /// The bookmarks file as last read here (list loads check it and the home cards show it on every page).
    private let memo = WidgetFileMemo()

    /// A store over a data directory.
    public init(directory: URL) {
        self.directory = directory
    }

    public var bookmarksFile: URL { directory.appendingPathComponent("widget_bookmarks.json") }
    public var podcastsFile: URL { directory.appendingPathComponent("widget_podcasts.json") }

    /// Writes the most recent bookmarks (by date added, newest first; archived ones left out). When the file
    /// already holds exactly these items nothing is written (no fsync on every list load), and a file this store
    /// has already read is not read again until it changes.
    public func saveBookmarks(_ bookmarks: [Bookmark], now: Date) throws {
        let recent = bookmarks.filter { !$0.isArchived }.sorted { $0.dateAdded > $1.dateAdded }.prefix(Self.keptBookmarks)
        let items = recent.map(WidgetSnapshot.BookmarkItem.init)
        if let current = try? readBookmarks(), current.recent == items { return } // safe: an unreadable file is simply rewritten
        try write(WidgetSnapshot.Bookmarks(updatedAt: now, recent: items), to: bookmarksFile)
    }

    /// Writes the most recent podcasts.
    public func savePodcasts(_ podcasts: [WidgetSnapshot.PodcastItem], now: Date) throws {
        let recent = podcasts.sorted { $0.createdAt > $1.createdAt }.prefix(Self.keptBookmarks)
        try write(WidgetSnapshot.Podcasts(updatedAt: now, recent: Array(recent)), to: podcastsFile)
    }

    /// The bookmarks file, or an empty snapshot when there is none yet.
    public func loadBookmarks() throws -> WidgetSnapshot.Bookmarks {
        try readBookmarks() ?? WidgetSnapshot.Bookmarks(updatedAt: Date(timeIntervalSince1970: 0), recent: [])
    }

    /// The bookmarks file, from the memo while the file keeps the stamp it was read with; nil when there is none.
    private func readBookmarks() throws -> WidgetSnapshot.Bookmarks? {
        guard let stamp = FileStamp.of(bookmarksFile) else { return nil }
        if let known = memo.bookmarks(matching: stamp) { return known }
        guard let value: WidgetSnapshot.Bookmarks = try read(bookmarksFile) else { return nil }
        // Read after the stamp: a file replaced in between is remembered under the old stamp, which no longer
        // matches, so it is read again next time (never a stale file under a current stamp).
        memo.remember(value, stamp: stamp)
        return value
    }

    /// The podcasts file, or an empty snapshot when there is none yet.
    public func loadPodcasts() throws -> WidgetSnapshot.Podcasts {
        try read(podcastsFile) ?? WidgetSnapshot.Podcasts(updatedAt: Date(timeIntervalSince1970: 0), recent: [])
    }

    private func write<T: Encodable>(_ value: T, to url: URL) throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try AtomicFile.write(try encoder.encode(value), to: url, mode: 0o600)
    }

    private func read<T: Decodable>(_ url: URL) throws -> T? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(T.self, from: Data(contentsOf: url))
    }
}
