import Foundation
import MarksCore
import MarksStorage
import Synchronization
import Testing
@testable import MarksBookmarks
@testable import MarksDocuments

@Suite struct LibraryCacheTests {
    @Test(arguments: SourceKind.allCases)
    func unfilteredLoadFillsTheCacheAndTheNextLoadShowsItFirst(_ kind: SourceKind) async throws {
        let f = try LibraryFixture(kind, keepsCopy: true)
        let made = try f.addMany(5)
        let first = try await f.library.load(LibraryFilter(), cached: { _ in Issue.record("nothing is cached yet") })
        #expect(first.bookmarks.map(\.id) == made.reversed().map(\.id))
        #expect(try f.cachedIDs(archived: false) == Set(made.map(\.id)))

        let shown = Mutex<LibraryPage?>(nil)
        _ = try await f.library.load(LibraryFilter(limit: 3)) { page in shown.withLock { $0 = page } }
        let cached = try #require(shown.withLock { $0 })
        #expect(cached.bookmarks.map(\.id) == made.reversed().prefix(3).map(\.id))
        #expect(cached.count == 5)
    }

    @Test func overTheEmbeddedStoreNoChangeWritesACopyAndThePageItselfComesAtOnce() async throws {
        let f = try LibraryFixture(.embedded)
        let made = try f.addMany(5)
        let first = try await f.library.load(LibraryFilter(limit: 2), cached: { _ in Issue.record("no copy to show first") })
        #expect(first.bookmarks.map(\.id) == made.reversed().prefix(2).map(\.id))
        _ = try await f.library.loadMore(try #require(first.next))
        _ = try await f.library.add(AddBookmarkRequest(url: "https://example.com/added", title: "Added"))
        try await f.library.archive(id: made[0].id)
        try await f.library.delete(id: made[1].id)
        _ = try await f.library.update(id: made[2].id, BookmarkUpdate(title: "Renamed"))
        #expect(f.library.cachedPage(LibraryFilter()) == nil)
        let rows = try f.cacheDatabase.read { db in try db.queryOne("SELECT count(*) FROM library_bookmarks")?.int(at: 0) }
        #expect(rows == 0)
        // The cache's reads are the store's, at once.
        #expect(try f.cache.bookmark(id: made[2].id)?.title == "Renamed")
        #expect(try f.cachedIDs(archived: true) == [made[0].id])
        #expect(try f.cachedIDs(archived: false).count == 4)
    }

    @Test(arguments: SourceKind.allCases)
    func bookmarksAwaitingAIMetadataAreTheNewestLiveOnesWithout(_ kind: SourceKind) async throws {
        let f = try LibraryFixture(kind)
        let made = try f.addMany(6)
        let archived = try f.add("https://example.com/archived", archived: true)
        _ = try await f.library.sync(full: true)
        let metadata = AIMetadata(summary: "s", tags: [], engine: "test", updatedAt: Date(timeIntervalSince1970: 0))
        for bookmark in [made[5], made[2]] { try f.cache.setAIMetadata(metadata, id: bookmark.id, url: bookmark.url) }
        try f.cache.setAIMetadata(metadata, id: archived.id, url: archived.url)

        let two = try f.cache.bookmarksAwaitingAIMetadata(limit: 2)
        #expect(two.pending.map(\.id) == [made[4].id, made[3].id])
        #expect(two.enriched == 2)
        let all = try f.cache.bookmarksAwaitingAIMetadata(limit: nil)
        #expect(all.pending.map(\.id) == [made[4], made[3], made[1], made[0]].map(\.id))
    }

    @Test(arguments: SourceKind.allCases)
    func tagCountsFromTagListsAgreeWithCountingWholeBookmarks(_ kind: SourceKind) async throws {
        let f = try LibraryFixture(kind)
        let swift = try f.add("https://example.com/1", tags: ["Swift", "linux"])
        let other = try f.add("https://example.com/2", tags: ["swift"])
        _ = try f.add("https://example.com/3", tags: ["Ünicode"])
        _ = try f.add("https://example.com/4", tags: ["hidden"], archived: true)
        _ = try await f.library.sync(full: true)
        let stamp = Date(timeIntervalSince1970: 0)
        try f.cache.setAIMetadata(AIMetadata(summary: nil, tags: ["SWIFT", "rust", "Rust", "ünicode"], engine: "t", updatedAt: stamp),
                                  id: swift.id, url: swift.url)
        try f.cache.setAIMetadata(AIMetadata(summary: "s", tags: ["rust"], engine: "t", updatedAt: stamp), id: other.id, url: other.url)

        let lean = try await f.library.tagCounts()
        #expect(lean == TagCount.counted(try f.cache.bookmarks(archived: false)))
        #expect(lean.map(\.name) == ["rust", "Swift", "Ünicode", "linux"])
        #expect(lean.first { $0.name == "rust" }.map { ($0.linkdingCount, $0.aiCount) } ?? (0, 0) == (0, 2))
    }

    @Test(arguments: SourceKind.allCases, [
        LibraryFilter(unreadOnly: true), LibraryFilter(search: "page"), LibraryFilter(tag: "one"), LibraryFilter(archived: true),
    ])
    func aFilteredLoadNeverTouchesTheCache(_ kind: SourceKind, _ filter: LibraryFilter) async throws {
        let f = try LibraryFixture(kind, keepsCopy: true)
        try f.addMany(4)
        _ = try await f.library.load(LibraryFilter())
        let before = try f.cachedBookmarks()
        // The server changes: a new unread, tagged bookmark, an archived one, and one deleted.
        try f.add("https://example.com/new", title: "page new", tags: ["one"], unread: true)
        try f.add("https://example.com/old", title: "page old", tags: ["one"], archived: true)
        try f.store.delete(id: try #require(before.keys.min()))
        let page = try await f.library.load(filter, cached: { _ in Issue.record("a filtered list is not shown from the cache") })
        #expect(!page.bookmarks.isEmpty)
        #expect(try f.cachedBookmarks() == before)
    }

    @Test(arguments: SourceKind.allCases)
    func theFirstPageDropsCachedBookmarksDeletedOrArchivedElsewhere(_ kind: SourceKind) async throws {
        let f = try LibraryFixture(kind)
        let made = try f.addMany(6)
        _ = try await f.library.sync()
        try f.store.delete(id: made[5].id)
        try f.store.archive(id: made[4].id)
        let page = try await f.library.load(LibraryFilter(limit: 2))
        #expect(page.bookmarks.map(\.id) == [made[3].id, made[2].id])
        // Those newer than the page's oldest that are not on it are gone; older ones are not judged by this page.
        #expect(try f.cachedIDs(archived: false) == Set(made[0...3].map(\.id)))
    }

    @Test(arguments: SourceKind.allCases)
    func loadMoreOfTheUnfilteredListAppendsToTheCacheAndAFilteredOneDoesNot(_ kind: SourceKind) async throws {
        let f = try LibraryFixture(kind, keepsCopy: true)
        let made = try f.addMany(5, tags: ["t"])
        let first = try await f.library.load(LibraryFilter(limit: 2))
        let next = try #require(first.next)
        _ = try await f.library.loadMore(next)
        #expect(try f.cachedIDs() == Set(made[1...4].map(\.id)))

        let g = try LibraryFixture(kind, keepsCopy: true)
        try g.addMany(5, tags: ["t"])
        let tagged = try await g.library.load(LibraryFilter(tag: "t", limit: 2))
        _ = try await g.library.loadMore(try #require(tagged.next))
        #expect(try g.cachedIDs().isEmpty)
        #expect(g.recorder.allSaved.count == 4)
    }

    @Test(arguments: ["http://h/api/bookmarks/?limit=5&offset=5", "http://h/ld/api/bookmarks/?offset=5&sort=title_asc"])
    func unfilteredLinks(_ link: String) {
        #expect(LibraryService.isUnfilteredLink(link))
    }

    @Test(arguments: ["http://h/api/bookmarks/?q=x&offset=5", "http://h/api/bookmarks/archived/?offset=5",
                      "http://h/api/bookmarks/?unread=yes&offset=5", "http://h/api/bookmarks/shared/?offset=5", "not a link"])
    func filteredLinks(_ link: String) {
        #expect(!LibraryService.isUnfilteredLink(link))
    }

    @Test(arguments: SourceKind.allCases)
    func mutationsKeepTheCacheInStep(_ kind: SourceKind) async throws {
        let f = try LibraryFixture(kind)
        let added = try await f.library.add(AddBookmarkRequest(url: "https://example.com/added", title: "Added", tags: ["a"])).bookmark
        #expect(try f.cache.bookmark(id: added.id)?.title == "Added")

        let edited = try await f.library.update(id: added.id, BookmarkUpdate(title: "Edited"))
        #expect(try f.cache.bookmark(id: added.id)?.title == "Edited")
        #expect(edited.title == "Edited")

        try await f.library.archive(id: added.id)
        #expect(try f.cachedIDs(archived: false).isEmpty)
        #expect(try f.cachedIDs(archived: true) == [added.id])

        try await f.library.unarchive(id: added.id)
        #expect(try f.cachedIDs(archived: false) == [added.id])

        try await f.library.setAIMetadata(id: added.id, summary: "A summary.", tags: ["ai"], engine: "offline")
        try await f.library.delete(id: added.id)
        #expect(try f.cachedIDs().isEmpty)
        #expect(try f.cache.aiMetadata(id: added.id)?.summary == "A summary.", "kept while it waits in the trash")
        try await f.library.purgeTrashed(id: added.id)
        #expect(try f.cache.aiMetadata(id: added.id) == nil, "forgotten when purged")
        #expect(f.recorder.allArchived == [added.id])
        #expect(f.recorder.allUnarchived == [added.id])
        #expect(f.recorder.allDeleted == [added.id])
    }

    @Test(arguments: SourceKind.allCases)
    func aiMetadataIsStoredByIDMirroredByURLAndRestoredOnEveryPath(_ kind: SourceKind) async throws {
        let f = try LibraryFixture(kind)
        let made = try f.add("https://example.com/article?b=2&a=1", title: "Article", tags: ["web"])
        let enriched = try await f.library.setAIMetadata(id: made.id, summary: "Short summary.", tags: ["Swift Code", "linux"], engine: "offline")
        #expect(enriched.aiSummary == "Short summary." && enriched.aiTags == ["Swift-Code", "linux"])
        #expect(f.recorder.summaries[made.id] == "Short summary.")
        #expect(try f.library.aiMetadata(id: made.id) == AIMetadata(summary: "Short summary.", tags: ["Swift-Code", "linux"],
                                                                   engine: "offline", updatedAt: f.clock.date))
        // Mirrored by normalised URL, for podcasts and lists.
        #expect(try f.library.aiSummary(forURL: "https://EXAMPLE.com/article?a=1&b=2") == "Short summary.")

        #expect(try await f.library.load(LibraryFilter()).bookmarks.first?.aiSummary == "Short summary.")
        #expect(try await f.library.load(LibraryFilter(search: "Article")).bookmarks.first?.aiTags == ["Swift-Code", "linux"])
        #expect(try await f.library.bookmark(id: made.id).aiSummary == "Short summary.")
        // Edits keep it, whether the caller passes the bookmark or only the id.
        let plain = try await f.library.bookmark(id: made.id)
        var edited = plain
        edited.title = "Renamed"
        #expect(try await f.library.update(plain, to: edited).aiTags == ["Swift-Code", "linux"])
        #expect(try await f.library.update(id: made.id, BookmarkUpdate(unread: true)).aiSummary == "Short summary.")
        // A re-sync keeps it too: it lives apart from the cached linkding fields.
        _ = try await f.library.sync(full: true)
        #expect(try f.cache.bookmarks().first?.aiSummary == "Short summary.")
    }

    @Test func aSummaryStoredForAURLFollowsTheBookmarkToAnotherID() async throws {
        let f = try LibraryFixture(.embedded)
        let first = try f.add("https://example.com/moved", title: "Moved")
        try await f.library.setAIMetadata(id: first.id, summary: "Kept by URL.", tags: ["x"], engine: "offline")
        try f.store.delete(id: first.id)
        let again = try f.add("https://example.com/moved/", title: "Moved again")
        let loaded = try await f.library.bookmark(id: again.id)
        #expect(loaded.aiSummary == "Kept by URL.")
        #expect(loaded.aiTags.isEmpty)
    }

    @Test func aiMetadataForABookmarkThatDoesNotExistIsNotFound() async throws {
        let f = try LibraryFixture(.linkding)
        await #expect(throws: BookmarkSourceError.notFound) {
            try await f.library.setAIMetadata(id: 999, summary: "x", tags: [], engine: "offline")
        }
        #expect(try f.cache.aiMetadata(id: 999) == nil)
    }

