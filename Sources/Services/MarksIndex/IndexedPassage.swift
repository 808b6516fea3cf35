import SQLiteDatabase

/// A passage as the index keeps it: its document (a bookmark id, or a source's negated number), which text it was
/// cut from, its place there and its text. A `page` passage is a row of `index_passages`; a `fields` passage is cut
/// from the document's row when it is asked for (index migration 6), with an id of its own below zero.
public struct IndexedPassage: Sendable, Equatable {
    /// The passage's id: its row id (> 0) for a `page` passage, `fieldPassageID` (< 0) for a `fields` one.
    public var id: Int
    /// The document: a bookmark id (> 0) or a source (< 0).
    public var documentID: Int
    /// `fields` (title, summary, description, notes) or `page` (the archived page text, or a source's text).
    public var section: String
    /// Its position among its section's passages, 0 first.
    public var ordinal: Int
    /// The heading it is under (the bookmark's title for `fields`), empty when none.
    public var heading: String
    /// The page it is on (a PDF's), nil otherwise.
    public var page: Int?
    /// Where its text is in the section's flat text (`PassageSplitter.flatText`), in UTF-16 code units.
    public var range: Range<Int>
    public var text: String

    init(id: Int, documentID: Int, section: String, ordinal: Int, heading: String, page: Int?, range: Range<Int>, text: String) {
        self.id = id
        self.documentID = documentID
        self.section = section
        self.ordinal = ordinal
        self.heading = heading
        self.page = page
        self.range = range
        self.text = text
    }

    init(row: Row) throws {
        id = try row.int("id")
        documentID = try row.int("document_id")
        section = try row.string("section")
        ordinal = try row.int("ordinal")
        heading = try row.string("heading")
        page = try row.optionalInt("page")
        let start = try row.int("range_start")
        range = start..<max(start, try row.int("range_end"))
        text = try row.string("text")
    }

    /// Whether the passage belongs to a source rather than a bookmark.
    public var isSource: Bool { documentID < 0 }

    /// Ordinals a `fields` passage id has room for (more than `SearchIndex.maximumPassages`).
    private static let ordinalsPerDocument = 256

    /// The id of the `fields` passage `ordinal` of `document`: below zero, so it never meets a row id, and one per
    /// (document, ordinal) — the document zigzag-coded (bookmarks even, sources odd).
    static func fieldPassageID(document: Int, ordinal: Int) -> Int {
        let coded = document > 0 ? 2 * document : -2 * document + 1
        return -(coded * ordinalsPerDocument + ordinal) - 1
    }

    /// The document and ordinal of a `fields` passage id (`fieldPassageID`), nil for a row id.
    static func fieldPassage(id: Int) -> (document: Int, ordinal: Int)? {
        guard id < 0 else { return nil }
        let number = -(id + 1)
        let coded = number / ordinalsPerDocument
        let document = coded % 2 == 0 ? coded / 2 : -(coded - 1) / 2
        guard document != 0 else { return nil }
        return (document, number % ordinalsPerDocument)
    }
}
