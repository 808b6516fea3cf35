import Foundation

/// Turns the article's elements into `ArticleToken`s through allow-lists: elements by name (`ArticleElement`;
/// `h1` becomes `h2`, `section`/`article`/`main` become `div`, `tt` becomes `code`), attributes by name and by
/// checked value (`href` and `src` resolved against the page and kept only when http(s); sizes and spans
/// digits only). Everything else is unwrapped — its text stays — or, for scripts, styles, SVG, MathML, frames,
/// forms, media and page furniture, dropped with its content. No `style`, no event handler, no `javascript:` or
/// `data:` URL can pass, because nothing outside the lists is ever copied. Open elements are capped at
/// `maximumDepth` (deeper ones are unwrapped), and the walk is iterative, so no nesting exhausts the stack.
struct ArticleSanitizer {
    /// Elements kept open at once at most; deeper elements are unwrapped.
    static let maximumDepth = 32

    let document: HTMLDocument
    let classifier: BoilerplateClassifier
    let stats: [UnsafeMutableRawPointer: ElementStats]
    let titleKey: String?

    private(set) var tokens: [ArticleToken] = []
    private(set) var wordCount = 0
    private(set) var imageCount = 0
    private var open: [ArticleElement?] = []
    private var openCount = 0
    private var preformattedDepth = 0
    private var pendingText: [UInt8] = []
    private var sawText = false

    init(document: HTMLDocument, classifier: BoilerplateClassifier, stats: [UnsafeMutableRawPointer: ElementStats], title: String?) {
        self.document = document
        self.classifier = classifier
        self.stats = stats
        self.titleKey = title.map(HTMLDocument.comparisonKey)
    }

    /// Elements dropped with everything inside them (beyond the classifier's furniture and invisible elements).
    static let droppedTags: Set<String> = [
        "script", "style", "svg", "math", "iframe", "frame", "frameset", "object", "embed", "applet", "form", "input",
        "button", "select", "textarea", "template", "noscript", "video", "audio", "canvas", "map", "head", "title",
        "meta", "link", "base", "dialog", "portal", "slot",
    ]

    /// HTML5 void elements that libxml2 2.9 parses as containers of whatever follows them.
    static let voidElementsUnknownToTheParser: Set<String> = ["embed", "source", "track", "wbr", "param", "keygen"]

    /// Tags renamed on the way in.
    static let renamed: [String: ArticleElement] = [
        "h1": .h2, "section": .div, "article": .div, "main": .div, "center": .div, "tt": .code, "strike": .s,
    ]

    /// Sanitises everything below `root` (not `root` itself when it is the scope; the root's own element
    /// goes through the same lists).
    mutating func add(_ root: HTMLNode, includingRoot: Bool) {
        if includingRoot, root.isElement {
            guard enter(root) == .descend else { return }
            HTMLTreeWalker.walk(below: root, enter: { enter($0) }, exit: { exit($0) })
            exit(root)
        } else {
            HTMLTreeWalker.walk(below: root, enter: { enter($0) }, exit: { exit($0) })
        }
    }

    /// The tokens, with any text still pending flushed and every open element closed.
    mutating func finish() -> [ArticleToken] {
        flushText()
        return tokens
    }

