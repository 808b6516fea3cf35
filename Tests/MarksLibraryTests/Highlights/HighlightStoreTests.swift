import Foundation
import MarksBookmarks
@testable import MarksReading
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

/// Highlights on documents (issue 37 item 4, "or a document's text"): the same table, migrated in place — rows made
/// before keep their ids, bookmarks and notes — with a document's highlights beside the bookmarks' (listed with every
/// source's library, searchable, edited, deleted, dropped when the document is purged), and a schema that takes a
/// row on exactly one subject.
@Suite struct DocumentHighlightStoreTests {
    @Test func migrationThreeKeepsEarlierRowsAndAddsDocuments() throws {
        let directory = try TemporaryDirectory(prefix: "marks-highlights-migration")
        defer { directory.cleanUp() }
        let path = directory.file("marks.sqlite").path
        do {
            // A database as the highlights of the previous release left it: migrations 1 and 2, two rows.
            let old = try Database(path: path)
            _ = try old.migrate(namespace: HighlightSchema.namespace, Array(HighlightSchema.migrations.prefix(2)))
            try old.write { connection in
                try connection.run("""
                    INSERT INTO highlights (id, source, bookmark_id, url, quote, prefix, suffix, note, created_at, updated_at)
                    VALUES (7, 'embedded', 3, 'https://example.com/herons', 'Grey herons', '', ' leave', 'birds', 100, 100),
                           (9, 'https://l.example', 4, 'https://example.com/x', 'elsewhere', '', '', NULL, 200, 200)
                    """)
            }
        }
        let clock = ManualClock(Date(timeIntervalSince1970: 1_000))
        let highlights = try HighlightStore(database: try Database(path: path), now: clock.now)
        let kept = try #require(try highlights.highlight(id: 7, source: "embedded"))
        #expect(kept.subject == .bookmark(source: "embedded", id: 3, url: "https://example.com/herons"))
        #expect(kept.note == "birds" && kept.anchor.suffix == " leave" && kept.createdAt == Date(timeIntervalSince1970: 100))
        #expect(try highlights.highlights(source: "https://l.example", bookmarkID: 4).map(\.id) == [9])

        let document = UUID()
        let made = try highlights.add(HighlightDraft(quote: "platypus venom", suffix: " is", note: "check"), documentID: document)
        #expect(made.id > 9, "ids go on after the copied rows")
        #expect(made.subject == .document(document) && made.bookmarkID == nil && made.url == nil)
        #expect(try highlights.highlights(documentID: document) == [made])
        #expect(try highlights.highlights(source: "embedded").map(\.id) == [made.id, 7], "a document's are in every library, newest first")
        #expect(try highlights.highlights(source: "https://l.example").map(\.id) == [made.id, 9])
        #expect(try highlights.highlights(source: "embedded", matching: "VENOM").map(\.id) == [made.id])
        #expect(try highlights.highlights(source: "embedded", bookmarkID: 3).map(\.id) == [7], "a bookmark's list is its own")
        clock.advance(5)
        #expect(try highlights.updateNote(id: made.id, source: "embedded", note: "checked").note == "checked")
        #expect(try highlights.passageBlocks(documentID: document).map(\.text) == ["Highlights", "Highlighted: “platypus venom” Note: checked"])
        #expect(try highlights.passageBlocks(documentID: UUID()).isEmpty)
        try highlights.delete(id: made.id, source: "https://l.example")
        #expect(try highlights.highlights(documentID: document).isEmpty)

        let other = try highlights.add(HighlightDraft(quote: "echidnas"), documentID: document)
        #expect(try highlights.removeAll(documentIDs: [UUID()]) == 0)
        #expect(try highlights.removeAll(documentIDs: [document]) == 1, "purged with its document")
        #expect(try highlights.highlight(id: other.id, source: "embedded") == nil)
        #expect(try highlights.highlight(id: 7, source: "embedded") != nil, "bookmarks' highlights stay")
    }

    @Test(arguments: [
        "INSERT INTO highlights (source, bookmark_id, url, document_id, quote, created_at, updated_at) VALUES ('embedded', 1, 'u', '0a8e0f8c-2b1c-4d5e-9f00-111122223333', 'q', 0, 0)",
        "INSERT INTO highlights (quote, created_at, updated_at) VALUES ('q', 0, 0)",
        "INSERT INTO highlights (document_id, quote, created_at, updated_at) VALUES ('not a uuid', 'q', 0, 0)",
        "INSERT INTO highlights (document_id, quote, created_at, updated_at) VALUES ('0A8E0F8C-2B1C-4D5E-9F00-111122223333', 'q', 0, 0)",
        "INSERT INTO highlights (source, document_id, quote, created_at, updated_at) VALUES ('embedded', '0a8e0f8c-2b1c-4d5e-9f00-111122223333', 'q', 0, 0)",
        "INSERT INTO highlights (bookmark_id, url, quote, created_at, updated_at) VALUES (1, 'u', 'q', 0, 0)",
    ])
    func theSchemaTakesExactlyOneSubject(_ insert: String) throws {
        let directory = try TemporaryDirectory(prefix: "marks-highlights-subject")
        defer { directory.cleanUp() }
        let highlights = try HighlightStore(database: try Database(path: directory.file("marks.sqlite").path), now: { Date() })
        #expect(throws: (any Error).self) { try highlights.database.write { try $0.run(insert) } }
        #expect(try highlights.highlights(source: "embedded").isEmpty, "nothing stored")
    }
}
