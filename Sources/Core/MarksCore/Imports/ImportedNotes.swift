import Foundation

/// Highlights and notes from another service: a quote becomes an `ImportedHighlight`; what cannot be one (a note
/// without a quote, a quote too long for a Marks highlight) is kept as Markdown in the bookmark's notes, each quote
/// with its note beneath it.
enum ImportedNotes {
    /// Adds `annotations` (a quote, a note, a date each) to `entry`: each with a quote that fits as a highlight (the
    /// same quote and note once), the rest as text in its notes.
    static func add(_ annotations: [(quote: String, note: String, date: Date?)], to entry: inout NetscapeEntry) {
        var text: [(quote: String, note: String)] = []
        for annotation in annotations {
            if let highlight = ImportedHighlight(quote: annotation.quote, note: annotation.note, date: annotation.date), highlight.fits {
                if !entry.highlights.contains(where: { $0.quote == highlight.quote && $0.note == highlight.note }) {
                    entry.highlights.append(highlight)
                }
            } else {
                text.append((annotation.quote.importTrimmed, annotation.note.importTrimmed))
            }
        }
        let kept = notes(highlights: text)
        guard !kept.isEmpty, !entry.notes.contains(kept) else { return }
        entry.notes = entry.notes.isEmpty ? kept : entry.notes + "\n\n" + kept
    }

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
