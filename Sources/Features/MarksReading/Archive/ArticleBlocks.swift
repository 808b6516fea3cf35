import HTMLExtraction
import MarksCore

/// The headings and paragraphs of a sanitised article, in reading order, white space collapsed: what passages
/// are cut from (and the reader's plain paragraphs). A heading element gives a heading block; every other block
/// element (paragraph, list item, quote, preformatted text, caption) ends a paragraph. A table row is one paragraph:
/// its cells in order, the first followed by ": " and each later one by "; " (a space alone after a cell that ends in
/// punctuation), so a row of the logging levels table reads "DEBUG: Detailed information, typically of interest only
/// when diagnosing problems." — a sentence Ask can quote, where cell by cell it was a lone "DEBUG" and a description
/// that does not say what it describes.
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
        var row = TableRowReading()
        func flush(as kind: PassageBlock.Kind) {
            let text = buffer.collapsingWhitespace
            if !text.isEmpty { blocks.append(PassageBlock(kind, text)) }
            buffer = ""
        }
        for token in tokens {
            switch token {
            case .text(let text):
                if row.isOpen { row.append(text, to: &buffer) } else { buffer += text }
            case .start(.tr, _):
                if !row.isOpen { flush(as: headingDepth > 0 ? .heading : .paragraph) }
                row.start(.tr)
            case .end(.tr):
                row.end(.tr)
                if !row.isOpen { flush(as: .paragraph) }
            case .start(let element, _) where row.isOpen:
                row.start(element)
                if element == .br || breaking.contains(element) { buffer += " " }
            case .end(let element) where row.isOpen:
                if breaking.contains(element) { buffer += " " }
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

/// The reading of the table row being walked (`ArticleBlocks.blocks`): which cell the text belongs to, so the row's
/// cells are joined into one line with ": " after the first and "; " after each later one.
private struct TableRowReading {
    /// Rows open (a table inside a cell is read inside its row).
    private var depth = 0
    /// Cells of the row that had words so far.
    private var cells = 0
    /// A cell started and has had no words yet.
    private var cellStarted = false

    var isOpen: Bool { depth > 0 }

    mutating func start(_ element: ArticleElement) {
        switch element {
        case .tr:
            if depth == 0 { cells = 0 }
            depth += 1
            cellStarted = false
        case .td, .th:
            cellStarted = true
        default:
            break
        }
    }

    mutating func end(_ element: ArticleElement) {
        if element == .tr { depth = max(0, depth - 1) }
    }

    /// Appends `text` to the row's `buffer`, with the separator first when it holds a new cell's first words.
    mutating func append(_ text: String, to buffer: inout String) {
        guard cellStarted, text.contains(where: { !$0.isWhitespace }) else {
            buffer += text
            return
        }
        cellStarted = false
        cells += 1
        if cells > 1 {
            while buffer.last?.isWhitespace == true { buffer.removeLast() }
            if let last = buffer.last {
                buffer += ".,;:!?…".contains(last) ? " " : cells == 2 ? ": " : "; "
            }
        }
        buffer += text
    }
}
