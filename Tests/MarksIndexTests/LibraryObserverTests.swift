import Foundation
import MarksCore
import MarksIndex
import MarksJobs
import MarksBookmarks
import MarksStorage
import SQLiteDatabase
import Synchronization
import Testing

/// Every mutation path of the library keeps the index in step (the seeds: "if Ask gives stale answers, inspect
/// indexing and removal paths first").
@Suite struct LibraryObserverTests {
    /// A library over the embedded store, whose observer is the index (and its background indexer); store and
    /// index share one `marks.sqlite`, as in production.
    struct Setup {
        let fixture: IndexFixture
        let source: EmbeddedBookmarkSource
        let library: LibraryService
        let index: SearchIndex
        let indexer: VectorIndexer
        let jobs: JobRunner
        let warnings: Warnings

        init() throws {
            fixture = try IndexFixture()
            let database = try Database(path: fixture.directory.appendingPathComponent("shared.sqlite").path)
            let store = try BookmarkStore(database: database, now: { Date(timeIntervalSince1970: 1_700_000_000) })
            source = EmbeddedBookmarkSource(store: store, baseURL: "http://127.0.0.1:8080") { url in BookmarkCheck.Metadata(url: url) }
            index = try SearchIndex(database: database, dimension: WordHashEmbedder.dimension)
            jobs = JobRunner(store: try JobStore(database: database), log: { _ in })
            let indexer = VectorIndexer(index: index, jobs: jobs) { WordHashEmbedder.embedder() }
            self.indexer = indexer
            let warnings = Warnings()
            self.warnings = warnings
            let observer = index.observer(indexer: indexer) { message in warnings.add(message) }
            library = LibraryService(source: source, widgets: nil, now: { Date(timeIntervalSince1970: 0) }, warn: { _ in },
                                     observers: [observer])
        }

        /// Saves a bookmark straight into the store, behind the library's back (as linkding's own UI would).
        @discardableResult
        func seed(_ title: String, archived: Bool = false) async throws -> Bookmark {
            try await source.create(BookmarkDraft(url: "https://example.org/\(UUID().uuidString)", title: title, isArchived: archived),
                                    scrape: false)
        }

        func ids(_ query: String, _ filter: SearchFilter = SearchFilter()) throws -> [Int] {
            try index.keywordSearch(query, filter: filter, limit: 50).map(\.bookmarkID).sorted()
        }

        func vectorIDs(_ query: String, _ filter: SearchFilter = SearchFilter()) async throws -> [Int] {
            await jobs.register(indexer.backgroundKind())
            await jobs.runUntilIdle()
            return try index.vectorSearch(WordHashEmbedder.vector(query), filter: filter, limit: 1).map(\.bookmarkID)
        }
    }

    @Test func addMakesTheBookmarkFindableByWordsAndMeaning() async throws {
        let setup = try Setup()
        let added = try await setup.library.add(AddBookmarkRequest(url: "https://bread.example/sourdough", title: "Sourdough starter",
                                                                   tags: ["baking"]))
        #expect(try setup.ids("sourdough") == [added.bookmark.id])
        #expect(try setup.ids("starter", SearchFilter(tag: "baking")) == [added.bookmark.id])
        #expect(try await setup.vectorIDs("sourdough starter") == [added.bookmark.id])
        #expect(try setup.index.statistics().pendingTexts == 0)
    }

    @Test func deleteRemovesItFromBothLegs() async throws {
        let setup = try Setup()
        let keep = try await setup.library.add(AddBookmarkRequest(url: "https://a.example/", title: "Kept volcano notes")).bookmark
        let doomed = try await setup.library.add(AddBookmarkRequest(url: "https://b.example/", title: "Doomed volcano page")).bookmark
        #expect(try await setup.vectorIDs("doomed volcano page") == [doomed.id])
        try await setup.library.delete(id: doomed.id)
        #expect(try setup.ids("volcano") == [keep.id])
        #expect(try await setup.vectorIDs("doomed volcano page") == [keep.id])
        #expect(try setup.index.document(id: doomed.id) == nil)
    }

    @Test func enrichMakesTheSummarySearchable() async throws {
        let setup = try Setup()
        let saved = try await setup.library.add(AddBookmarkRequest(url: "https://c.example/", title: "An article")).bookmark
        #expect(try setup.ids("photosynthesis").isEmpty)
        // Enrichment reports the enriched bookmark through `saved` (it holds the AI summary and tags).
        var enriched = saved
        enriched.aiSummary = "Explains photosynthesis in desert plants."
        enriched.aiTags = ["botany"]
        let observer = setup.index.observer(indexer: setup.indexer) { _ in }
        await observer.saved([enriched])
        #expect(try setup.ids("photosynthesis") == [saved.id])
        #expect(try setup.ids("article", SearchFilter(tag: "botany")) == [saved.id])
        #expect(try await setup.vectorIDs("photosynthesis desert plants") == [saved.id])
    }

