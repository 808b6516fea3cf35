import Foundation
import MarksCore
import MarksIndex
import MarksJobs
import MarksBookmarks
import MarksReading
import MarksStorage
import MarksTestSupport
import Testing

/// Ask's passages stay in step with every mutation path (the seeds' stale-answer warning: "if Ask gives stale
/// answers, inspect indexing and removal paths first"): add, edit, enrich, archive, delete and the archived page
/// text, each checked in both legs (words and vectors). Sources: MarksSourcesTests `SourcePassageTests`.
@Suite struct PassageFreshnessTests {
    /// A library over the embedded store, observed by the index (with the page-text archive as its page texts),
    /// and an archive over a local site whose stored texts go into the index — all in one `marks.sqlite`.
    struct Setup {
        static let dimension = 64
        static let embedder = TestEmbedder(dimension: dimension)
        let site: ArchiveSite
        let source: EmbeddedBookmarkSource
        let index: SearchIndex
        let indexer: VectorIndexer
        let jobs: JobRunner
        let archive: PageArchive
        let library: LibraryService

        init() throws {
            site = try ArchiveSite()
            let store = try BookmarkStore(database: site.database, now: { Date(timeIntervalSince1970: 1_700_000_000) })
            source = EmbeddedBookmarkSource(store: store, baseURL: "http://127.0.0.1:8080") { url in BookmarkCheck.Metadata(url: url) }
            index = try SearchIndex(database: site.database, dimension: Self.dimension)
            jobs = JobRunner(store: try JobStore(database: site.database), log: { _ in })
            let indexer = VectorIndexer(index: index, jobs: jobs) {
                IndexEmbedder(dimension: Self.dimension) { texts in texts.map(Self.embedder.vector) }
            }
            self.indexer = indexer
            archive = try site.archive(didStore: index.archiveObserver(indexer: indexer, warn: { Issue.record("warning: \($0)") }))
            library = LibraryService(source: source, widgets: nil, now: { Date(timeIntervalSince1970: 0) }, warn: { _ in },
                                     observers: [index.observer(indexer: indexer, pages: archive.pageTexts, warn: { Issue.record("warning: \($0)") })])
        }

        /// Bookmark ids whose passages match `query` by words.
        func byWords(_ query: String, _ filter: SearchFilter = SearchFilter()) throws -> [Int] {
            let hits = try index.passageKeywordSearch(query, filter: filter, limit: 50)
            let passages = try index.passages(ids: hits.map(\.bookmarkID))
            return Array(Set(hits.compactMap { passages[$0.bookmarkID]?.documentID })).sorted()
        }

        /// Bookmark ids of the best passage by meaning (after the indexer embedded what is pending).
        func byMeaning(_ query: String, _ filter: SearchFilter = SearchFilter()) async throws -> [Int] {
            await jobs.register(indexer.backgroundKind())
            await jobs.runUntilIdle()
            let hits = try index.passageVectorSearch(Self.embedder.vector(query), filter: filter, limit: 1)
            return try index.passages(ids: hits.map(\.bookmarkID)).values.map(\.documentID)
        }

        func texts(_ id: Int) throws -> [String] {
            try index.passages(documentIDs: [id]).map(\.text)
        }
    }

    @Test func addGivesTheBookmarkItsPassage() async throws {
        let setup = try Setup()
        let added = try await setup.library.add(AddBookmarkRequest(url: "https://bread.example/", title: "Sourdough starter",
                                                                   notes: "", description: "Feeding a starter twice a day.")).bookmark
        let passages = try setup.index.passages(documentIDs: [added.id])
        #expect(passages.map(\.heading) == ["Sourdough starter"])
        #expect(passages.map(\.text) == ["Feeding a starter twice a day."])
        #expect(try setup.byWords("feeding") == [added.id])
        #expect(try await setup.byMeaning("feeding a starter twice a day") == [added.id])
    }

    @Test func editReplacesThePassageText() async throws {
        let setup = try Setup()
        let original = try await setup.library.add(AddBookmarkRequest(url: "https://d.example/", title: "Tide tables",
                                                                      description: "Low tide at dawn.")).bookmark
        var edited = original
        edited.description = "Spring tides follow the full moon."
        _ = try await setup.library.update(original, to: edited)
        #expect(try setup.byWords("dawn").isEmpty)
        #expect(try setup.byWords("moon") == [original.id])
        #expect(try setup.texts(original.id) == ["Spring tides follow the full moon."])
        _ = try await setup.library.update(id: original.id, BookmarkUpdate(notes: "Check the harbour gauge."))
        #expect(try setup.byWords("harbour") == [original.id])
        #expect(try setup.byWords("moon", SearchFilter(tag: "missing")).isEmpty)
    }

