/// One block of an article or source as the narration sees it: the structure that decides what is spoken, what
/// becomes a pause or a chapter, and what is skipped with a word.
public enum ArticleBlock: Sendable, Equatable {
    /// A heading (level 1…6): a pause and a chapter mark.
    case heading(level: Int, text: String)
    /// A paragraph of prose.
    case paragraph(String)
    /// One list item.
    case listItem(String)
    /// A quotation.
    case quote(String)
    /// A block of code (read as "a code example is skipped").
    case code(String)
    /// A table of `rows` rows (read as "a table … is skipped"), with its caption when it has one.
    case table(rows: Int, caption: String?)
}

/// What a narration is made from: the text's blocks and what is known about it.
public struct NarrationSource: Sendable, Equatable {
    /// Where the text comes from: a web article, or one of the user's sources.
    public enum Origin: Sendable, Equatable {
        /// A page on `site` (its host, without "www.").
        case article(site: String)
        /// A local source of this kind ("text", "pdf", "file").
        case source(kind: String)
    }

    /// The title, when known.
    public var title: String?
    public var origin: Origin
    /// The language tag of the text (`<html lang>`), when known.
    public var language: String?
    public var blocks: [ArticleBlock]

    /// A source value.
    public init(title: String?, origin: Origin, language: String?, blocks: [ArticleBlock]) {
        self.title = title
        self.origin = origin
        self.language = language
        self.blocks = blocks
    }
}
