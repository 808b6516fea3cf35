import Foundation
import Testing
@testable import MarksCore
@testable import MarksBookmarks
import SystemSupport
import MarksTestSupport

@Suite struct WidgetDataStoreTests {
    func temporaryDirectory() throws -> URL {
        let url = TemporaryDirectory.reserve(prefix: "marks-widget")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func writesRecentBookmarksNewestFirstWithDeepLinks() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) } // safe: test cleanup
        let store = WidgetDataStore(directory: dir)
        #expect(try store.loadBookmarks().recent.isEmpty)
        let bookmarks = (1...30).map { i in
            Bookmark(id: i, url: "https://example.com/\(i)", title: "T\(i)", isArchived: i == 30,
                     dateAdded: Date(timeIntervalSince1970: Double(i) * 1000), dateModified: Date(timeIntervalSince1970: 0))
        }
        try store.saveBookmarks(bookmarks, now: Date(timeIntervalSince1970: 5))
        let snapshot = try store.loadBookmarks()
        #expect(snapshot.recent.count == WidgetDataStore.keptBookmarks)
        #expect(snapshot.recent.prefix(3).map(\.id) == [29, 28, 27])
        #expect(snapshot.recent[0].link == "marks://bookmark?id=29&url=https://example.com/29")
        #expect(AtomicFile.permissions(of: store.bookmarksFile) == 0o600)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    @Test func corruptFileIsAnErrorNotACrash() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) } // safe: test cleanup
        let store = WidgetDataStore(directory: dir)
        try Data("{not json".utf8).write(to: store.podcastsFile)
        #expect(throws: (any Error).self) { try store.loadPodcasts() }
        try store.savePodcasts([.init(title: "P", url: "https://x.com/a", durationSeconds: 60, createdAt: Date(timeIntervalSince1970: 1), played: false)],
                               now: Date(timeIntervalSince1970: 2))
        #expect(try store.loadPodcasts().recent.first?.link == "marks://podcast?url=https://x.com/a")
    }
}

@Suite struct WidgetDataStoreRewriteTests {
    @Test func unchangedItemsAreNotRewritten() throws {
        let dir = TemporaryDirectory.reserve(prefix: "marks-widget")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) } // safe: test cleanup
        let store = WidgetDataStore(directory: dir)
        let bookmarks = [Bookmark(id: 1, url: "https://example.com/1", title: "One", dateAdded: Date(timeIntervalSince1970: 10),
                                  dateModified: Date(timeIntervalSince1970: 10))]
        try store.saveBookmarks(bookmarks, now: Date(timeIntervalSince1970: 100))
        try store.saveBookmarks(bookmarks, now: Date(timeIntervalSince1970: 200))
        #expect(try store.loadBookmarks().updatedAt == Date(timeIntervalSince1970: 100))
        var changed = bookmarks
        changed[0].title = "One, renamed"
        try store.saveBookmarks(changed, now: Date(timeIntervalSince1970: 300))
        let snapshot = try store.loadBookmarks()
        #expect(snapshot.updatedAt == Date(timeIntervalSince1970: 300))
        #expect(snapshot.recent.first?.title == "One, renamed")
    }
}

/// The bookmarks file is read once and then remembered until it changes — by this store, another store over the same
/// directory (another process) or anything else that replaces or removes it.
@Suite struct WidgetDataStoreMemoTests {
    private static func bookmark(_ id: Int, _ title: String) -> Bookmark {
        Bookmark(id: id, url: "https://example.com/\(id)", title: title, dateAdded: Date(timeIntervalSince1970: Double(id)),
                 dateModified: Date(timeIntervalSince1970: 0))
    }

    @Test func aFileChangedByAnyoneIsReadAgain() throws {
        let dir = TemporaryDirectory.reserve(prefix: "marks-widget")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) } // safe: test cleanup
        let server = WidgetDataStore(directory: dir)
        let other = WidgetDataStore(directory: dir)
        try server.saveBookmarks([Self.bookmark(1, "One")], now: Date(timeIntervalSince1970: 100))
        #expect(try other.loadBookmarks().recent.map(\.title) == ["One"])
        #expect(try server.loadBookmarks().recent.map(\.title) == ["One"])

        // Another store (as another process would) writes: both see it.
        try other.saveBookmarks([Self.bookmark(2, "Two")], now: Date(timeIntervalSince1970: 200))
        #expect(try server.loadBookmarks().recent.map(\.title) == ["Two"])
        // So the server's unchanged-check compares with the new file, not the one it remembered, and writes.
        try server.saveBookmarks([Self.bookmark(1, "One")], now: Date(timeIntervalSince1970: 300))
        #expect(try other.loadBookmarks().recent.map(\.title) == ["One"])
        #expect(try other.loadBookmarks().updatedAt == Date(timeIntervalSince1970: 300))

        // Replaced by hand with another file of the same size, or removed: read again.
        let before = try Data(contentsOf: server.bookmarksFile)
        let edited = Data(String(decoding: before, as: UTF8.self).replacingOccurrences(of: "\"One\"", with: "\"Uno\"").utf8)
        #expect(edited.count == before.count)
        try AtomicFile.write(edited, to: server.bookmarksFile, mode: 0o644)
        #expect(try server.loadBookmarks().recent.map(\.title) == ["Uno"])
        try FileManager.default.removeItem(at: server.bookmarksFile)
        #expect(try server.loadBookmarks().recent.isEmpty)
        try server.saveBookmarks([Self.bookmark(1, "One")], now: Date(timeIntervalSince1970: 400))
        #expect(try other.loadBookmarks().recent.map(\.title) == ["One"], "an unchanged list rewrites a file that was removed")
    }
}
