import Foundation
import HTMLExtraction
import MarksCore

/// A fetched page as the narration sees it: the readable article's structure (through the HTML wrapper's
/// sanitised article tokens) turned into `ArticleBlock`s — headings, paragraphs, list items, quotes, code, tables —
/// with the page's title, host and `lang`. Footnote references (`<sup>1</sup>`) are dropped.
public enum PodcastArticle {
    /// The narration source of `html` fetched from `url`. Throws `PodcastError.unreadable` when it cannot be parsed.
    public static func source(html: Data, url: URL) throws -> NarrationSource {
        let document: HTMLDocument
        do {
            document = try HTMLDocument(html: html, url: url)
        } catch {
            throw PodcastError.unreadable("its HTML could not be parsed")
        }
        let readable = document.readableText()
        let content = document.article()
        var blocks = content.isEmpty ? [] : self.blocks(content.tokens)
        if blocks.isEmpty { blocks = readable.paragraphs.map(ArticleBlock.paragraph) }
        let title = content.title ?? readable.title ?? document.metadata.bestTitle
        return NarrationSource(title: title, origin: .article(site: site(of: url)), language: readable.language ?? document.metadata.language,
                               blocks: blocks)
    }

    /// The narration source of an article kept earlier (the page-text archive's sanitised tokens), read without
    /// the network.
    public static func source(article: ArticleContent, title: String?, url: URL) -> NarrationSource {
        NarrationSource(title: article.title ?? title, origin: .article(site: site(of: url)), language: nil, blocks: blocks(article.tokens))
    }

    /// The narration source of a plain-text page.
    public static func source(plainText: String, url: URL) -> NarrationSource {
        NarrationSource(title: nil, origin: .article(site: site(of: url)), language: nil, blocks: PlainTextBlocks.blocks(from: plainText))
    }

    /// The host of `url` without "www.".
    public static func site(of url: URL) -> String {
        let host = url.host?.lowercased() ?? ""
        return host.hasPrefix("www.") ? String(host.dropFirst(4)) : host
    }

    private enum Container {
        case heading(Int), paragraph, listItem, quote, code, table, caption
    }

    /// Walks the tokens with a stack of containers; text goes to the innermost one, and each container's text
    /// becomes a block when it ends (or when a nested block starts inside it).
    static func blocks(_ tokens: [ArticleToken]) -> [ArticleBlock] {
        var blocks: [ArticleBlock] = []
        var stack: [Container] = []
        var text = ""
        var code = ""
        var rows = 0
        var caption: String?
        var superscript = 0

        func flush() {
            let collapsed = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
            text = ""
            guard !collapsed.isEmpty else { return }
            let quoted = stack.contains { if case .quote = $0 { true } else { false } }
            switch stack.last {
            case .heading(let level)?: blocks.append(.heading(level: level, text: collapsed))
            case _ where quoted: blocks.append(.quote(collapsed))
            case .listItem?: blocks.append(.listItem(collapsed))
            default: blocks.append(.paragraph(collapsed))
            }
        }

        for token in tokens {
            let inTable = stack.contains { if case .table = $0 { true } else { false } }
            let inCode = stack.contains { if case .code = $0 { true } else { false } }
            switch token {
            case .text(let value):
                if inCode { code += value } else if inTable {
                    if case .caption? = stack.last { caption = (caption ?? "") + value }
                } else if superscript > 0 {
                    // "<sup>1</sup>", "<sup>[2]</sup>": a footnote reference, not speech.
                    if !value.allSatisfy({ $0.isNumber || "[]()*†‡, ".contains($0) }) { text += value }
                } else {
                    text += value
                }
            case .start(let element, _):
                if inCode || (inTable && element != .caption) {
                    if element == .tr { rows += 1 }
                    continue
                }
                switch element {
                case .h2, .h3, .h4, .h5, .h6:
                    flush(); stack.append(.heading(Int(String(element.rawValue.dropFirst())) ?? 2))
                case .p, .dd, .dt, .figcaption:
                    flush(); stack.append(.paragraph)
                case .li:
                    flush(); stack.append(.listItem)
                case .blockquote:
                    flush(); stack.append(.quote)
                case .pre:
                    flush(); stack.append(.code); code = ""
                case .table:
                    flush(); stack.append(.table); rows = 0; caption = nil
                case .caption:
                    stack.append(.caption)
                case .sup:
                    superscript += 1
                case .br:
                    text += " "
                default:
                    if element == .div || element == .ul || element == .ol || element == .dl || element == .figure { flush() }
                }
            case .end(let element):
                if inCode, element != .pre { continue }
                if inTable, element != .table, element != .caption { continue }
                switch element {
                case .h2, .h3, .h4, .h5, .h6, .p, .dd, .dt, .figcaption, .li, .blockquote:
                    flush()
                    if !stack.isEmpty { stack.removeLast() }
                case .pre:
                    if !stack.isEmpty { stack.removeLast() }
                    blocks.append(.code(code))
                    code = ""
                case .caption:
                    if !stack.isEmpty { stack.removeLast() }
                case .table:
                    if !stack.isEmpty { stack.removeLast() }
                    let named = caption?.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
                    blocks.append(.table(rows: rows, caption: named?.isEmpty == false ? named : nil))
                case .sup:
                    superscript = max(0, superscript - 1)
                case .div, .ul, .ol, .dl, .figure:
                    flush()
                default:
                    break
                }
            }
        }
        flush()
        return blocks
    }
}