    @Test func withoutACacheSyncAndAIMetadataSaySo() async throws {
        let f = try LibraryFixture(.embedded, withCache: false)
        let made = try f.add("https://example.com/x", tags: ["b", "a"])
        await #expect(throws: LibraryError.noCache) { try await f.library.sync() }
        await #expect(throws: LibraryError.noCache) { try await f.library.setAIMetadata(id: made.id, summary: "s", tags: [], engine: "e") }
        // Everything else still works straight from the source.
        #expect(try await f.library.tagCounts().map(\.name) == ["a", "b"])
        #expect(f.library.cachedPage(LibraryFilter()) == nil)
    }

    @Test(arguments: SourceKind.allCases)
    func tagCountsComeFromTheCacheSyncingFirstWhenItWasNeverSynced(_ kind: SourceKind) async throws {
        let f = try LibraryFixture(kind, keepsCopy: true)
        let a = try f.add("https://example.com/1", tags: ["swift", "linux"])
        try f.add("https://example.com/2", tags: ["Swift"])
        try f.add("https://example.com/3", tags: ["rust"])
        try f.add("https://example.com/4", tags: ["old"], archived: true)
        try await f.library.setAIMetadata(id: a.id, summary: nil, tags: ["rust", "ai-only"], engine: "offline")
        let counts = try await f.library.tagCounts()
        #expect(counts.map(\.name) == ["rust", "swift", "ai-only", "linux"])
        #expect(counts.map(\.count) == [2, 2, 1, 1])
        #expect(counts[0].linkdingCount == 1 && counts[0].aiCount == 1)
        #expect(try f.cache.syncState() != nil)

        // Once synced, counting reads the cache: no request reaches the server.
        f.server.clearLog()
        _ = try await f.library.tagCounts()
        #expect(f.server.log.isEmpty)
    }
}
