import Foundation

/// The paste box and the share target: the first http(s) URL in any text, and the words around it kept
/// as notes. One call (`extract`) so the shared `IngestPayloadParser` can take over without touching pages.
enum PastedText {
    /// What a paste yielded.
    struct Result: Equatable {
        var url: String?
        var notes: String
    }

    /// Notes are capped like the share extension's.
    static let notesLimit = 1800

    static func extract(_ text: String) -> Result {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).map(String.init)
        var url: String?
        var rest: [String] = []
        for word in words {
            if url == nil, let found = webURL(in: word) {
                url = found
                continue
            }
            rest.append(word)
        }
        let notes = rest.joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines)
        return Result(url: url, notes: String(notes.prefix(notesLimit)))
    }

    private static func webURL(in word: String) -> String? {
        let lower = word.lowercased()
        guard let start = lower.range(of: "https://") ?? lower.range(of: "http://") else { return nil }
        var candidate = String(word[start.lowerBound...])
        while let last = candidate.last, ".,;:!?)]}>\"'»”’".contains(last) { candidate.removeLast() }
        return URLComponents(string: candidate)?.host?.isEmpty == false ? candidate : nil
    }
}
