import MarksCore

/// The body of `POST /v1/marks/collections`: `{"bookmarks": [{"id", "title", "domain", "summary"?, "tags"?}]}`.
/// Any other bookmark field (notes, text, url) is refused, never read.
public struct CollectionsBody: Decodable, Sendable, Equatable {
    static let fields = ["bookmarks"]
    static let bookmarkFields = ["id", "title", "domain", "summary", "tags"]

    /// The bookmarks to group.
    public var items: [CollectionItem]

    public init(from decoder: any Decoder) throws {
        let object = try WireDecoding.object(decoder, allowed: Self.fields)
        items = try object.required("bookmarks", as: [Bookmark].self).map(\.item)
    }

    /// The items after checking every limit.
    public func validated(_ limits: AppAPILimits) throws(AppAPIError) -> [CollectionItem] {
        let engine = limits.engine
        try FieldCheck.count(items.count, engine.collectionItems, "bookmarks")
        for (index, item) in items.enumerated() {
            try FieldCheck.length(item.title, engine.title, "bookmarks[\(index)].title")
            try FieldCheck.length(item.domain, engine.domain, "bookmarks[\(index)].domain")
            try FieldCheck.length(item.summary, engine.summary, "bookmarks[\(index)].summary")
            let tags = item.tags ?? []
            try FieldCheck.count(tags.count, engine.itemTags, "bookmarks[\(index)].tags")
            for (tagIndex, tag) in tags.enumerated() {
                try FieldCheck.length(tag, engine.tag, "bookmarks[\(index)].tags[\(tagIndex)]")
            }
        }
        return items
    }

    private struct Bookmark: Decodable {
        let item: CollectionItem

        init(from decoder: any Decoder) throws {
            let object = try WireDecoding.object(decoder, allowed: CollectionsBody.bookmarkFields, note: SearchBody.privacyNote)
            item = CollectionItem(id: try object.required("id"), title: try object.required("title"),
                                  domain: try object.required("domain"), summary: try object.optional("summary"),
                                  tags: try object.optional("tags"))
        }
    }
}
