import Foundation

/// A highlight read from another service's export (a Readwise highlight, a Wallabag annotation, an Omnivore
/// highlight, an Instapaper selection…): the words quoted, the person's note on them and when it was made. It has no
/// context around the quote — the service kept none Marks can use — so the reader places it by its words alone when
/// the page is read (or says it cannot). The feature layer stores it as a Marks highlight; where no highlight store
/// is given, `notes(_:after:)` keeps it as text in the bookmark's notes.
public struct ImportedHighlight: Sendable, Equatable, Hashable {
    /// The longest quote a Marks highlight keeps (Unicode scalars); a longer one stays in the notes as text.
    public static let maximumQuote = 5_000
    /// The longest note a Marks highlight keeps (Unicode scalars); a longer one stays in the notes as text.
    public static let maximumNote = 10_000

    /// The quoted words, trimmed; never empty.
    public var quote: String
    /// The note on them, trimmed; empty when none.
    public var note: String
    /// When it was made, when the export says.
    public var date: Date?

    /// A highlight; nil when `quote` has no words.
    public init?(quote: String, note: String = "", date: Date? = nil) {
        let quote = quote.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !quote.isEmpty else { return nil }
        self.quote = quote
        self.note = note.trimmingCharacters(in: .whitespacesAndNewlines)
        self.date = date
    }

    /// Whether it fits a Marks highlight (`maximumQuote`, `maximumNote`).
    public var fits: Bool {
        quote.unicodeScalars.count <= Self.maximumQuote && note.unicodeScalars.count <= Self.maximumNote
    }

    /// `notes` with `highlights` after them as Markdown (each a quote, its note beneath), skipping any already there:
    /// highlights kept as text where they cannot be kept as highlights.
    public static func notes(_ highlights: [ImportedHighlight], after notes: String) -> String {
        var text = notes
        for highlight in highlights {
            let part = ImportedNotes.notes(highlights: [(highlight.quote, highlight.note)])
            guard !part.isEmpty, !text.contains(part) else { continue }
            text = text.isEmpty ? part : text + "\n\n" + part
        }
        return text
    }
}
