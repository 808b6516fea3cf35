import Foundation
import Testing
@testable import MarksCore

/// The readers hand highlights back as values (`ImportedHighlight`: quote, note, date): what has a quote that fits
/// becomes one, a note without a quote or a quote too long for a Marks highlight stays in the notes as text, and the
/// same highlight twice in a file is kept once.
@Suite struct ImportedHighlightTests {
    static func entries(_ text: String, _ format: ImportFormat) throws -> [NetscapeEntry] {
        try ImportFormatTests.read(text, format).entries
    }

    @Test func omnivoresHighlightMarkdownIsSplitIntoQuotesAndTheirNotes() {
        let found = OmnivoreJSON.highlights(markdown: """
            > First line
            > second line [⤴️](https://omnivore.app/me/slug#abc)

            My note
            on two lines

            > Another [⤴️](https://omnivore.app/me/slug#def)

            """)
        #expect(found.map(\.quote) == ["First line\nsecond line", "Another"])
        #expect(found.map { $0.note.trimmingCharacters(in: .whitespacesAndNewlines) } == ["My note\non two lines", ""])
    }

    @Test func wallabagNotesWithoutAQuoteAndQuotesTooLongStayInTheNotes() throws {
        let long = String(repeating: "word ", count: 1_200)
        let json = """
            [{"url": "https://w.example/a", "title": "A", "is_archived": 0, "annotations": [
              {"quote": "kept", "text": "its note", "created_at": "2020-01-01T00:00:00+0100"},
              {"quote": "kept", "text": "its note"},
              {"quote": "", "text": "only a note"},
              {"quote": "\(long)", "text": "too long"}]}]
            """
        let entry = try #require(try Self.entries(json, .wallabag).first)
        #expect(entry.highlights == [ImportedHighlight(quote: "kept", note: "its note", date: Date(timeIntervalSince1970: 1_577_833_200))!],
                "the same quote and note once")
        #expect(entry.notes.hasPrefix("only a note\n\n> word word"), "\(entry.notes.prefix(60))")
        #expect(entry.notes.hasSuffix("\n\ntoo long"))
    }

    @Test func aReadwiseHighlightsExportJoinsItsRowsQuietly() throws {
        let csv = """
            Title,URL,Document tags,Saved date,Location,Highlight,Note,Highlighted at
            Doc,https://r.example/doc,[],2024-03-01 10:20:30+00:00,later,One,Note one,2024-03-02 09:00:00+00:00
            Doc,https://r.example/doc,[],2024-03-01 10:20:30+00:00,later,Two,,2024-03-02T09:05:00
            Other,https://r.example/other,[],2024-03-01,later,,,

            """
        #expect(ImportFormat.detect(csv) == .readwise)
        let read = try ImportFormatTests.read(csv, .readwise)
        #expect(read.entries.count == 2 && read.problems.isEmpty, "\(read.problems)")
        #expect(read.entries[0].highlights.map(\.quote) == ["One", "Two"] && read.entries[0].highlights.map(\.note) == ["Note one", ""])
        #expect(read.entries[0].highlights[1].date == Date(timeIntervalSince1970: 1_709_370_300))
        #expect(read.entries[1].highlights.isEmpty && read.entries[1].notes.isEmpty)
    }

    @Test func karakeepAndLinkwardenHighlightsWherePresent() throws {
        let karakeep = try Self.entries("""
            {"bookmarks": [{"id": "k", "createdAt": 1710000000, "title": "K", "content": {"type": "link", "url": "https://k.example/"},
              "highlights": [{"text": "words", "note": "why", "createdAt": "2024-03-09T16:00:00.000Z"}, {"text": " ", "note": "blank quote"}]}]}
            """, .karakeep)
        #expect(karakeep[0].highlights == [ImportedHighlight(quote: "words", note: "why", date: Date(timeIntervalSince1970: 1_710_000_000))!])
        #expect(karakeep[0].notes == "blank quote")
        let linkwarden = try Self.entries("""
            {"collections": [{"name": "C", "links": [{"name": "L", "url": "https://l.example/", "highlights": [{"text": "lw", "comment": "c"}]}]}]}
            """, .linkwarden)
        #expect(linkwarden[0].highlights.map(\.quote) == ["lw"] && linkwarden[0].highlights.map(\.note) == ["c"])
    }

    @Test func highlightsAsTextAreAddedToNotesOnce() {
        let highlights = [ImportedHighlight(quote: "q", note: "n")!, ImportedHighlight(quote: "r")!]
        let once = ImportedHighlight.notes(highlights, after: "Mine")
        #expect(once == "Mine\n\n> q\n\nn\n\n> r")
        #expect(ImportedHighlight.notes(highlights, after: once) == once, "a second import adds nothing")
        #expect(ImportedHighlight(quote: "  \n ") == nil)
    }
}