    private mutating func enter(_ node: HTMLNode) -> HTMLWalkStep {
        guard node.isElement else {
            node.withTextBytes { appendText($0) }
            return .skipChildren
        }
        let tag = node.tagName
        // Void elements libxml2 2.9 does not know as void hold what followed them: look inside, keep nothing of theirs.
        if Self.voidElementsUnknownToTheParser.contains(tag) {
            open.append(nil)
            return .descend
        }
        if Self.droppedTags.contains(tag) || HTMLVocabulary.invisibleTags.contains(tag) || classifier.isBoilerplate(node, tag: tag) {
            return .skipChildren
        }
        if isFurniture(node, tag: tag) { return .skipChildren }
        guard let element = Self.renamed[tag] ?? ArticleElement(rawValue: tag), openCount < Self.maximumDepth else {
            open.append(nil)
            return .descend
        }
        switch element {
        case .img:
            if let attributes = imageAttributes(node) {
                emit(.start(.img, attributes))
                imageCount += 1
            }
            return .skipChildren
        case .br, .hr:
            emit(.start(element, []))
            return .skipChildren
        case .a:
            guard let href = node.attribute("href").flatMap(webURL) else {
                open.append(nil)
                return .descend
            }
            var attributes = [ArticleAttribute(.href, href)]
            if let title = node.attribute("title").flatMap({ Self.plain($0, limit: 300) }) { attributes.append(ArticleAttribute(.title, title)) }
            start(element, attributes)
        default:
            start(element, attributes(of: node, for: element))
        }
        if element == .pre { preformattedDepth += 1 }
        return .descend
    }

    private mutating func exit(_ node: HTMLNode) {
        guard let element = open.popLast() else { return }
        guard let element else { return }
        if element == .pre { preformattedDepth = max(0, preformattedDepth - 1) }
        openCount -= 1
        emit(.end(element))
    }

    private mutating func start(_ element: ArticleElement, _ attributes: [ArticleAttribute]) {
        emit(.start(element, attributes))
        open.append(element)
        openCount += 1
    }

    private mutating func emit(_ token: ArticleToken) {
        flushText()
        tokens.append(token)
    }

    // MARK: Text

    /// Appends a text node: white space collapsed to single spaces (kept as it is inside `pre`).
    private mutating func appendText(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !bytes.isEmpty else { return }
        if preformattedDepth > 0 {
            pendingText.append(contentsOf: bytes)
            sawText = true
            return
        }
        var inSpace = pendingText.last == 0x20
        for byte in bytes {
            if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C {
                if !inSpace { pendingText.append(0x20) }
                inSpace = true
            } else if byte >= 0x20 && byte != 0x7F {
                pendingText.append(byte)
                inSpace = false
                sawText = true
            }
        }
    }

    private mutating func flushText() {
        guard !pendingText.isEmpty else { return }
        let text = String(decoding: pendingText, as: UTF8.self)
        pendingText.removeAll(keepingCapacity: true)
        wordCount += text.split(whereSeparator: \.isWhitespace).count
        if case .text(let previous)? = tokens.last {
            tokens[tokens.count - 1] = .text(previous + text)
        } else {
            tokens.append(.text(text))
        }
    }

    // MARK: Checks

    /// Link lists, furniture phrases ("Share this", "Read more") and a first heading that repeats the title. Inside a
    /// table cell, a paragraph or list of links is content (Sphinx writes `<td><p><a><code>name</code></a></p></td>`
    /// for a table's first column), so the link-density rules leave it.
    private func isFurniture(_ node: HTMLNode, tag: String) -> Bool {
        let stat = stats[node.address]
        switch tag {
        case "p":
            if let stat, stat.textLength > 0, stat.linkDensity > 0.8, !Self.isInsideTableCell(node) { return true }
        case "ul", "ol", "dl":
            if let stat, stat.textLength > 0, stat.linkDensity > 0.5, !Self.isInsideTableCell(node) { return true }
        default:
            break
        }
        let short = (stat?.textLength ?? 0) <= 80
        guard short, ["p", "li", "h1", "h2", "h3", "h4", "h5", "h6", "div", "span"].contains(tag) else { return false }
        let text = HTMLDocument.text(of: node)
        guard !text.isEmpty else { return false }
        let key = HTMLDocument.comparisonKey(text)
        if HTMLDocument.isFurniture(text, key: key), !hasImage(node) { return true }
        if !sawText, HTMLVocabulary.headingTags.contains(tag), key == titleKey { return true }
        return false
    }

