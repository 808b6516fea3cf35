import Foundation

/// What a highlight was made on: a bookmark of a bookmark source (ids are per source; its address when the highlight
/// was made), or a document (a pasted text, PDF, EPUB or file of the Sources tab, by its id; documents are not per
/// source). One table keeps both (`HighlightSchema` migration 3).
public enum HighlightSubject: Sendable, Equatable, Hashable, Codable {
    case bookmark(source: String, id: Int, url: String)
    case document(UUID)
}
