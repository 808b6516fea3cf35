import HTMLExtraction
import MarksCore

/// An archived article's tokens (the reader's model, `ArticleContent.tokens`) written as the body of an EPUB's XHTML
/// chapter. Pure: no I/O. The tokens are already sanitised (allow-listed elements and attributes, checked URLs); this
/// makes them well-formed XML and keeps HTML's content models, which `epubcheck` checks: a block inside a paragraph,
/// a heading or a phrasing element is unwrapped (its text stays), list and table parts outside their parents are
/// unwrapped, stray text inside a list or a table row gets the item or cell it needs, unmatched ends are dropped and
/// everything open is closed at the end. Images are written only when `imageSource` maps their URL to a file inside
/// the book; otherwise their alt text stays as text.
struct EPUBChapterWriter {
    /// Maps an image URL to its path inside the book, or nil when the image is not in the book.
    let imageSource: (String) -> String?

    private struct Open {
        let element: ArticleElement
        /// False for an element unwrapped (its start and end are not written).
        let written: Bool
        /// The length of the output just after its start tag (to know whether anything was written inside).
        var offset = 0
        /// An item, row or cell opened by the writer for loose content; closed when a real one comes.
        var implicit = false
    }

    private var stack: [Open] = []
    private var out = ""

    init(imageSource: @escaping (String) -> String?) {
        self.imageSource = imageSource
    }

    /// The XHTML of `tokens`, to go inside `<body>`.
    static func body(_ tokens: [ArticleToken], imageSource: @escaping (String) -> String?) -> String {
        var writer = EPUBChapterWriter(imageSource: imageSource)
        for token in tokens { writer.add(token) }
        writer.closeAll()
        return writer.out
    }

    // MARK: Element classes

    private static let phrasing: Set<ArticleElement> = [.code, .kbd, .samp, .em, .strong, .b, .i, .u, .s, .del, .ins, .sub, .sup,
                                                        .mark, .small, .q, .cite, .abbr, .a, .img, .br]
    /// Elements whose content is phrasing only.
    private static let phrasingOnly: Set<ArticleElement> = phrasing.union([.p, .h2, .h3, .h4, .h5, .h6, .pre, .dt])
    private static let headings: Set<ArticleElement> = [.h2, .h3, .h4, .h5, .h6]
    /// Containers that hold only particular children and no text of their own, and the element that wraps anything
    /// else put in them.
    private static let wrapping: [ArticleElement: ArticleElement] = [.ul: .li, .ol: .li, .dl: .dd, .table: .tr, .thead: .tr,
                                                                     .tbody: .tr, .tfoot: .tr, .tr: .td]
    /// Where list and table parts may stand.
    private static let parents: [ArticleElement: Set<ArticleElement>] = [
        .li: [.ul, .ol], .dt: [.dl], .dd: [.dl], .thead: [.table], .tbody: [.table], .tfoot: [.table], .caption: [.table],
        .tr: [.table, .thead, .tbody, .tfoot], .td: [.tr], .th: [.tr],
    ]

    /// The innermost element written (nil: the body).
    private var context: ArticleElement? { stack.last(where: \.written)?.element }

    private func inside(_ elements: Set<ArticleElement>) -> Bool {
        stack.contains { $0.written && elements.contains($0.element) }
    }

    // MARK: Tokens

    private mutating func add(_ token: ArticleToken) {
        switch token {
        case .text(let text):
            addText(text)
        case .start(let element, let attributes):
            start(element, attributes)
        case .end(let element):
            end(element)
        }
    }

    private mutating func addText(_ text: String) {
        let clean = XMLText.escape(text)
        guard !clean.isEmpty else { return }
        if let context, Self.wrapping[context] != nil {
            guard !clean.allSatisfy(\.isWhitespace) else { return }
            wrap(for: nil)
        }
        out += clean
    }

