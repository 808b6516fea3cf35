import MarksTestSupport
import Foundation
import MarksClients
import MarksCore
import MarksStorage
import SQLiteDatabase
import Synchronization
import Testing
@testable import MarksBookmarks
@testable import MarksDocuments

/// Which side of the bookmark-source seam a library test runs on: the embedded store in process (cache in the same
/// file), or `LinkdingClient` talking to a linkding stand-in served by the store (cache in a client file of its own).
enum SourceKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case embedded, linkding
    var testDescription: String { rawValue }
}

/// Records what the library told its observers, event by event.
final class ObserverRecorder: Sendable {
    struct Events: Sendable {
        var saved: [[Int]] = []
        var archived: [[Int]] = []
        var unarchived: [[Int]] = []
        var deleted: [[Int]] = []
        var summaries: [Int: String] = [:]
    }

    private let state = Mutex(Events())

    var observer: LibraryObserver {
        LibraryObserver(saved: { [self] bookmarks in
            state.withLock { s in
                s.saved.append(bookmarks.map(\.id))
                for bookmark in bookmarks { if let summary = bookmark.aiSummary { s.summaries[bookmark.id] = summary } }
            }
        }, archived: { [self] ids in state.withLock { $0.archived.append(ids) } },
        unarchived: { [self] bookmarks in state.withLock { $0.unarchived.append(bookmarks.map(\.id)) } },
        deleted: { [self] ids in state.withLock { $0.deleted.append(ids) } })
    }

    var events: Events { state.withLock { $0 } }
    var saved: [[Int]] { events.saved }
    var summaries: [Int: String] { events.summaries }
    var allSaved: Set<Int> { Set(events.saved.flatMap { $0 }) }
    var allArchived: Set<Int> { Set(events.archived.flatMap { $0 }) }
    var allUnarchived: Set<Int> { Set(events.unarchived.flatMap { $0 }) }
    var allDeleted: Set<Int> { Set(events.deleted.flatMap { $0 }) }
    /// True when no event was recorded.
    var isEmpty: Bool {
        let e = events
        return e.saved.isEmpty && e.archived.isEmpty && e.unarchived.isEmpty && e.deleted.isEmpty
    }

    func reset() { state.withLock { $0 = Events() } }
}

/// Warnings a library reported.
final class WarningLog: Sendable {
    private let state = Mutex([String]())
    func append(_ message: String) { state.withLock { $0.append(message) } }
    var messages: [String] { state.withLock { $0 } }
}

/// A library over a real store in a temp dir (the server side), with its cache in a real SQLite file.
final class LibraryFixture: Sendable {
    let kind: SourceKind
    let dir: TemporaryDirectory
    let clock = ManualClock()
    let store: BookmarkStore
    let server: StoreBackedLinkding
    let cacheDatabase: Database
    let cache: BookmarkCache
    let library: LibraryService
    let recorder = ObserverRecorder()
    private let warningLog = WarningLog()

    /// `keepsCopy` gives the embedded store a cache that copies its bookmarks, as before issue 36 (the synchronizer's
    /// tests run it over both sides of the seam); the composition root gives it one that reads the store.
    init(_ kind: SourceKind, keepsCopy: Bool = false, options: SyncOptions = SyncOptions(pageSize: 7), withCache: Bool = true) throws {
        self.kind = kind
        dir = try TemporaryDirectory()
        let serverDatabase = try Database(path: dir.url.appendingPathComponent("marks.sqlite").path)
        store = try BookmarkStore(database: serverDatabase, now: clock.now)
        server = StoreBackedLinkding(store: store)
        let source: any BookmarkSource = kind == .embedded ? server.source : server.client
        cacheDatabase = kind == .embedded ? serverDatabase : try Database(path: dir.url.appendingPathComponent("client.sqlite").path)
        // As the composition root builds it: over the embedded store the cache keeps no copy and reads the store.
        cache = try BookmarkCache(database: cacheDatabase, for: source, store: kind == .embedded && !keepsCopy ? store : nil)
        let log = warningLog
        library = LibraryService(source: source, widgets: WidgetDataStore(directory: dir.url), now: clock.now,
                                 warn: { message in log.append(message) }, observers: [recorder.observer],
                                 cache: withCache ? cache : nil, syncOptions: options)
    }

    deinit { dir.cleanUp() }

    var warnings: [String] { warningLog.messages }

    /// Creates a bookmark on the server side and moves the clock one second on.
    @discardableResult
    func add(_ url: String, title: String = "", notes: String = "", tags: [String] = [], unread: Bool = false,
             archived: Bool = false) throws -> Bookmark {
        let bookmark = try store.create(BookmarkDraft(url: url, title: title, notes: notes, isArchived: archived, unread: unread,
                                                      tagNames: tags))
        clock.advance(1)
        return bookmark
    }

    /// Creates `count` bookmarks `https://example.com/<prefix><n>`.
    @discardableResult
    func addMany(_ count: Int, prefix: String = "page", tags: [String] = []) throws -> [Bookmark] {
        try (0..<count).map { try add("https://example.com/\(prefix)\($0)", title: "\(prefix) \($0)", tags: tags) }
    }

    /// The ids in the cache (live and archived, or one of them).
    func cachedIDs(archived: Bool? = nil) throws -> Set<Int> {
        Set(try cache.bookmarks(archived: archived, withAIMetadata: false).map(\.id))
    }

    /// The server's bookmarks, live and archived, by id.
    func serverBookmarks() throws -> [Int: Bookmark] {
        let all = try store.list(BookmarkListQuery(limit: 100_000), scope: .unarchived).results
            + store.list(BookmarkListQuery(limit: 100_000, archived: true), scope: .archived).results
        return Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })
    }

    /// The cache's bookmarks (no AI metadata), by id.
    func cachedBookmarks() throws -> [Int: Bookmark] {
        Dictionary(uniqueKeysWithValues: try cache.bookmarks(archived: nil, withAIMetadata: false).map { ($0.id, $0) })
    }

    /// Runs raw SQL on the cache's database (to damage rows on purpose).
    func damage(_ sql: String) throws {
        try cacheDatabase.writeWithoutTransaction { db in
            try db.execute("PRAGMA ignore_check_constraints = ON; \(sql); PRAGMA ignore_check_constraints = OFF")
        }
    }
}
