import Foundation
import MarksCore
import MarksEngine
import Synchronization
import Testing
@testable import MarksBookmarks
@testable import MarksDocuments
@testable import MarksFetch

@Suite struct EnrichmentServiceTests {
    static let article = PageTextReader.Page(
        title: "Sourdough guide", description: "Baking bread at home.",
        text: "Sourdough bread is made with a natural starter of wild yeast.\n\nA long cold fermentation develops the flavour of the loaf.\n\nBake the dough in a hot Dutch oven for the best oven spring.")

    @Test(arguments: SourceKind.allCases)
    func enrichStoresSummaryAndTagsThroughTheLibrary(kind: SourceKind) async throws {
        let fixture = try LibraryFixture(kind)
        let saved = try fixture.add("https://example.com/bread", title: "Bread", tags: ["baking"])
        let service = fixture.enrichment(readPage: { _ in Self.article })
        let outcome = try await service.enrich(id: saved.id)
        #expect(outcome.engine == "offline")
        #expect(outcome.summary.contains("starter") || outcome.summary.contains("fermentation") || outcome.summary.contains("Dutch"))
        #expect(!outcome.tags.isEmpty)
        #expect(!outcome.fromTitleOnly)
        let stored = try #require(try fixture.library.aiMetadata(id: saved.id))
        #expect(stored.summary == outcome.summary)
        #expect(stored.engine == "offline")
        #expect(fixture.recorder.summaries[saved.id] == outcome.summary)  // observers (the search index) saw it
        #expect(try await fixture.library.bookmark(id: saved.id).aiSummary == outcome.summary)
    }

    @Test func anUnreadablePageIsEnrichedFromTitleAndVocabularyIsPassed() async throws {
        let fixture = try LibraryFixture(.embedded)
        try fixture.add("https://example.com/other", title: "Other", tags: ["cooking", "travel"])
        let saved = try fixture.add("https://example.com/unreadable", title: "Rust ownership notes")
        let engine = RecordingEngine()
        let outcome = try await fixture.enrichment(engine: engine).enrich(id: saved.id)
        #expect(outcome.fromTitleOnly)
        #expect(outcome.engine == "test:model")
        #expect(outcome.fallbackReason == "none")
        #expect(outcome.tags.map { $0.lowercased() } == ["topic", "stand-in"])
        let request = try #require(engine.seen.first)
        #expect(request.title == "Rust ownership notes")
        #expect(request.text == nil)
        #expect(Set(request.vocabulary ?? []).isSuperset(of: ["cooking", "travel"]))
    }

    @Test func anUnreadableVocabularyIsAWarningNotASilentEmptyList() async throws {
        let fixture = try LibraryFixture(.linkding)
        try fixture.add("https://example.com/a", title: "A", tags: ["cooking"])
        fixture.server.failAfter(0)
        let vocabulary = await fixture.enrichment().vocabulary()
        #expect(vocabulary.isEmpty)
        #expect(fixture.warnings.contains { $0.hasPrefix("enriching without your tags as vocabulary") }, "\(fixture.warnings)")
    }

    @Test func aMissingBookmarkThrowsAndStoresNothing() async throws {
        let fixture = try LibraryFixture(.embedded)
        await #expect(throws: (any Error).self) { try await fixture.enrichment().enrich(id: 4242) }
        #expect(try fixture.library.aiMetadata(id: 4242) == nil)
    }

    @Test func enrichAllStopsCleanlyAndAResumedRunSkipsWhatWasDone() async throws {
        let fixture = try LibraryFixture(.embedded)
        try fixture.addMany(5)
        let service = fixture.enrichment(engine: RecordingEngine())
        let handled = Mutex(0)
        let first = try await service.enrichAll(progress: { progress in handled.withLock { $0 = progress.done } },
                                                shouldStop: { handled.withLock { $0 >= 2 } })
        #expect(first.enriched == 2)
        #expect(first.stopped)
        #expect(first.remaining == 3)
        let second = try await service.enrichAll()
        #expect(second.enriched == 3)
        #expect(second.skipped == 2)
        #expect(!second.stopped)
        let third = try await service.enrichAll()
        #expect(third == EnrichmentReport(skipped: 5))
    }

    @Test func failuresAreCountedAndTheRunGoesOn() async throws {
        let fixture = try LibraryFixture(.embedded)
        try fixture.add("https://example.com/fail-1", title: "Broken")
        try fixture.addMany(2)
        let report = try await fixture.enrichment(engine: RecordingEngine()).enrichAll()
        #expect(report.enriched == 2)
        #expect(report.failed == 1)
        #expect(report.errors.count == 1)
        let retry = try await fixture.enrichment(engine: RecordingEngine()).enrichAll()
        #expect(retry.failed == 1)  // a failed bookmark is tried again
        #expect(retry.skipped == 2)
    }

    @Test func aBatchLeavesTheRestForLater() async throws {
        let fixture = try LibraryFixture(.embedded)
        try fixture.addMany(4)
        let report = try await fixture.enrichment(engine: RecordingEngine()).enrichAll(limit: 3)
        #expect(report.enriched == 3)
        #expect(report.remaining == 1)
    }

    @Test func theBackgroundPassIsBounded() async throws {
        let fixture = try LibraryFixture(.embedded)
        try fixture.addMany(7)
        _ = try await fixture.library.sync()
        let service = fixture.enrichment(engine: RecordingEngine())
        #expect(await service.backgroundPass(limit: 5) == 5)
        #expect(await service.backgroundPass(limit: 5) == 2)
        #expect(await service.backgroundPass(limit: 5) == 0)
    }

    @Test func aMissingModelStopsThePassAndIsSaidOnce() async throws {
        // A new server without the model logged one 600-character error per bookmark and pass.
        let fixture = try LibraryFixture(.embedded)
        try fixture.addMany(7)
        _ = try await fixture.library.sync()
        let service = fixture.enrichment(engine: ModelMissingEngine())
        #expect(await service.backgroundPass(limit: 5) == 0)
        #expect(await service.backgroundPass(limit: 5) == 0)
        let said = fixture.warnings.filter { $0.contains("background enrichment") }
        #expect(said.count == 1)
        #expect(said.first?.contains("not installed") == true)
    }

    @Test(arguments: SourceKind.allCases)
    func summariesAreAppendedToNotesNeverOverwriting(kind: SourceKind) async throws {
        let fixture = try LibraryFixture(kind)
        let saved = try fixture.add("https://example.com/n", title: "Noted", notes: "my own words")
        let service = fixture.enrichment(engine: RecordingEngine(), notes: true)
        let outcome = try await service.enrich(id: saved.id)
        let notes = try #require(try fixture.serverBookmarks()[saved.id]).notes
        #expect(notes == "my own words\n\nAbout Noted.")
        #expect(outcome.bookmark.notes == notes)
        #expect(outcome.bookmark.aiSummary == "About Noted.")
        _ = try await service.enrich(id: saved.id)
        #expect(try fixture.serverBookmarks()[saved.id]?.notes == notes)  // not added twice
    }

    @Test func notesAreLeftAloneByDefault() async throws {
        let fixture = try LibraryFixture(.embedded)
        let saved = try fixture.add("https://example.com/n", title: "Noted", notes: "mine")
        _ = try await fixture.enrichment(engine: RecordingEngine()).enrich(id: saved.id)
        #expect(try fixture.serverBookmarks()[saved.id]?.notes == "mine")
    }
}