    private mutating func start(_ element: ArticleElement, _ attributes: [ArticleAttribute]) {
        if element == .img {
            image(attributes)
            return
        }
        if element == .hr, let context, Self.phrasingOnly.contains(context) { return }
        // A real item, row or cell closes the one opened for loose content before it.
        while let top = stack.last, top.implicit, let allowed = Self.parents[element],
              let below = stack.dropLast().last(where: \.written)?.element, allowed.contains(below) {
            closeTop()
        }
        wrap(for: element)
        if element.isVoid {
            out += "<\(element.rawValue)/>"
            return
        }
        guard fits(element) else {
            stack.append(Open(element: element, written: false))
            return
        }
        open(element, attributes)
    }

    /// Opens the items, rows and cells a list or table needs before `element` (nil: text) can stand in it.
    private mutating func wrap(for element: ArticleElement?) {
        while let context, let wrapper = Self.wrapping[context] {
            if let element, Self.parents[element]?.contains(context) == true { return }
            open(wrapper, [], implicit: true)
        }
    }

    /// Whether `element` may open here.
    private func fits(_ element: ArticleElement) -> Bool {
        let context = self.context
        if let allowed = Self.parents[element] {
            guard let context, allowed.contains(context) else { return false }
            // A table's caption only as its first child.
            if element == .caption, let table = stack.last(where: \.written), table.offset != out.utf8.count { return false }
            return true
        }
        if element == .figcaption {
            return false  // unwrapped: its text stays in the figure (HTML wants it first or last)
        }
        if !Self.phrasing.contains(element), let context, Self.phrasingOnly.contains(context) { return false }
        if Self.headings.contains(element), inside([.th, .caption]) { return false }
        if element == .a, inside([.a]) { return false }
        return true
    }

    private mutating func open(_ element: ArticleElement, _ attributes: [ArticleAttribute], implicit: Bool = false) {
        out += "<\(element.rawValue)"
        for attribute in attributes where Self.allows(attribute.name, on: element) {
            out += " \(attribute.name.rawValue)=\"\(Self.xmlAttribute(attribute.value))\""
        }
        out += ">"
        stack.append(Open(element: element, written: true, offset: out.utf8.count, implicit: implicit))
    }

    private mutating func image(_ attributes: [ArticleAttribute]) {
        let alt = attributes.first { $0.name == .alt }?.value ?? ""
        let source = attributes.first { $0.name == .src }.flatMap { imageSource($0.value) }
        guard let source else {
            addText(alt)
            return
        }
        wrap(for: .img)
        var tag = "<img src=\"\(Self.xmlAttribute(source))\" alt=\"\(Self.xmlAttribute(alt))\""
        for attribute in attributes where attribute.name == .width || attribute.name == .height || attribute.name == .title {
            tag += " \(attribute.name.rawValue)=\"\(Self.xmlAttribute(attribute.value))\""
        }
        out += tag + "/>"
    }

    private mutating func end(_ element: ArticleElement) {
        guard let index = stack.lastIndex(where: { $0.element == element }) else { return }  // a stray end
        while stack.count > index { closeTop() }
    }

    private mutating func closeTop() {
        let top = stack.removeLast()
        if top.written { out += "</\(top.element.rawValue)>" }
    }

    private mutating func closeAll() {
        while !stack.isEmpty { closeTop() }
    }

    // MARK: Attributes and text

    private static func allows(_ name: ArticleAttribute.Name, on element: ArticleElement) -> Bool {
        switch name {
        case .href: element == .a
        case .title: true
        case .colspan, .rowspan: element == .td || element == .th
        case .scope: element == .th
        case .start: element == .ol
        case .src, .alt, .width, .height: false  // images are written by `image`
        }
    }

    /// `text` escaped for a double-quoted XML attribute.
    static func xmlAttribute(_ text: String) -> String {
        XMLText.escape(text).replacingOccurrences(of: "\n", with: " ")
            .replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\t", with: " ")
    }
}
