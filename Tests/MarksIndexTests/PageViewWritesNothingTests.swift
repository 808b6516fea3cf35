import Foundation
import MarksCore
import MarksBookmarks
import MarksStorage
import MarksTestSupport
import SQLiteDatabase
import Synchronization
import Testing

/// A page view over the embedded store writes nothing (issue 36 item 8): loading a list passes its rows to no
/// observer (no index upsert, no favicon job in the request), since every change of that store comes through a library
/// or its `/api/` (`savedElsewhere`); over a cache that keeps a copy (a linkding server) a load still tells them, as
/// that is how changes made elsewhere arrive. Saves are told in both.
@Suite struct PageViewWritesNothingTests {
    final class Heard: Sendable {
        private let batches = Mutex<[[Int]]>([])
        func add(_ ids: [Int]) { batches.withLock { $0.append(ids) } }
        var all: [[Int]] { batches.withLock { $0 } }
        var observer: LibraryObserver {
            LibraryObserver(saved: { [self] in add($0.map(\.id)) }, archived: { _ in }, unarchived: { _ in }, deleted: { _ in })
        }
    }

    static func library(keepsCopy: Bool, _ heard: Heard) throws -> (LibraryService, EmbeddedBookmarkSource, TemporaryDirectory) {
        let folder = try TemporaryDirectory(prefix: "marks-page-view")
        let database = try Database(path: folder.file("marks.sqlite").path)
        let store = try BookmarkStore(database: database, now: { Date(timeIntervalSince1970: 1_700_000_000) })
        let source = EmbeddedBookmarkSource(store: store, baseURL: "http://127.0.0.1:8080") { BookmarkCheck.Metadata(url: $0) }
        let cache = try BookmarkCache(database: database, for: source, store: keepsCopy ? nil : store)
        let library = LibraryService(source: source, widgets: nil, now: { Date(timeIntervalSince1970: 0) }, warn: { _ in },
                                     observers: [heard.observer], cache: cache)
        return (library, source, folder)
    }

    @Test func aLoadOverTheEmbeddedStoreTellsNoObserver() async throws {
        let heard = Heard()
        let (library, _, folder) = try Self.library(keepsCopy: false, heard)
        defer { folder.cleanUp() }
        let saved = try await library.add(AddBookmarkRequest(url: "https://example.org/a", title: "A"))
        #expect(heard.all == [[saved.bookmark.id]], "a save is told")
        _ = try await library.load(LibraryFilter(limit: 10))
        _ = try await library.load(LibraryFilter(unreadOnly: true, limit: 10))
        #expect(heard.all == [[saved.bookmark.id]], "page views are not")
        try await library.savedElsewhere(ids: [saved.bookmark.id])
        #expect(heard.all.count == 2, "a save through /api/ is")
    }

    @Test func aLoadOverACopyStillTellsThem() async throws {
        let heard = Heard()
        let (library, source, folder) = try Self.library(keepsCopy: true, heard)
        defer { folder.cleanUp() }
        let outside = try await source.create(BookmarkDraft(url: "https://example.org/b", title: "B"), scrape: false)
        _ = try await library.load(LibraryFilter(limit: 10))
        #expect(heard.all.contains { $0.contains(outside.id) }, "a change made elsewhere arrives with the load")
    }
}

