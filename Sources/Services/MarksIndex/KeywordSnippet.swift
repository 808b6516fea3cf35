/// Where a keyword search matched a document and the words around the match, cut by FTS5's `snippet()` from the
/// one stored copy of the text (the document's row, or the archived page's passage).
public struct KeywordSnippet: Sendable, Equatable {
    /// The text that matched.
    public enum Place: String, Sendable, Equatable {
        /// Title, tags, summary, description, notes or URL.
        case fields
        /// The archived page text, or a document's own text.
        case page
    }

    /// Marks the start of a matched word in `text` (a private-use character, never in stored text's meaning).
    public static let open: Character = "\u{E000}"
    /// Marks the end of a matched word in `text`.
    public static let close: Character = "\u{E001}"
    /// What `snippet()` puts where it cut the text.
    static let ellipsis = "…"
    /// Tokens a snippet shows at most.
    static let tokens = 16

    /// Which text matched.
    public var place: Place
    /// The words around the match, each matched word between `open` and `close`.
    public var text: String
    /// The passage that matched (a page match), for a link to the place.
    public var passageID: Int?

    /// A snippet value.
    public init(place: Place, text: String, passageID: Int? = nil) {
        self.place = place
        self.text = text
        self.passageID = passageID
    }

    /// The snippet as runs of plain and matched text, in order, for a shell to render (markup, terminal).
    public var runs: [(text: String, matched: Bool)] {
        var runs: [(text: String, matched: Bool)] = []
        var current = ""
        var matched = false
        for character in text {
            if character == Self.open || character == Self.close {
                if !current.isEmpty { runs.append((current, matched)) }
                current = ""
                matched = character == Self.open
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { runs.append((current, matched)) }
        return runs
    }

    /// The snippet without its marks.
    public var plainText: String { runs.map(\.text).joined() }
}