    @Test func enrichAddsTheSummaryToThePassages() async throws {
        let setup = try Setup()
        let saved = try await setup.library.add(AddBookmarkRequest(url: "https://c.example/", title: "An article")).bookmark
        #expect(try setup.byWords("photosynthesis").isEmpty)
        var enriched = saved
        enriched.aiSummary = "Explains photosynthesis in desert plants."
        enriched.aiTags = ["botany"]
        // Enrichment reports the enriched bookmark through `saved`, as `EnrichmentService` does.
        await setup.index.observer(indexer: setup.indexer, pages: setup.archive.pageTexts, warn: { _ in }).saved([enriched])
        #expect(try setup.byWords("photosynthesis", SearchFilter(tag: "botany")) == [saved.id])
        #expect(try await setup.byMeaning("photosynthesis in desert plants") == [saved.id])
    }

    @Test func archiveTakesThePassagesOutOfTheLiveLibraryAndUnarchiveBack() async throws {
        let setup = try Setup()
        let saved = try await setup.library.add(AddBookmarkRequest(url: "https://e.example/", title: "Glacier retreat",
                                                                   description: "Ice loss in the Alps.")).bookmark
        try await setup.library.archive(id: saved.id)
        #expect(try setup.byWords("glacier").isEmpty)
        #expect(try setup.byWords("glacier", SearchFilter(archived: true)) == [saved.id])
        #expect(try await setup.byMeaning("ice loss in the alps").isEmpty)
        #expect(try await setup.byMeaning("ice loss in the alps", SearchFilter(archived: true)) == [saved.id])
        try await setup.library.unarchive(id: saved.id)
        #expect(try setup.byWords("glacier") == [saved.id])
        #expect(try await setup.byMeaning("ice loss in the alps") == [saved.id])
    }

    @Test func deleteRemovesEveryPassageFromBothLegs() async throws {
        let setup = try Setup()
        let keep = try await setup.library.add(AddBookmarkRequest(url: "https://a.example/", title: "Kept volcano notes")).bookmark
        let url = setup.site.url("/article")
        let doomed = try await setup.library.add(AddBookmarkRequest(url: url, title: "Doomed volcano page")).bookmark
        _ = try await setup.archive.refetch(url)
        #expect(try setup.index.passages(documentIDs: [doomed.id]).count == 3)
        #expect(try await setup.byMeaning("doomed volcano page") == [doomed.id])
        try await setup.library.delete(id: doomed.id)
        #expect(try setup.index.passages(documentIDs: [doomed.id]).isEmpty)
        #expect(try setup.byWords("volcano") == [keep.id])
        #expect(try setup.byWords("sourdough").isEmpty, "the page text's passages went with it")
        #expect(try await setup.byMeaning("doomed volcano page") == [keep.id])
    }

    @Test func theArchivedPageTextBecomesPassagesAndARefetchReplacesThem() async throws {
        let setup = try Setup()
        let url = setup.site.url("/article")
        let saved = try await setup.library.add(AddBookmarkRequest(url: url, title: "Baking")).bookmark
        #expect(try setup.byWords("sourdough").isEmpty)
        _ = try await setup.archive.refetch(url)
        let passages = try setup.index.passages(documentIDs: [saved.id]).filter { $0.section == "page" }
        #expect(passages.map(\.heading) == ["", "Proofing"])
        #expect(try setup.byWords("sourdough") == [saved.id])
        #expect(try setup.byWords("overnight") == [saved.id])
        #expect(try await setup.byMeaning("let the dough rise overnight in a cool kitchen") == [saved.id])
        setup.site.advance(60)
        setup.site.articleText.withLock { $0 = "Rye wants a longer bake." }
        _ = try await setup.archive.refetch(url)
        #expect(try setup.byWords("sourdough").isEmpty)
        #expect(try setup.byWords("rye") == [saved.id])
    }

    @Test func aBookmarkSavedAfterItsPageWasArchivedGetsThePagePassages() async throws {
        let setup = try Setup()
        let url = setup.site.url("/article")
        _ = try await setup.archive.refetch(url) // archived first (another source, a re-added bookmark)
        let saved = try await setup.library.add(AddBookmarkRequest(url: url, title: "Baking")).bookmark
        #expect(try setup.byWords("sourdough") == [saved.id])
        // A sync (which writes the index itself) brings them too.
        try setup.index.clear()
        let plain = LibraryService(source: setup.source, widgets: nil, now: { Date(timeIntervalSince1970: 0) }, warn: { _ in })
        _ = try await setup.index.sync(from: plain, pages: setup.archive.pageTexts)
        #expect(try setup.byWords("sourdough") == [saved.id])
    }

    /// A bookmark's fields are passages without stored rows (index migration 6): an index without a single stored passage
    /// (from before passages, or emptied) finds a bookmark by its fields all the same.
    @Test func aBookmarksFieldsAreFoundWithoutStoredPassages() async throws {
        let setup = try Setup()
        let saved = try await setup.library.add(AddBookmarkRequest(url: "https://g.example/", title: "Lighthouse keepers")).bookmark
        _ = try setup.index.database.write { try $0.run("DELETE FROM index_passages") }
        #expect(try setup.byWords("lighthouse") == [saved.id])
    }
}
