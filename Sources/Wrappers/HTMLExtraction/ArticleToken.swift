/// One piece of a sanitised article, in document order: an element starts, an element ends, or text.
/// Elements and attributes come only from the allow-lists (`ArticleElement`, `ArticleAttribute.Name`);
/// every start has its end except for void elements (`img`, `br`, `hr`), which have none.
public enum ArticleToken: Sendable, Equatable {
    case start(ArticleElement, [ArticleAttribute])
    case end(ArticleElement)
    /// Plain text (never markup; the renderer escapes it). Inside `pre`, white space is kept as it was.
    case text(String)
}

/// The elements an article may keep. Others are unwrapped (their text stays) or dropped with their content.
public enum ArticleElement: String, Sendable, CaseIterable {
    case p, h2, h3, h4, h5, h6, div
    case ul, ol, li, dl, dt, dd
    case blockquote, pre, code, kbd, samp
    case em, strong, b, i, u, s, del, ins, sub, sup, mark, small, q, cite, abbr
    case a, img, figure, figcaption
    case table, caption, thead, tbody, tfoot, tr, th, td
    case br, hr

    /// Elements without content or end tag.
    public var isVoid: Bool { self == .img || self == .br || self == .hr }
}

/// An allowed attribute with its checked value (URLs absolute http(s); numbers digits only).
public struct ArticleAttribute: Sendable, Equatable {
    /// The attributes an article may keep.
    public enum Name: String, Sendable, CaseIterable {
        case href, src, alt, title, width, height, colspan, rowspan, start, scope
    }

    public var name: Name
    public var value: String

    /// An attribute value.
    public init(_ name: Name, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// The structured article of a page: title, sanitised content and length.
public struct ArticleContent: Sendable, Equatable {
    public var title: String?
    public var tokens: [ArticleToken]
    /// White-space separated words of the text.
    public var wordCount: Int
    /// Images kept (each `img` start).
    public var imageCount: Int

    /// An article value.
    public init(title: String?, tokens: [ArticleToken], wordCount: Int, imageCount: Int) {
        self.title = title
        self.tokens = tokens
        self.wordCount = wordCount
        self.imageCount = imageCount
    }

    /// True when the article holds no text and no image.
    public var isEmpty: Bool {
        imageCount == 0 && !tokens.contains { if case .text(let text) = $0 { !text.allSatisfy(\.isWhitespace) } else { false } }
    }
}
