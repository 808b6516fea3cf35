import Foundation
import MarksCore
import MarksStorage
import Synchronization
import Testing
@testable import MarksBookmarks
@testable import MarksDocuments

@Suite struct LibrarySyncTests {
    @Test(arguments: SourceKind.allCases)
    func theFirstSyncWalksEveryPageOfBothLists(_ kind: SourceKind) async throws {
        let f = try LibraryFixture(kind, keepsCopy: true)
        try f.addMany(23)
        try (0..<5).forEach { try f.add("https://example.com/archived\($0)", archived: true) }
        let phases = Mutex([SyncProgress]())
        let report = try await f.library.sync { progress in phases.withLock { $0.append(progress) } }
        #expect(report == SyncReport(added: 28, updated: 0, removed: 0, live: 23, archived: 5, full: true))
        #expect(try f.cachedBookmarks() == f.serverBookmarks())
        #expect(f.recorder.allSaved.count == 28) // the archived ones too, flagged, for the archived scope
        #expect(f.recorder.allArchived.isEmpty && f.recorder.allDeleted.isEmpty)
        let seen = phases.withLock { $0 }
        #expect(seen.contains(SyncProgress(phase: .bookmarks, done: 23, total: 23)))
        #expect(seen.contains(SyncProgress(phase: .archived, done: 5, total: 5)))
        #expect(seen.last?.phase == .saving)
    }

    @Test func aSyncRewritesTheWidgetDataWithSummaries() async throws {
        let f = try LibraryFixture(.linkding)
        let made = try f.addMany(25)
        try f.add("https://example.com/old-archived", archived: true)
        try await f.library.setAIMetadata(id: made[24].id, summary: "Newest, summarised.", tags: [], engine: "offline")
        _ = try await f.library.sync()
        let widget = try WidgetDataStore(directory: f.dir.url).loadBookmarks()
        #expect(widget.recent.map(\.id) == made.suffix(WidgetDataStore.keptBookmarks).reversed().map(\.id))
        #expect(widget.recent.first?.summary == "Newest, summarised.")
        #expect(widget.updatedAt == f.clock.date)
    }

    @Test(arguments: SourceKind.allCases)
    func anIncrementalSyncFetchesOnlyWhatChanged(_ kind: SourceKind) async throws {
        let f = try LibraryFixture(kind, keepsCopy: true, options: SyncOptions(pageSize: 7, overlap: 1))
        let made = try f.addMany(10)
        _ = try await f.library.sync()
        f.recorder.reset()
        f.clock.advance(120)
        _ = try f.store.update(id: made[2].id, BookmarkUpdate(title: "Changed"))
        try f.store.archive(id: made[3].id)
        let added = try f.add("https://example.com/brand-new")
        if kind == .linkding { f.server.clearLog() }

        let report = try await f.library.sync()
        #expect(report == SyncReport(added: 1, updated: 2, removed: 0, live: 10, archived: 1, full: false))
        #expect(try f.cachedBookmarks() == f.serverBookmarks())
        #expect(f.recorder.allSaved == [made[2].id, made[3].id, added.id])
        #expect(f.recorder.allArchived == [made[3].id])
        #expect(f.recorder.allDeleted.isEmpty && f.recorder.allUnarchived.isEmpty)
        if kind == .linkding {
            // modified_since on both lists (one page each), tags, and the two counts: no full walk.
            #expect(f.server.log.filter { $0.contains("modified_since=") }.count == 2)
            #expect(f.server.log.count == 5, "\(f.server.log)")
        }
    }

    @Test(arguments: SourceKind.allCases)
    func aSyncWithNothingChangedCountsNothingThoughTheOverlapFetchesAgain(_ kind: SourceKind) async throws {
        let f = try LibraryFixture(kind, keepsCopy: true)
        try f.addMany(3)
        _ = try await f.library.sync()
        f.recorder.reset()
        let report = try await f.library.sync()
        #expect(report == SyncReport(added: 0, updated: 0, removed: 0, live: 3, archived: 0, full: false))
        #expect(f.recorder.isEmpty)
    }

