import SQLiteDatabase

/// A passage as the index keeps it: its document (a bookmark id, or a source's negated number), which text it was
/// cut from, its place there and its text.
public struct IndexedPassage: Sendable, Equatable {
    /// The passage's row id.
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
}
