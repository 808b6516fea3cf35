import Foundation

/// A passage of a bookmark's page text the person marked, with an optional note. It is anchored by its quote and
/// the words around it (`TextQuote`, the Web Annotation TextQuoteSelector idea), not by a position, so it is found
/// again when the page text is fetched anew — or said to be unplaced when the words are gone.
public struct Highlight: Sendable, Equatable, Codable {
    public var id: Int
    /// The bookmark source the bookmark lives in (`BookmarkSource.identity`): ids are per source.
    public var source: String
    public var bookmarkID: Int
    /// The bookmark's address when the highlight was made.
    public var url: String
    /// The exact words and their context.
    public var anchor: TextQuote
    /// The person's note; nil when none.
    public var note: String?
    public var createdAt: Date
    public var updatedAt: Date

    /// A value.
    public init(id: Int, source: String, bookmarkID: Int, url: String, anchor: TextQuote, note: String?, createdAt: Date, updatedAt: Date) {
        self.id = id
        self.source = source
        self.bookmarkID = bookmarkID
        self.url = url
        self.anchor = anchor
        self.note = note
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// The marked words.
    public var quote: String { anchor.quote }
}
