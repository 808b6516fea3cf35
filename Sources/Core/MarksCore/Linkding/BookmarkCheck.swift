import Foundation

/// The answer of `GET /api/bookmarks/check/?url=`: the existing bookmark (archived ones too), page metadata, auto tags.
public struct BookmarkCheck: Sendable, Equatable, Codable {
    /// Page metadata linkding scraped for the checked URL; `url` echoes the input.
    public struct Metadata: Sendable, Equatable, Codable {
        public var url: String
        public var title: String?
        public var description: String?
        public var previewImage: String?

        /// Metadata for a URL.
        public init(url: String, title: String? = nil, description: String? = nil, previewImage: String? = nil) {
            self.url = url
            self.title = title
            self.description = description
            self.previewImage = previewImage
        }

        enum CodingKeys: String, CodingKey {
            case url, title, description
            case previewImage = "preview_image"
        }

        /// The metadata in the contract's order.
        public var jsonValue: JSONValue {
            .object([("url", .string(url)), ("title", .optional(title)), ("description", .optional(description)),
                     ("preview_image", .optional(previewImage))])
        }
    }

    public var bookmark: Bookmark?
    public var metadata: Metadata
    public var autoTags: [String]

    /// A check result.
    public init(bookmark: Bookmark?, metadata: Metadata, autoTags: [String] = []) {
        self.bookmark = bookmark
        self.metadata = metadata
        self.autoTags = autoTags
    }

    enum CodingKeys: String, CodingKey {
        case bookmark, metadata
        case autoTags = "auto_tags"
    }

    /// Decodes linkding's answer; a missing `auto_tags` (older servers) is empty.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        bookmark = try c.decodeIfPresent(Bookmark.self, forKey: .bookmark)
        metadata = try c.decode(Metadata.self, forKey: .metadata)
        autoTags = try c.decodeIfPresent([String].self, forKey: .autoTags) ?? []
    }

    /// The answer in the contract's order.
    public var jsonValue: JSONValue {
        .object([("bookmark", bookmark?.jsonValue ?? .null), ("metadata", metadata.jsonValue),
                 ("auto_tags", .array(autoTags.map(JSONValue.string)))])
    }
}
