import Foundation

/// The body of a create (POST): a new bookmark's writable fields.
public struct BookmarkDraft: Sendable, Equatable {
    public var url: String
    public var title: String
    public var description: String
    public var notes: String
    public var isArchived: Bool
    public var unread: Bool
    public var shared: Bool
    public var tagNames: [String]
    public var dateAdded: Date?
    /// Sent only when set: linkding keeps it on a create (an import's `LAST_MODIFIED`); a PATCH cannot set it.
    public var dateModified: Date?

    /// A draft; empty title/description let a scraping server fill them from the page.
    public init(
        url: String, title: String = "", description: String = "", notes: String = "",
        isArchived: Bool = false, unread: Bool = false, shared: Bool = false, tagNames: [String] = [],
        dateAdded: Date? = nil, dateModified: Date? = nil
    ) {
        self.url = url
        self.title = title
        self.description = description
        self.notes = notes
        self.isArchived = isArchived
        self.unread = unread
        self.shared = shared
        self.tagNames = tagNames
        self.dateAdded = dateAdded
        self.dateModified = dateModified
    }

    /// The JSON body for POST, in the contract's field order.
    public var jsonValue: JSONValue {
        var fields: [(String, JSONValue)] = [
            ("url", .string(url)),
            ("title", .string(title)),
            ("description", .string(description)),
            ("notes", .string(notes)),
            ("is_archived", .bool(isArchived)),
            ("unread", .bool(unread)),
            ("shared", .bool(shared)),
            ("tag_names", .array(tagNames.map(JSONValue.string))),
        ]
        if let dateAdded { fields.append(("date_added", .string(LinkdingDate.format(dateAdded)))) }
        if let dateModified { fields.append(("date_modified", .string(LinkdingDate.format(dateModified)))) }
        return .object(fields)
    }
}
