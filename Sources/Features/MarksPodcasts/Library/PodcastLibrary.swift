import Foundation
import MarksCore
import MarksBookmarks

/// The person's podcasts (the seeds' `PodcastLibrary`), over the `PodcastEpisodes` and the audio files in
/// `<data>/podcasts/`: the lists (unplayed / played / all, newest first), an episode by key, item URL, bookmark or
/// source, the state per bookmark and per source for list rows, the play queue, playback positions, played and
/// unplayed — marking played closes the loop on the bookmark (read, optionally archived, through `LibraryService`,
/// per `PodcastListeningSettings`) — and delete (the file too). Every change that the widgets show rewrites
/// `widget_podcasts.json`. The library reads the index on every call: there is nothing to reload.
public final class PodcastLibrary: Sendable {
    /// How many episodes the widget file keeps.
    public static let widgetEpisodes = 20

    public let index: PodcastEpisodes
    /// Where the audio files are (`<data>/podcasts`).
    public let directory: URL
    private let currentLibrary: @Sendable () -> LibraryService?
    private let widgets: WidgetDataStore?
    let now: @Sendable () -> Date

    /// The library over `index` with audio in `directory`; `library` marks bookmarks read when episodes are played
    /// (nil leaves bookmarks alone), `widgets` receives the recent episodes (nil writes no widget file).
    public convenience init(index: PodcastEpisodes, directory: URL, library: LibraryService?, widgets: WidgetDataStore?,
                            now: @escaping @Sendable () -> Date) {
        self.init(index: index, directory: directory, currentLibrary: { library }, widgets: widgets, now: now)
    }

    /// The library as above, asking `currentLibrary` for the bookmark library each time (`marks serve` switches
    /// bookmark sources while it runs).
    public init(index: PodcastEpisodes, directory: URL, currentLibrary: @escaping @Sendable () -> LibraryService?,
                widgets: WidgetDataStore?, now: @escaping @Sendable () -> Date) {
        self.index = index
        self.directory = directory
        self.currentLibrary = currentLibrary
        self.widgets = widgets
        self.now = now
    }

    /// The bookmark library in use (nil when played episodes leave bookmarks alone).
    public var bookmarkLibrary: LibraryService? { currentLibrary() }

    /// The podcasts directory of a data directory (`<data>/podcasts`).
    public static func directory(in dataDirectory: URL) -> URL {
        dataDirectory.appendingPathComponent("podcasts")
    }

    // MARK: Reading

    /// Episodes, newest first.
    public func episodes(_ filter: PodcastLibraryFilter = .all, limit: Int = 500) throws -> [PodcastEntry] {
        try index.entries(filter, limit: limit)
    }

    /// The episode with `key`.
    public func episode(key: String) throws -> PodcastEntry? {
        try index.entry(key: key)
    }

    /// The episode of an item URL (an article URL or `marks-source://<uuid>`).
    public func episode(url: String) throws -> PodcastEntry? {
        try index.entry(url: url)
    }

    /// The episode of a bookmark.
    public func episode(bookmarkID: Int) throws -> PodcastEntry? {
        try index.entry(bookmarkID: bookmarkID)
    }

    /// The episode of a source (its uuid).
    public func episode(sourceID: String) throws -> PodcastEntry? {
        try index.entry(sourceID: sourceID)
    }

    /// The podcast state of each bookmark among `ids` that has an episode (for list rows; absent means none).
    public func states(bookmarkIDs ids: [Int]) throws -> [Int: PodcastRowState] {
        try index.entries(bookmarkIDs: ids).mapValues(\.rowState)
    }

    /// The podcast state of each source among `ids` (uuids, lower-case keys) that has an episode.
    public func states(sourceIDs ids: [String]) throws -> [String: PodcastRowState] {
        try index.entries(sourceIDs: ids).mapValues(\.rowState)
    }

    /// The MP3 of an episode (it exists once the episode is ready).
    public func audioFile(for entry: PodcastEntry) -> URL {
        directory.appendingPathComponent(entry.fileName)
    }

    // MARK: The play queue

    /// The play queue, in order.
    public func queue() throws -> [PodcastEntry] {
        try index.queue()
    }

