import SQLiteDatabase

/// The scopes both search legs apply in SQL: archived or not, unread only, one tag (linkding or AI tag,
/// case-insensitive).
public struct SearchFilter: Sendable, Equatable, Hashable {
    /// Only unread bookmarks.
    public var unreadOnly: Bool
    /// Only bookmarks with this tag.
    public var tag: String?
    /// Archived bookmarks instead of the live library.
    public var archived: Bool

    /// A filter; the default is the whole live (unarchived) library.
    public init(unreadOnly: Bool = false, tag: String? = nil, archived: Bool = false) {
        self.unreadOnly = unreadOnly
        self.tag = tag
        self.archived = archived
    }

    /// The tag to match, trimmed and lower-cased; nil when there is none.
    var foldedTag: String? {
        guard let tag = tag?.trimmingCharacters(in: .whitespaces), !tag.isEmpty else { return nil }
        return (tag.hasPrefix("#") ? String(tag.dropFirst()) : tag).lowercased()
    }

    /// The WHERE clause over `index_documents` aliased `d`, and its arguments.
    var sql: (clause: String, arguments: [String: SQLValue]) {
        var clause = "d.archived = :archived"
        var arguments: [String: SQLValue] = ["archived": .integer(archived ? 1 : 0)]
        if unreadOnly { clause += " AND d.unread = 1" }
        if let tag = foldedTag {
            clause += " AND EXISTS (SELECT 1 FROM index_tags t WHERE t.tag = :tag AND t.bookmark_id = d.bookmark_id)"
            arguments["tag"] = .text(tag)
        }
        return (clause, arguments)
    }
}
