import Foundation

/// Turns what was shared into a bookmark: the first bookmarkable http/https link, an optional title,
/// and the surrounding text as notes (see `IngestLinkScanner` for what counts as a link in text and
/// `IngestNotes` for how notes are cleaned).
public enum IngestPayloadParser {
    /// Only this many bytes of each payload are read; the rest is ignored.
    public static let maximumPayloadBytes = 8 * 1024 * 1024
    /// Notes are capped at this many characters.
    public static let maximumNotesLength = IngestNotes.maximumLength

    /// Scans `payloads` in the order given (callers put a URL payload first, as the share sheet does)
    /// and returns the first bookmarkable link. Notes come from the first text-bearing payload (plain
    /// text, RTF, attachment, HTML) that has text once every occurrence of that link is removed.
    /// Throws `IngestError.noLinkFound` when no payload has an http/https link. HTML payloads are read by
    /// `readHTML`.
    public static func parse(_ payloads: [IngestPayload], readHTML: @escaping IngestHTMLReader) throws -> IngestResult {
        let readings = payloads.map { IngestPayloadReading($0, htmlReader: readHTML) }
        guard let chosen = readings.lazy.compactMap(\.link).first else { throw IngestError.noLinkFound }
        let title = chosen.title ?? readings.lazy.compactMap(\.pageTitle).first
        var notes = ""
        for reading in readings {
            guard let text = reading.text else { continue }
            let candidate = IngestNotes.make(from: text, removing: reading.removals(of: chosen.url))
            if !candidate.isEmpty {
                notes = candidate
                break
            }
        }
        if let title, notes.caseInsensitiveCompare(title) == .orderedSame { notes = "" }
        return IngestResult(url: chosen.url, title: title, notes: notes)
    }
}