    /// Whether a `td` or `th` holds `node` (looking up to the nearest table, at most eight levels).
    static func isInsideTableCell(_ node: HTMLNode) -> Bool {
        var ancestor = node.parentElement
        for _ in 0..<8 {
            guard let current = ancestor else { return false }
            switch current.tagName {
            case "td", "th": return true
            case "table", "body": return false
            default: ancestor = current.parentElement
            }
        }
        return false
    }

    private func hasImage(_ node: HTMLNode) -> Bool {
        var found = false
        HTMLTreeWalker.walk(below: node) { child in
            if child.isElement, child.tagName == "img" {
                found = true
                return .stop
            }
            return .descend
        }
        return found
    }

    /// An absolute http(s) URL for an attribute value resolved against the page, or nil.
    private func webURL(_ reference: String) -> String? {
        guard let url = document.resolve(reference), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host(), !host.isEmpty else { return nil }
        let text = url.absoluteString
        guard text.utf8.count <= 4096, !text.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F }) else { return nil }
        return text
    }

    /// `src` (or a lazy loader's `data-src` when `src` is missing or a `data:` placeholder), `alt`, `title` and
    /// the declared size; nil when there is no usable http(s) source or the image is a 1×1 tracker.
    private func imageAttributes(_ node: HTMLNode) -> [ArticleAttribute]? {
        let candidates = ["src", "data-src", "data-lazy-src", "data-original"].compactMap { node.attribute($0) }
            .filter { !$0.trimmingCharacters(in: .whitespaces).lowercased().hasPrefix("data:") }
        guard let src = candidates.lazy.compactMap(webURL).first else { return nil }
        let width = node.attribute("width").flatMap { Self.number($0, in: 1...10_000) }
        let height = node.attribute("height").flatMap { Self.number($0, in: 1...10_000) }
        if let width, let height, width <= 2, height <= 2 { return nil }
        var attributes = [ArticleAttribute(.src, src), ArticleAttribute(.alt, node.attribute("alt").flatMap { Self.plain($0, limit: 500) } ?? "")]
        if let title = node.attribute("title").flatMap({ Self.plain($0, limit: 300) }) { attributes.append(ArticleAttribute(.title, title)) }
        if let width, let height {
            attributes.append(ArticleAttribute(.width, String(width)))
            attributes.append(ArticleAttribute(.height, String(height)))
        }
        return attributes
    }

    /// The few attributes other elements may keep.
    private func attributes(of node: HTMLNode, for element: ArticleElement) -> [ArticleAttribute] {
        var attributes: [ArticleAttribute] = []
        switch element {
        case .td, .th:
            if let span = node.attribute("colspan").flatMap({ Self.number($0, in: 1...100) }) { attributes.append(ArticleAttribute(.colspan, String(span))) }
            if let span = node.attribute("rowspan").flatMap({ Self.number($0, in: 1...100) }) { attributes.append(ArticleAttribute(.rowspan, String(span))) }
            if element == .th, let scope = node.attribute("scope")?.lowercased(), ["row", "col", "rowgroup", "colgroup"].contains(scope) {
                attributes.append(ArticleAttribute(.scope, scope))
            }
        case .ol:
            if let start = node.attribute("start").flatMap({ Self.number($0, in: 0...1_000_000) }) { attributes.append(ArticleAttribute(.start, String(start))) }
        case .abbr:
            if let title = node.attribute("title").flatMap({ Self.plain($0, limit: 300) }) { attributes.append(ArticleAttribute(.title, title)) }
        default:
            break
        }
        return attributes
    }

    /// A whole number made of ASCII digits only, inside `range`.
    static func number(_ text: String, in range: ClosedRange<Int>) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.utf8.count <= 7, trimmed.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              let value = Int(trimmed), range.contains(value) else { return nil }
        return value
    }

    /// Text for an attribute: white space collapsed, at most `limit` characters, nil when empty.
    static func plain(_ text: String, limit: Int) -> String? {
        let collapsed = text.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
        return collapsed.isEmpty ? nil : String(collapsed.prefix(limit))
    }
}