    @Test func editReplacesTheIndexedText() async throws {
        let setup = try Setup()
        let original = try await setup.library.add(AddBookmarkRequest(url: "https://d.example/", title: "Old heading")).bookmark
        var edited = original
        edited.title = "New heading"
        edited.unread = true
        _ = try await setup.library.update(original, to: edited)
        #expect(try setup.ids("old").isEmpty)
        #expect(try setup.ids("new", SearchFilter(unreadOnly: true)) == [original.id])
        _ = try await setup.library.update(id: original.id, BookmarkUpdate(tagNames: ["later"]))
        #expect(try setup.ids("heading", SearchFilter(tag: "later")) == [original.id])
    }

    @Test func archiveMovesItToTheArchivedScopeAndUnarchiveBack() async throws {
        let setup = try Setup()
        let saved = try await setup.library.add(AddBookmarkRequest(url: "https://e.example/", title: "Glacier retreat")).bookmark
        try await setup.library.archive(id: saved.id)
        #expect(try setup.ids("glacier").isEmpty)
        #expect(try setup.ids("glacier", SearchFilter(archived: true)) == [saved.id])
        #expect(try await setup.vectorIDs("glacier retreat").isEmpty)
        #expect(try await setup.vectorIDs("glacier retreat", SearchFilter(archived: true)) == [saved.id])
        try await setup.library.unarchive(id: saved.id)
        #expect(try setup.ids("glacier") == [saved.id])
        #expect(try setup.ids("glacier", SearchFilter(archived: true)).isEmpty)
        // Archiving by an update (archived flag) takes the same path.
        _ = try await setup.library.update(id: saved.id, BookmarkUpdate(isArchived: true))
        #expect(try setup.ids("glacier").isEmpty)
        #expect(try setup.ids("glacier", SearchFilter(archived: true)) == [saved.id])
    }

    @Test func aBulkImportReachesTheIndexWithoutASearchInBetween() async throws {
        let setup = try Setup()
        let file = NetscapeBookmarkFile.write([
            NetscapeEntry(url: "https://x.example/", title: "Imported narwhal"),
            NetscapeEntry(url: "https://y.example/", title: "Archived narwhal", archived: true),
        ])
        let report = try await setup.library.importNetscape(file)
        #expect(report.created == 2 && !report.throughAPI)
        #expect(try setup.ids("narwhal").count == 1)
        #expect(try setup.ids("narwhal", SearchFilter(archived: true)).count == 1)
        #expect(try await setup.vectorIDs("imported narwhal").count == 1)
    }

    @Test func loadAndLoadMoreIndexEveryPage() async throws {
        let setup = try Setup()
        for number in 1...7 { try await setup.seed("Loaded page \(number) marmot") }
        var page = try await setup.library.load(LibraryFilter(limit: 3))
        #expect(try setup.ids("marmot").count == 3)
        while let next = page.next { page = try await setup.library.loadMore(next) }
        #expect(try setup.ids("marmot").count == 7)
    }

    @Test func syncCatchesUpWithChangesMadeElsewhere() async throws {
        let setup = try Setup()
        let gone = try await setup.seed("Removed elsewhere otter")
        _ = try await setup.library.load(LibraryFilter())
        try await setup.source.delete(id: gone.id)
        let live = try await setup.seed("Live otter")
        let archived = try await setup.seed("Archived otter", archived: true)
        // The sync walks a library without the observer (it upserts itself).
        let plain = LibraryService(source: setup.source, widgets: nil, now: { Date(timeIntervalSince1970: 0) }, warn: { _ in })
        let result = try await setup.index.sync(from: plain, pageSize: 1)
        #expect(result == IndexSyncResult(live: 1, archived: 1, removed: 1))
        #expect(try setup.ids("otter") == [live.id])
        #expect(try setup.ids("otter", SearchFilter(archived: true)) == [archived.id])
    }

    @Test func anIndexFailureWarnsButNeverFailsTheLibraryCall() async throws {
        let setup = try Setup()
        // The index's tag table (not its full text: the store's triggers write that when an adopted bookmark's text
        // changes, in the store's own statement — `StoreOwnedText`).
        try setup.index.database.write { try $0.execute("DROP TABLE index_tags") }
        let saved = try await setup.library.add(AddBookmarkRequest(url: "https://f.example/", title: "Still saved"))
        #expect(saved.bookmark.title == "Still saved")
        #expect(setup.warnings.all.contains { $0.hasPrefix("search index not updated:") })
    }
}

/// Warnings the observer reported.
final class Warnings: Sendable {
    private let messages = Mutex<[String]>([])
    func add(_ message: String) { messages.withLock { $0.append(message) } }
    var all: [String] { messages.withLock { $0 } }
}
