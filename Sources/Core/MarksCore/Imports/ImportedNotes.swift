/// Highlights and notes from another service kept as Markdown in a bookmark's notes: each highlight a quote, its note
/// beneath it.
enum ImportedNotes {
    /// `text` as a Markdown quote (`> ` before each line).
    static func quote(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "> " + $0 }.joined(separator: "\n")
    }

    /// Highlights (a quote and an optional note each) and a free note, as notes.
    static func notes(highlights: [(quote: String, note: String)], note: String = "") -> String {
        var parts: [String] = []
        if !note.isEmpty { parts.append(note) }
        for highlight in highlights {
            var part = highlight.quote.isEmpty ? "" : quote(highlight.quote)
            if !highlight.note.isEmpty { part += part.isEmpty ? highlight.note : "\n\n" + highlight.note }
            if !part.isEmpty { parts.append(part) }
        }
        return parts.joined(separator: "\n\n")
    }
}