    @Test(arguments: [(60.0, true), (0.0, false)])
    func theOverlapCatchesAWriteCommittedWithAnOlderDate(_ overlap: TimeInterval, _ caught: Bool) async throws {
        let f = try LibraryFixture(.linkding, options: SyncOptions(pageSize: 7, overlap: overlap))
        let made = try f.addMany(3)
        _ = try await f.library.sync()
        // A write whose date_modified is 30 s older than the newest the last sync saw (it committed late).
        f.clock.advance(-32)
        _ = try f.store.update(id: made[0].id, BookmarkUpdate(title: "Late"))
        f.clock.advance(40)
        let report = try await f.library.sync()
        #expect(report.updated == (caught ? 1 : 0))
        #expect(try f.cache.bookmark(id: made[0].id)?.title == (caught ? "Late" : "page 0"))
    }

    @Test(arguments: SourceKind.allCases)
    func aDeletionIsFoundByTheCountsAndForgetsItsAIMetadata(_ kind: SourceKind) async throws {
        let f = try LibraryFixture(kind, keepsCopy: true)
        let made = try f.addMany(9)
        _ = try await f.library.sync()
        try await f.library.setAIMetadata(id: made[4].id, summary: "Gone soon.", tags: ["x"], engine: "offline")
        f.recorder.reset()
        try f.store.delete(id: made[4].id)
        let report = try await f.library.sync()
        #expect(report == SyncReport(added: 0, updated: 0, removed: 1, live: 8, archived: 0, full: true))
        #expect(try !f.cachedIDs().contains(made[4].id))
        #expect(try f.cache.aiMetadata(id: made[4].id) == nil)
        #expect(f.recorder.allDeleted == [made[4].id])
    }

