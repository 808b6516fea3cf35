import Foundation

/// A passage of a bookmark's page text or of a document's text the person marked, with an optional note. It is
/// anchored by its quote and the words around it (`TextQuote`, the Web Annotation TextQuoteSelector idea), not by a
/// position, so it is found again when the text is fetched or extracted anew — or said to be unplaced when the words
/// are gone.
public struct Highlight: Sendable, Equatable, Codable {
    public var id: Int
    /// The bookmark or document it was made on.
    public var subject: HighlightSubject
    /// The exact words and their context.
    public var anchor: TextQuote
    /// The person's note; nil when none.
    public var note: String?
    public var createdAt: Date
    public var updatedAt: Date

    /// A value.
    public init(id: Int, subject: HighlightSubject, anchor: TextQuote, note: String?, createdAt: Date, updatedAt: Date) {
        self.id = id
        self.subject = subject
        self.anchor = anchor
        self.note = note
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// The marked words.
    public var quote: String { anchor.quote }

    /// The bookmark it was made on, or nil (a document's).
    public var bookmarkID: Int? {
        if case .bookmark(_, let id, _) = subject { id } else { nil }
    }

    /// The bookmark's address when the highlight was made, or nil (a document's).
    public var url: String? {
        if case .bookmark(_, _, let url) = subject { url } else { nil }
    }

    /// The document it was made on, or nil (a bookmark's).
    public var documentID: UUID? {
        if case .document(let id) = subject { id } else { nil }
    }
}
