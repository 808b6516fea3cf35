import MarksCore

/// The body of `POST /v1/marks/search`: `{"query", "bookmarks": [{"id", "title", "domain", "summary"?}]}`.
/// Only titles, domains and summaries cross this boundary: any other bookmark field (notes, text, url)
/// is refused, never read.
public struct SearchBody: Decodable, Sendable, Equatable {
    static let fields = ["query", "bookmarks"]
    static let bookmarkFields = ["id", "title", "domain", "summary"]
    static let privacyNote = " (notes and page text never cross this boundary)"

    /// The search query.
    public var query: String
    /// The bookmarks to rank.
    public var items: [RankItem]

    public init(from decoder: any Decoder) throws {
        let object = try WireDecoding.object(decoder, allowed: Self.fields)
        query = try object.required("query")
        items = try object.required("bookmarks", as: [Bookmark].self).map(\.item)
    }

    /// The query and items after checking every limit.
    public func validated(_ limits: AppAPILimits) throws(AppAPIError) -> (query: String, items: [RankItem]) {
        let engine = limits.engine
        try FieldCheck.present(query, "query")
        try FieldCheck.length(query, engine.query, "query")
        try FieldCheck.count(items.count, engine.rankItems, "bookmarks")
        for (index, item) in items.enumerated() {
            try FieldCheck.length(item.title, engine.title, "bookmarks[\(index)].title")
            try FieldCheck.length(item.domain, engine.domain, "bookmarks[\(index)].domain")
            try FieldCheck.length(item.summary, engine.summary, "bookmarks[\(index)].summary")
        }
        return (query, items)
    }

    private struct Bookmark: Decodable {
        let item: RankItem

        init(from decoder: any Decoder) throws {
            let object = try WireDecoding.object(decoder, allowed: SearchBody.bookmarkFields, note: SearchBody.privacyNote)
            item = RankItem(id: try object.required("id"), title: try object.required("title"),
                            domain: try object.required("domain"), summary: try object.optional("summary"))
        }
    }
}