    @Test(arguments: SourceKind.allCases)
    func aTagDeletedOnTheServerIsNoticedThoughNoDateMoved(_ kind: SourceKind) async throws {
        let f = try LibraryFixture(kind, keepsCopy: true)
        let tagged = try f.addMany(3, prefix: "tagged", tags: ["doomed", "kept"])
        try f.addMany(4, prefix: "plain", tags: ["kept"])
        f.clock.advance(120)
        try f.add("https://example.com/recent", tags: ["kept"])  // the watermark: the others are past the overlap
        _ = try await f.library.sync()
        f.recorder.reset()
        f.server.clearLog()
        let doomed = try #require(try f.store.tags(limit: 100).results.first { $0.name == "doomed" })
        try f.store.deleteTag(id: doomed.id)

        let report = try await f.library.sync()
        #expect(report == SyncReport(added: 0, updated: 3, removed: 0, live: 8, archived: 0, full: false, vanishedTags: ["doomed"]))
        if kind == .linkding { #expect(f.server.singleFetches == 3) }
        for bookmark in tagged { #expect(try f.cache.bookmark(id: bookmark.id)?.tagNames == ["kept"]) }
        #expect(f.recorder.allSaved == Set(tagged.map(\.id)))
        #expect(try await f.library.tagCounts().map(\.name) == ["kept"])
    }

    @Test func tooManyBookmarksCarryingAVanishedTagAreFetchedByAFullWalk() async throws {
        let f = try LibraryFixture(.linkding, options: SyncOptions(pageSize: 7, maxRefetch: 2))
        try f.addMany(5, tags: ["doomed"])
        f.clock.advance(120)
        try f.add("https://example.com/recent")  // the watermark: the others are past the overlap
        _ = try await f.library.sync()
        try f.store.deleteTag(id: try #require(try f.store.tags(limit: 100).results.first?.id))
        f.server.clearLog()
        let report = try await f.library.sync()
        #expect(report.full && report.updated == 5, "\(report) \(f.server.log)")
        #expect(f.server.singleFetches == 0)
        #expect(try f.cachedBookmarks() == f.serverBookmarks())
    }

    @Test func aServerThatGoesDownMidSyncLeavesTheCacheAsItWas() async throws {
        for failAfter in [0, 1, 2, 3, 4] {
            let f = try LibraryFixture(.linkding, options: SyncOptions(pageSize: 3))
            let made = try f.addMany(8)
            _ = try await f.library.sync()
            let before = try f.cachedBookmarks()
            let state = try f.cache.syncState()
            f.clock.advance(120)
            _ = try f.store.update(id: made[0].id, BookmarkUpdate(title: "Changed while down"))
            try f.store.delete(id: made[1].id)
            f.server.failAfter(failAfter)
            f.recorder.reset()
            await #expect(throws: BookmarkSourceError.self) { try await f.library.sync() }
            #expect(try f.cachedBookmarks() == before, "failing after \(failAfter) requests")
            #expect(try f.cache.syncState() == state)
            #expect(f.recorder.isEmpty)

            f.server.failAfter(nil)
            let report = try await f.library.sync()
            #expect(report.updated == 1 && report.removed == 1)
        }
    }

    @Test(arguments: SourceKind.allCases)
    func aDamagedCacheIsReportedAndRebuiltByTheNextSync(_ kind: SourceKind) async throws {
        let f = try LibraryFixture(kind, keepsCopy: true)
        let made = try f.addMany(4)
        _ = try await f.library.sync()
        try f.damage("UPDATE library_bookmarks SET date_added = 'yesterday' WHERE id = \(made[1].id)")
        try f.damage("INSERT INTO library_bookmarks VALUES ('\(f.cache.sourceKey)', 999, 'u', 't', '', '', '', NULL, NULL, 0, 0, 0, 'not json', 1, 1)")

        // Loading shows nothing cached (a miss, reported), and still returns the fetched page.
        let page = try await f.library.load(LibraryFilter(), cached: { _ in Issue.record("a damaged cache is a miss") })
        #expect(page.bookmarks.count == 4)
        #expect(f.warnings.contains { $0.contains("could not be read") })
        #expect(try f.cache.syncState()?.lastFullReconcile == nil)

        let report = try await f.library.sync()
        #expect(report.full)
        #expect(try f.cachedBookmarks() == f.serverBookmarks())
    }

    @Test func aDamagedAIMetadataRowIsAMissNotACrash() async throws {
        let f = try LibraryFixture(.embedded, keepsCopy: true)
        let made = try f.add("https://example.com/a")
        try await f.library.setAIMetadata(id: made.id, summary: "s", tags: ["t"], engine: "offline")
        try f.damage("UPDATE library_ai_metadata SET tags = '{\"not\": \"a list\"}'")
        let loaded = try await f.library.load(LibraryFilter())
        #expect(loaded.bookmarks.map(\.id) == [made.id])
        #expect(loaded.bookmarks[0].aiSummary == nil)
        #expect(f.warnings.contains { $0.contains("library_ai_metadata") })
    }

    @Test func anUnreadableSyncStateMeansAFullWalk() async throws {
        let f = try LibraryFixture(.embedded, keepsCopy: true)
        try f.addMany(2)
        _ = try await f.library.sync()
        try f.damage("UPDATE library_sync_state SET last_sync = 'soon'")
        let report = try await f.library.sync()
        #expect(report.full && report.added == 0)
        #expect(try f.cache.syncState() != nil)
    }

    @Test func aFullWalkIsDoneOnceADayWhateverTheCountsSay() async throws {
        let f = try LibraryFixture(.embedded, keepsCopy: true)
        try f.addMany(2)
        _ = try await f.library.sync()
        f.clock.advance(3_600)
        #expect(try await !f.library.sync().full)
        f.clock.advance(86_400)
        #expect(try await f.library.sync().full)
        #expect(try await !f.library.sync().full)
    }

    @Test func aBulkImportBringsTheCacheAndTheObserversInStepAtOnce() async throws {
        let f = try LibraryFixture(.embedded, keepsCopy: true)
        let made = try f.addMany(2)
        _ = try await f.library.sync()
        f.recorder.reset()
        // Same count, but the file's older dates would hide the change from modified_since: the import's own full
        // sync finds it.
        let file = NetscapeBookmarkFile.write([NetscapeEntry(url: made[0].url, title: "From a file", dateAdded: Date(timeIntervalSince1970: 1_000),
                                                             dateModified: Date(timeIntervalSince1970: 1_000)),
                                               NetscapeEntry(url: "https://example.com/imported", title: "Imported")])
        _ = try await f.library.importNetscape(file)
        #expect(try f.cache.bookmark(id: made[0].id)?.title == "From a file")
        #expect(try f.cachedBookmarks() == f.serverBookmarks())
        #expect(f.recorder.allSaved.count == 2 && f.recorder.allSaved.contains(made[0].id))
        let report = try await f.library.sync()
        #expect(!report.full && report.updated == 0 && report.added == 0)
    }

    @Test func overTheEmbeddedStoreASyncCopiesNothingAndGivesTheStoresCounts() async throws {
        let f = try LibraryFixture(.embedded)
        #expect(!f.cache.holdsCopy)
        let made = try f.addMany(3)
        try f.add("https://example.com/archived", archived: true)
        try await f.library.setAIMetadata(id: made[0].id, summary: "Kept by id.", tags: ["ai"], engine: "offline")
        f.recorder.reset()
        let report = try await f.library.sync(full: true)
        #expect(report == SyncReport(added: 0, updated: 0, removed: 0, live: 3, archived: 1, full: true))
        #expect(f.recorder.isEmpty)
        let rows = try f.cacheDatabase.read { db in try db.queryOne("SELECT count(*) FROM library_bookmarks")?.int(at: 0) }
        #expect(rows == 0)
        // What the cache reads is the store, with the AI metadata kept by id.
        #expect(try f.cachedBookmarks() == f.serverBookmarks())
        #expect(try f.cache.bookmark(id: made[0].id)?.aiSummary == "Kept by id.")
        #expect(try f.cache.bookmarks(ids: [made[2].id, 999, made[0].id]).map(\.id) == [made[2].id, made[0].id])
        #expect(try f.cache.urls(archived: nil).last == "https://example.com/archived")
        let counts = try f.cache.counts()
        #expect(counts.live == 3 && counts.archived == 1)
        let widget = try WidgetDataStore(directory: f.dir.url).loadBookmarks()
        #expect(widget.recent.map(\.id) == made.reversed().map(\.id))
        #expect(try await f.library.tagCounts().map(\.name) == ["ai"])
    }

    @Test func concurrentSyncsShareOneRun() async throws {
        let f = try LibraryFixture(.linkding)
        try f.addMany(20)
        async let one = f.library.sync()
        async let two = f.library.sync()
        let (a, b) = try await (one, two)
        #expect(a.live == 20 && b.live == 20)
        #expect(try f.cachedBookmarks() == f.serverBookmarks())
    }

    @Test(arguments: [
        (["a", "b"], ["c"], ["a", "b", "c"], [String]()),
        (["a", "b"], ["c"], ["a", "b"], ["c"]),
        (["a", "b"], ["c"], ["b"], ["a", "c"]),
        ([], ["c", "C"], ["c"], ["C"]),
    ])
    func vanishedTags(_ known: [String], _ onBookmarks: [String], _ server: [String], _ vanished: [String]) {
        let cached = [1: Bookmark(id: 1, url: "https://x.test", tagNames: onBookmarks, dateAdded: Date(), dateModified: Date())]
        #expect(LibrarySynchronizer.vanishedTags(known: known, cached: cached.values, server: server) == vanished)
    }
}
