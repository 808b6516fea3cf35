import Foundation
import HTMLExtraction

extension PassageHighlight {
    /// Elements a sentence runs on across: a quote with `<code>`, a link or emphasis inside is one text.
    static let inlineElements: Set<ArticleElement> = [
        .code, .kbd, .samp, .em, .strong, .b, .i, .u, .s, .del, .ins, .sub, .sup, .mark, .small, .q, .cite, .abbr, .a, .img, .br,
    ]

    /// The marks of a structured article, by the index of each text token that gets one: its ranges (UTF-16, within
    /// that token's text). Sentences are matched over the whole text of each block (a paragraph, heading, list item,
    /// cell…: the text of its tokens joined, a `br` read as a space, as passages are cut), so a quote that spans
    /// inline markup is found, and each text token inside the match is marked on its own, keeping the markup whole.
    func ranges(across tokens: [ArticleToken]) -> [Int: [NSRange]] {
        var result: [Int: [NSRange]] = [:]
        var text = ""
        var length = 0
        var pieces: [(index: Int, location: Int, length: Int)] = []
        func flush() {
            defer {
                text = ""
                length = 0
                pieces = []
            }
            guard !pieces.isEmpty else { return }
            let found = ranges(in: text)
            guard !found.isEmpty else { return }
            for piece in pieces {
                var local: [NSRange] = []
                for range in found {
                    let lower = max(range.location, piece.location)
                    let upper = min(NSMaxRange(range), piece.location + piece.length)
                    if lower < upper { local.append(NSRange(location: lower - piece.location, length: upper - lower)) }
                }
                if !local.isEmpty { result[piece.index] = local }
            }
        }
        for (index, token) in tokens.enumerated() {
            switch token {
            case .text(let value):
                let count = value.utf16.count
                pieces.append((index, length, count))
                text += value
                length += count
            case .start(.br, _):
                text += " "
                length += 1
            case .start(let element, _), .end(let element):
                if !Self.inlineElements.contains(element) { flush() }
            }
        }
        flush()
        return result
    }
}