    /// Adds an episode at the end of the queue; returns the queue.
    @discardableResult
    public func addToQueue(key: String) throws -> [PodcastEntry] {
        try index.enqueue(key: key, now: now())
    }

    /// Takes an episode out of the queue; returns the queue.
    @discardableResult
    public func removeFromQueue(key: String) throws -> [PodcastEntry] {
        try index.dequeue(key: key, now: now())
    }

    /// Moves an episode to `position` in the queue (0 first); returns the queue.
    @discardableResult
    public func moveInQueue(key: String, to position: Int) throws -> [PodcastEntry] {
        try index.move(key: key, to: position, now: now())
    }

    // MARK: Listening

    /// Saves where playback of an episode stopped.
    @discardableResult
    public func savePosition(key: String, seconds: Double) throws -> PodcastEntry {
        try index.savePosition(key: key, seconds: seconds, now: now())
    }

    /// Marks an episode played; per the listening settings its bookmark is marked read (and archived). A bookmark
    /// that cannot be changed leaves the episode played and says why in the outcome.
    public func markPlayed(key: String) async throws -> PodcastPlayedOutcome {
        let entry = try index.setPlayed(key: key, true, now: now())
        try writeWidgets()
        var outcome = PodcastPlayedOutcome(entry: entry)
        guard let id = entry.bookmarkID, let library = currentLibrary() else { return outcome }
        let settings = try index.listeningSettings()
        guard settings.markReadWhenPlayed || settings.archiveWhenPlayed else { return outcome }
        do {
            let bookmark = try await library.bookmark(id: id)
            if settings.archiveWhenPlayed {
                if !bookmark.isArchived {
                    try await library.archive(id: id, markingRead: settings.markReadWhenPlayed)
                    outcome.archived = true
                    outcome.markedRead = settings.markReadWhenPlayed && bookmark.unread
                } else if settings.markReadWhenPlayed && bookmark.unread {
                    try await library.setUnread(id: id, false)
                    outcome.markedRead = true
                }
            } else if bookmark.unread {
                try await library.setUnread(id: id, false)
                outcome.markedRead = true
            }
        } catch {
            outcome.bookmarkProblem = String(describing: error)
        }
        return outcome
    }

    /// Marks an episode unplayed (the bookmark is left as it is).
    @discardableResult
    public func markUnplayed(key: String) throws -> PodcastEntry {
        let entry = try index.setPlayed(key: key, false, now: now())
        try writeWidgets()
        return entry
    }

    /// The listening settings.
    public func listeningSettings() throws -> PodcastListeningSettings {
        try index.listeningSettings()
    }

    /// Stores the listening settings.
    public func saveListeningSettings(_ settings: PodcastListeningSettings) throws {
        try index.saveListeningSettings(settings)
    }

    // MARK: Removing

    /// Deletes an episode and its audio file; returns it (nil when there was none).
    @discardableResult
    public func delete(key: String) throws -> PodcastEntry? {
        guard let entry = try index.remove(key: key) else { return nil }
        let file = audioFile(for: entry)
        do {
            try FileManager.default.removeItem(at: file)
        } catch CocoaError.fileNoSuchFile {
            // never downloaded, or already gone
        } catch {
            if FileManager.default.fileExists(atPath: file.path) {
                throw PodcastIndexError.file(path: file.path, reason: error.localizedDescription)
            }
        }
        try writeWidgets()
        return entry
    }

    // MARK: Widgets

    /// Writes `widget_podcasts.json`: the most recent ready episodes, newest first.
    public func writeWidgets() throws {
        guard let widgets else { return }
        let recent = try index.entries(.ready, limit: Self.widgetEpisodes)
        let items = recent.map {
            WidgetSnapshot.PodcastItem(title: $0.title.isEmpty ? $0.url : $0.title, url: $0.url, durationSeconds: $0.durationSeconds,
                                       createdAt: $0.readyAt ?? $0.createdAt, played: $0.played)
        }
        do {
            try widgets.savePodcasts(items, now: now())
        } catch {
            throw PodcastIndexError.file(path: widgets.podcastsFile.path, reason: String(describing: error))
        }
    }
}
