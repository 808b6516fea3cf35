import Foundation
import HTMLExtraction

/// The text of a structured article as words are matched over it, with where each text token sits in it: the one
/// mapping from a match in the text back to the tokens, so a match that spans inline markup (`<code>`, a link,
/// emphasis) is marked in each text node on its own and the markup stays whole. By block (each paragraph, heading,
/// item, table row… on its own: Ask's quoted sentences) or as one text (a highlight may run over several paragraphs),
/// a `br` and each block boundary read as a space. A table row is one block, its cells read with a space between (Ask's
/// passages join them with ": " and "; ", which `PassageHighlight` lets match that space).
struct ArticleText {
    /// Elements a match runs on across within a block.
    static let inlineElements: Set<ArticleElement> = [
        .code, .kbd, .samp, .em, .strong, .b, .i, .u, .s, .del, .ins, .sub, .sup, .mark, .small, .q, .cite, .abbr, .a, .img, .br,
    ]

    /// Elements whose own text is only the white space between their children.
    static let tableStructure: Set<ArticleElement> = [.table, .thead, .tbody, .tfoot, .tr]

    /// One text matched at once and its text tokens' places in it (UTF-16).
    struct Span {
        var text = ""
        var length = 0
        var pieces: [(index: Int, location: Int, length: Int)] = []

        /// `ranges` of this span's text (UTF-16) as ranges within each text token they cover, by token index.
        func local(_ ranges: [NSRange]) -> [Int: [NSRange]] {
            var result: [Int: [NSRange]] = [:]
            for piece in pieces {
                for range in ranges {
                    let lower = max(range.location, piece.location)
                    let upper = min(NSMaxRange(range), piece.location + piece.length)
                    if lower < upper { result[piece.index, default: []].append(NSRange(location: lower - piece.location, length: upper - lower)) }
                }
            }
            return result
        }
    }

    let spans: [Span]

    /// The text of `tokens`, one span per block (`byBlock`) or one for the whole article.
    init(_ tokens: [ArticleToken], byBlock: Bool) {
        var spans: [Span] = []
        var current = Span()
        var open: [ArticleElement] = []
        func close(_ element: ArticleElement) {
            if let last = open.lastIndex(of: element) { open.removeSubrange(last...) }
        }
        func space() {
            if current.length > 0, current.text.last != " " {
                current.text += " "
                current.length += 1
            }
        }
        func boundary() {
            if byBlock && !open.contains(.tr) {
                if !current.pieces.isEmpty { spans.append(current) }
                current = Span()
            } else {
                space()
            }
        }
        for (index, token) in tokens.enumerated() {
            switch token {
            case .text(let value) where Self.tableStructure.contains(open.last ?? .p) && value.allSatisfy(\.isWhitespace):
                space()  // white space between cells or rows: not text a quote can mark (a mark there is not valid HTML)
            case .text(let value):
                let count = value.utf16.count
                current.pieces.append((index, current.length, count))
                current.text += value
                current.length += count
            case .start(.br, _):
                current.text += " "
                current.length += 1
            case .start(let element, _):
                if !Self.inlineElements.contains(element) { boundary() }
                if !element.isVoid { open.append(element) }
            case .end(let element):
                close(element)
                if !Self.inlineElements.contains(element) { boundary() }
            }
        }
        if !current.pieces.isEmpty { spans.append(current) }
        self.spans = spans
    }
}
