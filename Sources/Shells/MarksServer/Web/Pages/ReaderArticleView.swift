import Foundation
import HTMLExtraction
import MarksFetch

/// Renders a sanitised article (`ArticleToken`s) as markup, checking again on the way out: only elements and
/// attributes from the allow-lists are written (names come from the enums, never from the page), every value
/// is escaped, links must be http(s) and get `rel="noopener noreferrer nofollow"`, images go through `imageURL`
/// (the signed proxy; an image it refuses is left out) with their size — the page's, else the one the proxy learnt
/// when it served the image, else `class="unsized"`, for which CSS reserves a box — `loading=lazy` and no
/// referrer, code blocks and tables are tab stops (so the keyboard can scroll them), and the elements are balanced (a stray end is dropped, whatever is left open is closed).
struct ReaderArticleView {
    var tokens: [ArticleToken]
    /// The proxied address of an image, or nil to leave it out.
    var imageURL: (String) -> SafeURL?
    /// What is marked: the words an Ask citation opens at (`?highlight=`) and the person's highlights, across inline
    /// markup (`ArticleMarks`, made over these tokens).
    var marks = ArticleMarks()
    /// Sizes learnt by the image proxy, by the image's own address, for images the page gave no size for.
    var imageSizes: [String: ImageSize] = [:]

    func render() -> HTML {
        var out: [UInt8] = []
        var open: [ArticleElement] = []
        var written = ArticleMarks.Written()
        for (index, token) in tokens.enumerated() {
            switch token {
            case .text(let text):
                marks.write(text, index: index, into: &out, written: &written)
            case .start(let element, let attributes):
                guard let tag = startTag(element, attributes) else { continue }
                out += tag.bytes
                if !element.isVoid { open.append(element) }
            case .end(let element):
                guard !element.isVoid, open.last == element else { continue }
                open.removeLast()
                out += Array("</\(element.rawValue)>".utf8)
            }
        }
        while let element = open.popLast() { out += Array("</\(element.rawValue)>".utf8) }
        return HTML(trustedBytes: out)
    }

    /// The start tag with its checked attributes; nil when the element cannot be shown (an image without a
    /// proxied source).
    private func startTag(_ element: ArticleElement, _ attributes: [ArticleAttribute]) -> HTML? {
        var out: [UInt8] = Array("<\(element.rawValue)".utf8)
        func add(_ name: String, _ value: String) {
            out += Array(" \(name)=\"".utf8)
            HTML.appendEscaped(value, to: &out)
            out.append(UInt8(ascii: "\""))
        }
        switch element {
        case .img:
            guard let src = attributes.first(where: { $0.name == .src }).flatMap({ imageURL($0.value) }) else { return nil }
            add("src", src.value)
            add("alt", attributes.first { $0.name == .alt }?.value ?? "")
            if let title = attributes.first(where: { $0.name == .title }) { add("title", title.value) }
            let width = attributes.first { $0.name == .width }.flatMap { Int($0.value) }
            let height = attributes.first { $0.name == .height }.flatMap { Int($0.value) }
            let learnt = attributes.first { $0.name == .src }.flatMap { imageSizes[$0.value] }
            if let width, let height {
                add("width", String(width))
                add("height", String(height))
            } else if let learnt {
                add("width", String(learnt.width))
                add("height", String(learnt.height))
            } else {
                // No size yet (the proxy learns it when it first serves the image): CSS reserves a 16:9 box.
                add("class", "unsized")
            }
            add("loading", "lazy")
            add("decoding", "async")
            add("referrerpolicy", "no-referrer")
        case .a:
            guard let href = attributes.first(where: { $0.name == .href }).flatMap({ SafeURL.web($0.value) }) else {
                // A link whose target does not pass stays as its text: an `a` without href.
                out += Array(">".utf8)
                return HTML(trustedBytes: out)
            }
            add("href", href.value)
            if let title = attributes.first(where: { $0.name == .title }) { add("title", title.value) }
            add("rel", "noopener noreferrer nofollow")
        case .pre, .table:
            // A code block or a wide table scrolls sideways: a tab stop lets the keyboard scroll it (axe:
            // scrollable-region-focusable). A table keeps its spans' attributes on its cells, none of its own.
            add("tabindex", "0")
        default:
            for attribute in attributes {
                switch attribute.name {
                case .colspan, .rowspan, .start:
                    if let number = Int(attribute.value), number >= 0 { add(attribute.name.rawValue, String(number)) }
                case .scope:
                    if ["row", "col", "rowgroup", "colgroup"].contains(attribute.value) { add("scope", attribute.value) }
                case .title:
                    add("title", attribute.value)
                case .href, .src, .alt, .width, .height:
                    continue
                }
            }
        }
        out += Array(">".utf8)
        return HTML(trustedBytes: out)
    }

    /// The addresses of the images in `tokens` that carry no size of their own (what to ask `ReaderImageSizes` for).
    static func unsizedImages(_ tokens: [ArticleToken]) -> [String] {
        tokens.compactMap { token in
            guard case .start(.img, let attributes) = token, !attributes.contains(where: { $0.name == .width }) else { return nil }
            return attributes.first { $0.name == .src }?.value
        }
    }
}
