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
        var words: [String.UnicodeScalarView.SubSequence] = []
        var lineHasText = false
        var wordStart: String.UnicodeScalarView.Index?
        let scalars = text.unicodeScalars
        func flush() {
            if !words.isEmpty { blocks.append(PassageBlock(.paragraph, words.map { String($0) }.joined(separator: " "), page: page)) }
            words.removeAll()
        }
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if PassageSplitter.isSpace(scalar) {
                if let start = wordStart {
                    words.append(scalars[start..<index])
                    wordStart = nil
                }
                if scalar == "\n" {
                    if !lineHasText { flush() } // a blank line ends the paragraph
                    lineHasText = false
                }
            } else {
                if wordStart == nil { wordStart = index }
                lineHasText = true
            }
            index = scalars.index(after: index)
        }
        if let start = wordStart { words.append(scalars[start..<scalars.endIndex]) }
        flush()
        return blocks
    }
}
