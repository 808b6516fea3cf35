/// One block of a text to be split into passages: a heading or a paragraph, with the page it is on (a PDF's
/// page; nil for a web page or a note).
public struct PassageBlock: Sendable, Equatable {
    /// What the block is.
    public enum Kind: Sendable, Equatable {
        /// A heading: it names the passages after it, up to the next heading.
        case heading
        /// Running text (a paragraph, list item, quote or table cell).
        case paragraph
    }

    public var kind: Kind
    /// The block's text, white space collapsed.
    public var text: String
    /// The page the block is on, 1 first; nil when the text has no pages.
    public var page: Int?

    /// A block value.
    public init(_ kind: Kind, _ text: String, page: Int? = nil) {
        self.kind = kind
        self.text = text
        self.page = page
    }

    /// Plain text as paragraph blocks: one per run of lines between blank lines, white space collapsed.
    public static func paragraphs(of text: String, page: Int? = nil) -> [PassageBlock] {
        var blocks: [PassageBlock] = []
        var lines: [Substring] = []
        func flush() {
            let joined = lines.joined(separator: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
            if !joined.isEmpty { blocks.append(PassageBlock(.paragraph, joined, page: page)) }
            lines.removeAll()
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.allSatisfy(\.isWhitespace) { flush() } else { lines.append(line) }
        }
        flush()
        return blocks
    }
}
