/// Why a highlight could not be made, changed or read, in words a person can act on.
public enum HighlightError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The quote has no words.
    case emptyQuote
    /// The quote is longer than `HighlightDraft.maximumQuote` characters.
    case quoteTooLong(Int)
    /// The note is longer than `HighlightDraft.maximumNote` characters.
    case noteTooLong(Int)
    /// The context around the quote is longer than `HighlightDraft.maximumContext` characters.
    case contextTooLong(Int)
    /// The quote is not in the page's text.
    case notInText
    /// No highlight has this id.
    case notFound(Int)
    /// The database failed.
    case storage(String)

    public var description: String {
        switch self {
        case .emptyQuote: "Select some words to highlight."
        case .quoteTooLong(let count):
            "A highlight is at most \(HighlightDraft.maximumQuote) characters; this one has \(count). Select less."
        case .noteTooLong(let count):
            "A note is at most \(HighlightDraft.maximumNote) characters; this one has \(count)."
        case .contextTooLong(let count):
            "The words around a highlight are at most \(HighlightDraft.maximumContext) characters each side; got \(count)."
        case .notInText: "Those words are not in this page's text, so they cannot be highlighted."
        case .notFound(let id): "There is no highlight \(id)."
        case .storage(let message): "Highlights could not be read or written: \(message)"
        }
    }
}
