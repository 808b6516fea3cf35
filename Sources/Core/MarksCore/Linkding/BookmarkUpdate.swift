import Foundation

/// A PATCH payload carrying only the fields the user changed: an absent field is never sent,
/// so linkding keeps its value (a client that always sends `unread=false` marks bookmarks read).
public struct BookmarkUpdate: Sendable, Equatable {
    public var url: String?
    public var title: String?
    public var description: String?
    public var notes: String?
    public var isArchived: Bool?
    public var unread: Bool?
    public var shared: Bool?
    public var tagNames: [String]?
    public var dateAdded: Date?

    /// An update with the given fields set.
    public init(
        url: String? = nil, title: String? = nil, description: String? = nil, notes: String? = nil,
        isArchived: Bool? = nil, unread: Bool? = nil, shared: Bool? = nil, tagNames: [String]? = nil,
        dateAdded: Date? = nil
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
    }

    /// The update that turns `original` into `edited`, holding only the writable fields that differ.
    public init(from original: Bookmark, to edited: Bookmark) {
        self.init()
        if edited.url != original.url { url = edited.url }
        if edited.title != original.title { title = edited.title }
        if edited.description != original.description { description = edited.description }
        if edited.notes != original.notes { notes = edited.notes }
        if edited.isArchived != original.isArchived { isArchived = edited.isArchived }
        if edited.unread != original.unread { unread = edited.unread }
        if edited.shared != original.shared { shared = edited.shared }
        if edited.tagNames != original.tagNames { tagNames = edited.tagNames }
        if edited.dateAdded != original.dateAdded { dateAdded = edited.dateAdded }
    }

    /// True when no field is set.
    public var isEmpty: Bool { jsonFields.isEmpty }

    /// The set fields in the contract's order.
    public var jsonFields: [(String, JSONValue)] {
        var fields: [(String, JSONValue)] = []
        if let url { fields.append(("url", .string(url))) }
        if let title { fields.append(("title", .string(title))) }
        if let description { fields.append(("description", .string(description))) }
        if let notes { fields.append(("notes", .string(notes))) }
        if let isArchived { fields.append(("is_archived", .bool(isArchived))) }
        if let unread { fields.append(("unread", .bool(unread))) }
        if let shared { fields.append(("shared", .bool(shared))) }
        if let tagNames { fields.append(("tag_names", .array(tagNames.map(JSONValue.string)))) }
        if let dateAdded { fields.append(("date_added", .string(LinkdingDate.format(dateAdded)))) }
        return fields
    }

    /// The JSON body for PATCH.
    public var jsonValue: JSONValue { .object(jsonFields) }

    /// Applies the set fields to a bookmark (used by caches and the embedded store).
    public func applied(to bookmark: Bookmark) -> Bookmark {
        var copy = bookmark
        if let url { copy.url = url }
        if let title { copy.title = title }
        if let description { copy.description = description }
        if let notes { copy.notes = notes }
        if let isArchived { copy.isArchived = isArchived }
        if let unread { copy.unread = unread }
        if let shared { copy.shared = shared }
        if let tagNames { copy.tagNames = tagNames }
        if let dateAdded { copy.dateAdded = dateAdded }
        return copy
    }
}
