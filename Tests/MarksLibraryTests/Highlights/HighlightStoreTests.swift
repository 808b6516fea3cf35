import Foundation
import MarksBookmarks
import MarksReading
import MarksTestSupport
import SQLiteDatabase
import Synchronization
import Testing

/// The highlights table on a real SQLite file: add, list per bookmark and across the library (newest first,
/// searchable), edit and delete a note, bounds that refuse and store nothing, and the purge of a bookmark deleted
/// for good (the observer).
@Suite struct HighlightStoreTests {
    private func store(_ directory: TemporaryDirectory, clock: ManualClock = ManualClock()) throws -> HighlightStore {
        try HighlightStore(database: try Database(path: directory.file("marks.sqlite").path), now: clock.now)
    }

    @Test func addListEditDelete() throws {
        let directory = try TemporaryDirectory(prefix: "marks-highlights")
        defer { directory.cleanUp() }
        let clock = ManualClock()
        let highlights = try store(directory, clock: clock)
        let first = try highlights.add(HighlightDraft(quote: "Grey herons", prefix: "", suffix: " leave", note: "  birds \n"),
                                       source: "embedded", bookmarkID: 3, url: "https://example.com/herons")
        clock.advance(60)
        let second = try highlights.add(HighlightDraft(quote: "nest in reeds", note: "   "), source: "embedded", bookmarkID: 3,
                                        url: "https://example.com/herons")
        _ = try highlights.add(HighlightDraft(quote: "elsewhere"), source: "https://linkding.example", bookmarkID: 3, url: "https://example.com/x")
        #expect(first.note == "birds")
        #expect(second.note == nil, "a blank note is none")
        #expect(try highlights.highlights(source: "embedded", bookmarkID: 3).map(\.id) == [first.id, second.id])
        #expect(try highlights.highlights(source: "embedded").map(\.id) == [second.id, first.id], "newest first, one source")
        #expect(try highlights.highlights(source: "embedded", matching: "BIRDS").map(\.id) == [first.id], "a note matches, case folded")
        #expect(try highlights.highlights(source: "embedded", matching: "reeds nest").map(\.id) == [second.id], "every word")
        #expect(try highlights.highlights(source: "embedded", matching: "100%").isEmpty, "LIKE's wildcards are plain")
        clock.advance(60)
        let edited = try highlights.updateNote(id: second.id, source: "embedded", note: "where they nest")
        #expect(edited.note == "where they nest" && edited.updatedAt > edited.createdAt)
        #expect(try highlights.highlight(id: second.id, source: "embedded")?.note == "where they nest")
        #expect(throws: HighlightError.notFound(second.id)) { try highlights.updateNote(id: second.id, source: "other", note: "x") }
        try highlights.delete(id: first.id, source: "embedded")
        #expect(throws: HighlightError.notFound(first.id)) { try highlights.delete(id: first.id, source: "embedded") }
        #expect(try highlights.highlights(source: "embedded", bookmarkID: 3).map(\.id) == [second.id])
    }

    @Test func boundsRefuseAndStoreNothing() throws {
        let directory = try TemporaryDirectory(prefix: "marks-highlights")
        defer { directory.cleanUp() }
        let highlights = try store(directory)
        let huge = String(repeating: "a", count: HighlightDraft.maximumQuote + 1)
        #expect(throws: HighlightError.quoteTooLong(HighlightDraft.maximumQuote + 1)) {
            try highlights.add(HighlightDraft(quote: huge), source: "embedded", bookmarkID: 1, url: "u")
        }
        #expect(throws: HighlightError.emptyQuote) { try highlights.add(HighlightDraft(quote: " \n "), source: "embedded", bookmarkID: 1, url: "u") }
        let longNote = String(repeating: "n", count: HighlightDraft.maximumNote + 1)
        #expect(throws: HighlightError.noteTooLong(HighlightDraft.maximumNote + 1)) {
            try highlights.add(HighlightDraft(quote: "ok", note: longNote), source: "embedded", bookmarkID: 1, url: "u")
        }
        #expect(throws: HighlightError.contextTooLong(201)) {
            try highlights.add(HighlightDraft(quote: "ok", prefix: String(repeating: "p", count: 201)), source: "embedded", bookmarkID: 1, url: "u")
        }
        // The schema holds the same bounds when a writer skips the checks.
        #expect(throws: (any Error).self) {
            try highlights.database.write { try $0.run("INSERT INTO highlights (source, bookmark_id, url, quote, created_at, updated_at) VALUES ('embedded', 1, 'u', ?, 0, 0)", [.text(huge)]) }
        }
        #expect(try highlights.highlights(source: "embedded").isEmpty, "nothing stored")
        let exact = String(repeating: "é", count: HighlightDraft.maximumQuote)
        #expect(try highlights.add(HighlightDraft(quote: exact), source: "embedded", bookmarkID: 1, url: "u").quote == exact, "the bound itself is allowed")
    }

    @Test func aPurgeDropsTheHighlightsOfThatSourceOnly() async throws {
        let directory = try TemporaryDirectory(prefix: "marks-highlights")
        defer { directory.cleanUp() }
        let highlights = try store(directory)
        _ = try highlights.add(HighlightDraft(quote: "kept in the trash"), source: "embedded", bookmarkID: 5, url: "u")
        _ = try highlights.add(HighlightDraft(quote: "another source"), source: "https://l.example", bookmarkID: 5, url: "u")
        _ = try highlights.add(HighlightDraft(quote: "another bookmark"), source: "embedded", bookmarkID: 6, url: "u")
        let warnings = Mutex<[String]>([])
        let observer = highlights.observer(warn: { line in warnings.withLock { $0.append(line) } })
        await observer.deleted([5])
        #expect(try highlights.highlights(source: "embedded", bookmarkID: 5).count == 1, "a delete (to the trash) keeps them")
        await observer.purged("embedded", [5])
        #expect(try highlights.highlights(source: "embedded", bookmarkID: 5).isEmpty)
        #expect(try highlights.highlights(source: "https://l.example", bookmarkID: 5).count == 1)
        #expect(try highlights.highlights(source: "embedded", bookmarkID: 6).count == 1)
        #expect(warnings.withLock { $0 }.isEmpty)
    }
}
