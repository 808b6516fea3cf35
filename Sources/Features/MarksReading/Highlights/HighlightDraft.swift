import Foundation
import MarksCore

/// A highlight as it is asked for (the reader's selection, a note), checked before it is stored: a quote with words
/// and bounded sizes. Sizes count Unicode scalars, as SQLite's `length()` does in the schema's checks.
public struct HighlightDraft: Sendable, Equatable {
    /// The longest quote.
    public static let maximumQuote = ImportedHighlight.maximumQuote
    /// The longest note.
    public static let maximumNote = ImportedHighlight.maximumNote
    /// The most context kept on each side (the reader sends ~32 characters).
    public static let maximumContext = 200

    public var anchor: TextQuote
    public var note: String?

    /// A draft; nothing is checked until `validated()`.
    public init(quote: String, prefix: String = "", suffix: String = "", note: String? = nil) {
        anchor = TextQuote(quote: quote, prefix: prefix, suffix: suffix)
        self.note = note
    }

    /// The draft checked: throws `HighlightError` for an empty or oversized quote, note or context; a blank note
    /// becomes none.
    public func validated() throws -> HighlightDraft {
        var checked = self
        guard anchor.quote.contains(where: { !$0.isWhitespace }) else { throw HighlightError.emptyQuote }
        let quoteLength = anchor.quote.unicodeScalars.count
        guard quoteLength <= Self.maximumQuote else { throw HighlightError.quoteTooLong(quoteLength) }
        for context in [anchor.prefix, anchor.suffix] {
            let length = context.unicodeScalars.count
            guard length <= Self.maximumContext else { throw HighlightError.contextTooLong(length) }
        }
        checked.note = try Self.checkedNote(note)
        return checked
    }

    /// A note checked: nil when blank, else trimmed of surrounding blank lines; throws when too long.
    public static func checkedNote(_ note: String?) throws -> String? {
        guard let note, note.contains(where: { !$0.isWhitespace }) else { return nil }
        let trimmed = note.trimmingCharacters(in: .whitespacesAndNewlines)
        let length = trimmed.unicodeScalars.count
        guard length <= maximumNote else { throw HighlightError.noteTooLong(length) }
        return trimmed
    }
}
