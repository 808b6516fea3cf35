import Foundation
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
    /// Whether sources (pasted text, PDFs, files; kept in the index under negative ids) are found too.
    public var sources: SourceScope
    /// Only documents added at or after this moment.
    public var addedFrom: Date?
    /// Only documents added before this moment.
    public var addedBefore: Date?

    /// Which documents a search looks at: bookmarks, sources or both.
    public enum SourceScope: Sendable, Equatable, Hashable {
        /// Bookmarks only (the default, for every caller that shows bookmark rows).
        case excluded
        /// Bookmarks and sources.
        case included
        /// Sources only.
        case only

        /// Whether a document id (negative for a source) is in this scope.
        func allows(_ id: Int) -> Bool {
            switch self {
            case .excluded: id > 0
            case .included: true
            case .only: id < 0
            }
        }
    }

    /// A filter; the default is the whole live (unarchived) library, bookmarks only.
    public init(unreadOnly: Bool = false, tag: String? = nil, archived: Bool = false, sources: SourceScope = .excluded,
                addedFrom: Date? = nil, addedBefore: Date? = nil) {
        self.unreadOnly = unreadOnly
        self.tag = tag
        self.archived = archived
        self.sources = sources
        self.addedFrom = addedFrom
        self.addedBefore = addedBefore
    }

    /// Whether the filter needs more than the in-memory flags (a tag or a date range): the vector legs then ask
    /// SQL which documents pass.
    var needsSQL: Bool { foldedTag != nil || addedFrom != nil || addedBefore != nil }

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
        switch sources {
        case .excluded: clause += " AND d.bookmark_id > 0"
        case .included: break
        case .only: clause += " AND d.bookmark_id < 0"
        }
        if let tag = foldedTag {
            clause += " AND EXISTS (SELECT 1 FROM index_tags t WHERE t.tag = :tag AND t.bookmark_id = d.bookmark_id)"
            arguments["tag"] = .text(tag)
        }
        if let addedFrom {
            clause += " AND d.date_added >= :added_from"
            arguments["added_from"] = .real(addedFrom.timeIntervalSince1970)
        }
        if let addedBefore {
            clause += " AND d.date_added < :added_before"
            arguments["added_before"] = .real(addedBefore.timeIntervalSince1970)
        }
        return (clause, arguments)
    }
}
