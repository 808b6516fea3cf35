import HTMLExtraction
import MarksCore

/// The headings and paragraphs of a sanitised article, in reading order, white space collapsed: what passages
/// are cut from (and the reader's plain paragraphs). A heading element gives a heading block; every other block
/// element (paragraph, list item, quote, preformatted text, table cell, caption) ends a paragraph.
enum ArticleBlocks {
    private static let headings: Set<ArticleElement> = [.h2, .h3, .h4, .h5, .h6]
    private static let breaking: Set<ArticleElement> = [
        .p, .div, .ul, .ol, .li, .dl, .dt, .dd, .blockquote, .pre, .figure, .figcaption, .table, .caption, .thead,
        .tbody, .tfoot, .tr, .th, .td, .hr,
    ]

    /// The blocks of `tokens`.
    static func blocks(of tokens: [ArticleToken]) -> [PassageBlock] {
        var blocks: [PassageBlock] = []
        var buffer = ""
        var headingDepth = 0
        func flush(as kind: PassageBlock.Kind) {
            let text = buffer.collapsingWhitespace
            if !text.isEmpty { blocks.append(PassageBlock(kind, text)) }
            buffer = ""
        }
        for token in tokens {
            switch token {
            case .text(let text):
                buffer += text
            case .start(let element, _):
                if headings.contains(element) {
                    flush(as: .paragraph)
                    headingDepth += 1
                } else if element == .br {
                    buffer += " "
                } else if breaking.contains(element) && headingDepth == 0 {
                    flush(as: .paragraph)
                }
            case .end(let element):
                if headings.contains(element) {
                    headingDepth = max(0, headingDepth - 1)
                    flush(as: .heading)
                } else if breaking.contains(element) && headingDepth == 0 {
                    flush(as: .paragraph)
                }
            }
        }
        flush(as: headingDepth > 0 ? .heading : .paragraph)
        return blocks
    }

    /// The prose paragraphs of `tokens`, white space collapsed: what a summary is made from. Headings, preformatted
    /// text (code) and tables are left out; every other block element ends a paragraph.
    static func prose(of tokens: [ArticleToken]) -> [String] {
        let skipped: Set<ArticleElement> = headings.union([.pre, .table])
        var paragraphs: [String] = []
        var buffer = ""
        var skipDepth = 0
        func flush() {
            let text = buffer.collapsingWhitespace
            if !text.isEmpty { paragraphs.append(text) }
            buffer = ""
        }
        for token in tokens {
            switch token {
            case .text(let text):
                if skipDepth == 0 { buffer += text }
            case .start(let element, _):
                if skipped.contains(element) {
                    if skipDepth == 0 { flush() }
                    skipDepth += 1
                } else if element == .br {
                    buffer += " "
                } else if breaking.contains(element) && skipDepth == 0 {
                    flush()
                }
            case .end(let element):
                if skipped.contains(element) {
                    skipDepth = max(0, skipDepth - 1)
                } else if breaking.contains(element) && skipDepth == 0 {
                    flush()
                }
            }
        }
        flush()
        return paragraphs
    }

    /// Plain paragraphs as article tokens (a page whose article had no structure).
    static func tokens(paragraphs: [String]) -> [ArticleToken] {
        paragraphs.flatMap { [ArticleToken.start(.p, []), .text($0), .end(.p)] }
    }
}
