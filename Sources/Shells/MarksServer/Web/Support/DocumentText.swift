import HTMLExtraction
import MarksDocuments

/// A document's text as its page shows it — the body, or a PDF's or EPUB's pages, each re-flowed into paragraphs,
/// lists and lines (`TextReflow`) or kept whole — as blocks whose strings are text tokens of one article, so a
/// document is marked (an Ask citation, the person's highlights) and a new highlight is checked through the reader's
/// one mapping from words to text (`ArticleText`, `ArticleMarks`).
struct DocumentText {
    /// A block of the text; each `Int` is the index of its string's text token in `tokens`.
    enum Block {
        case paragraph(Int)
        case line(Int)
        case list(ordered: Bool, start: Int?, items: [Int])
        /// Text kept with its line breaks (not re-flowed).
        case whole(Int)
    }

    /// The body (`page` nil) or one page, with its marker ("p. 3", a text token too, so a selection across pages is
    /// found) and its blocks (none: the page has no text).
    struct Part {
        var page: Int?
        var marker: Int?
        var blocks: [Block]
    }

    private(set) var parts: [Part] = []
    /// Each string shown as a paragraph of its own.
    private(set) var tokens: [ArticleToken] = []

    /// The text of `document` as its page shows it.
    init(_ document: StoredDocument) {
        guard !document.pages.isEmpty else {
            parts = [Part(page: nil, marker: nil, blocks: blocks(document.body, reflows: Self.reflows(document.summary)))]
            return
        }
        for (offset, page) in document.pages.enumerated() {
            let marker = token(document.summary.pageMarker(offset + 1))
            parts.append(Part(page: offset + 1, marker: marker, blocks: page.isEmpty ? [] : blocks(page, reflows: Self.reflows(document.summary))))
        }
    }

    /// The string of text token `index`.
    func string(_ index: Int) -> String {
        if case .text(let text) = tokens[index] { return text }
        return ""
    }

    /// The whole text as a highlight is placed in it (blocks read as spaces between them).
    var placingText: String { ArticleText(tokens, byBlock: false).spans.first?.text ?? "" }

    /// Whether a document's text is shown re-flowed (`TextReflow`): a PDF's pages, pasted text and plain-text files;
    /// an EPUB's chapters and other files (code, data, Markdown) keep their lines.
    static func reflows(_ summary: DocumentSummary) -> Bool {
        switch summary.kind {
        case .pdf, .text: true
        case .file: summary.mediaType.map { $0.hasPrefix("text/plain") } ?? false
        }
    }

    private mutating func blocks(_ text: String, reflows: Bool) -> [Block] {
        guard reflows else { return [.whole(token(text))] }
        var out: [Block] = []
        for block in TextReflow.blocks(text) {
            switch block {
            case .listItem(let item, let number):
                let index = token(item)
                if case .list(let ordered, let start, let items)? = out.last, ordered == (number != nil) {
                    out[out.count - 1] = .list(ordered: ordered, start: start, items: items + [index])
                } else {
                    out.append(.list(ordered: number != nil, start: number, items: [index]))
                }
            case .paragraph(let paragraph): out.append(.paragraph(token(paragraph)))
            case .line(let line): out.append(.line(token(line)))
            }
        }
        return out
    }

    private mutating func token(_ text: String) -> Int {
        tokens += [.start(.p, []), .text(text), .end(.p)]
        return tokens.count - 2
    }
}
