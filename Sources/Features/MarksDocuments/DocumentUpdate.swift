/// An edit of a source: only the fields that are set change. The original file is never touched.
public struct DocumentUpdate: Sendable, Equatable {
    public var title: String?
    public var tags: [String]?
    /// The new stored text (the extracted pages are dropped: they no longer match it).
    public var body: String?

    /// An update of the given fields.
    public init(title: String? = nil, tags: [String]? = nil, body: String? = nil) {
        self.title = title
        self.tags = tags
        self.body = body
    }
}
