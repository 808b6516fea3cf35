import Foundation

/// A linkding bookmark with every field of the API contract, plus the AI metadata Marks keeps locally.
public struct Bookmark: Sendable, Equatable, Hashable, Identifiable {
    public var id: Int
    public var url: String
    public var title: String
    public var description: String
    public var notes: String
    public var webArchiveSnapshotURL: String
    public var faviconURL: String?
    public var previewImageURL: String?
    public var isArchived: Bool
    public var unread: Bool
    public var shared: Bool
    public var tagNames: [String]
    public var dateAdded: Date
    public var dateModified: Date
    /// Local only: the AI summary Marks stored for this bookmark (never sent to linkding).
    public var aiSummary: String?
    /// Local only: the AI tags Marks stored for this bookmark (never sent to linkding).
    public var aiTags: [String]

    /// Creates a bookmark value; fields default as linkding's serializer does.
    public init(
        id: Int, url: String, title: String = "", description: String = "", notes: String = "",
        webArchiveSnapshotURL: String = "", faviconURL: String? = nil, previewImageURL: String? = nil,
        isArchived: Bool = false, unread: Bool = false, shared: Bool = false, tagNames: [String] = [],
        dateAdded: Date, dateModified: Date, aiSummary: String? = nil, aiTags: [String] = []
    ) {
        self.id = id
        self.url = url
        self.title = title
        self.description = description
        self.notes = notes
        self.webArchiveSnapshotURL = webArchiveSnapshotURL
        self.faviconURL = faviconURL
        self.previewImageURL = previewImageURL
        self.isArchived = isArchived
        self.unread = unread
        self.shared = shared
        self.tagNames = tagNames
        self.dateAdded = dateAdded
        self.dateModified = dateModified
        self.aiSummary = aiSummary
        self.aiTags = aiTags
    }

    /// The host of the bookmark's URL without a leading `www.`, or the URL itself when it has none. A host that
    /// could pass for another is shown in punycode (`HostDisplay`).
    public var domain: String {
        guard let host = HostDisplay.host(of: url) else { return url }
        return host.hasPrefix("www.") ? String(host.dropFirst(4)) : host
    }

    /// The URL to show: a host that could pass for another in punycode (`HostDisplay`).
    public var displayURL: String { HostDisplay.url(url) }

    /// The title to show: the title, else the URL.
    public var displayTitle: String { title.isEmpty ? displayURL : title }

    /// The same bookmark with the AI metadata of `other` kept (used when linkding returns a fresh copy).
    public func keepingAIMetadata(of other: Bookmark) -> Bookmark {
        var copy = self
        copy.aiSummary = other.aiSummary
        copy.aiTags = other.aiTags
        return copy
    }
}

extension Bookmark: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, url, title, description, notes
        case webArchiveSnapshotURL = "web_archive_snapshot_url"
        case faviconURL = "favicon_url"
        case previewImageURL = "preview_image_url"
        case isArchived = "is_archived"
        case unread, shared
        case tagNames = "tag_names"
        case dateAdded = "date_added"
        case dateModified = "date_modified"
        case websiteTitle = "website_title"
        case websiteDescription = "website_description"
    }

    /// Decodes linkding's JSON; `id` and `url` are required, every other field falls back to linkding's default.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(Int.self, forKey: .id)
        url = try c.decode(String.self, forKey: .url)
        title = try c.decodeIfPresent(String.self, forKey: .title) ?? ""
        description = try c.decodeIfPresent(String.self, forKey: .description) ?? ""
        notes = try c.decodeIfPresent(String.self, forKey: .notes) ?? ""
        webArchiveSnapshotURL = try c.decodeIfPresent(String.self, forKey: .webArchiveSnapshotURL) ?? ""
        faviconURL = try c.decodeIfPresent(String.self, forKey: .faviconURL)
        previewImageURL = try c.decodeIfPresent(String.self, forKey: .previewImageURL)
        isArchived = try c.decodeIfPresent(Bool.self, forKey: .isArchived) ?? false
        unread = try c.decodeIfPresent(Bool.self, forKey: .unread) ?? false
        shared = try c.decodeIfPresent(Bool.self, forKey: .shared) ?? false
        tagNames = try c.decodeIfPresent([String].self, forKey: .tagNames) ?? []
        dateAdded = try Self.decodeDate(c, .dateAdded)
        dateModified = try Self.decodeDate(c, .dateModified)
        aiSummary = nil
        aiTags = []
    }

    /// Encodes the contract's fields (not the local AI metadata); key order follows `jsonValue`.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(url, forKey: .url)
        try c.encode(title, forKey: .title)
        try c.encode(description, forKey: .description)
        try c.encode(notes, forKey: .notes)
        try c.encode(webArchiveSnapshotURL, forKey: .webArchiveSnapshotURL)
        try c.encode(faviconURL, forKey: .faviconURL)
        try c.encode(previewImageURL, forKey: .previewImageURL)
        try c.encode(isArchived, forKey: .isArchived)
        try c.encode(unread, forKey: .unread)
        try c.encode(shared, forKey: .shared)
        try c.encode(tagNames, forKey: .tagNames)
        try c.encode(LinkdingDate.format(dateAdded), forKey: .dateAdded)
        try c.encode(LinkdingDate.format(dateModified), forKey: .dateModified)
        try c.encodeNil(forKey: .websiteTitle)
        try c.encodeNil(forKey: .websiteDescription)
    }

    static func decodeDate(_ c: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> Date {
        guard let text = try c.decodeIfPresent(String.self, forKey: key) else { return Date(timeIntervalSince1970: 0) }
        guard let date = LinkdingDate.parse(text) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "not an ISO 8601 date: \(text.prefix(40))")
        }
        return date
    }
}

extension Bookmark {
    /// The bookmark as linkding serialises it, fields in the contract's order.
    public var jsonValue: JSONValue {
        .object([
            ("id", .int(id)),
            ("url", .string(url)),
            ("title", .string(title)),
            ("description", .string(description)),
            ("notes", .string(notes)),
            ("web_archive_snapshot_url", .string(webArchiveSnapshotURL)),
            ("favicon_url", .optional(faviconURL)),
            ("preview_image_url", .optional(previewImageURL)),
            ("is_archived", .bool(isArchived)),
            ("unread", .bool(unread)),
            ("shared", .bool(shared)),
            ("tag_names", .array(tagNames.map(JSONValue.string))),
            ("date_added", .string(LinkdingDate.format(dateAdded))),
            ("date_modified", .string(LinkdingDate.format(dateModified))),
            ("website_title", .null),
            ("website_description", .null),
        ])
    }
}
