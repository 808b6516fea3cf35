import MarksCore
import SQLiteDatabase

/// Whole lists, newest first by date added (ties: the higher id first), for the library, which keeps no copy of
/// this store: what a cache of a linkding server answers from its copy, this store answers from its rows. Each is
/// one read (one snapshot) over the date index.
extension BookmarkStore {
    /// The ids of the live (or archived) bookmarks, newest first.
    public func idsNewestFirst(archived: Bool) throws(BookmarkStoreError) -> [Int] {
        try read { db in
            try db.integers(cached: "SELECT id FROM store_bookmarks WHERE is_archived = ? ORDER BY date_added DESC, id DESC",
                            [SQLValue(archived)])
        }
    }

    /// The live (`archived: false`), archived (`true`) or all (`nil`) bookmarks, newest first, at most `limit`.
    public func bookmarksNewestFirst(archived: Bool?, limit: Int? = nil) throws(BookmarkStoreError) -> [Bookmark] {
        var sql = "SELECT id FROM store_bookmarks"
        var arguments: [SQLValue] = []
        if let archived {
            sql += " WHERE is_archived = ?"
            arguments.append(SQLValue(archived))
        }
        sql += " ORDER BY date_added DESC, id DESC"
        if let limit {
            sql += " LIMIT ?"
            arguments.append(SQLValue(max(0, limit)))
        }
        return try read { db in try BookmarkRows.load(ids: try db.integers(cached: sql, arguments), db) }
    }

    /// The URLs of the live (or archived) bookmarks newest first; for `nil` the live ones, then the archived ones.
    public func urlsNewestFirst(archived: Bool?) throws(BookmarkStoreError) -> [String] {
        var sql = "SELECT url FROM store_bookmarks"
        var arguments: [SQLValue] = []
        if let archived {
            sql += " WHERE is_archived = ?"
            arguments.append(SQLValue(archived))
        }
        sql += " ORDER BY is_archived, date_added DESC, id DESC"
        return try read { db in
            try db.withStatement(cached: sql) { statement in
                try statement.bind(arguments)
                var urls: [String] = []
                while try statement.advance() { urls.append(statement.text(at: 0)) }
                return urls
            }
        }
    }

    /// Each live (or archived) bookmark's id and tag names, newest first, without building whole bookmarks (the
    /// Tags tab counts them over the whole library).
    public func tagNamesNewestFirst(archived: Bool) throws(BookmarkStoreError) -> [(id: Int, tags: [String])] {
        try read { db in
            var names: [Int: String] = [:]
            try db.withStatement(cached: "SELECT id, name FROM store_tags") { statement in
                while try statement.advance() { names[Int(statement.integer(at: 0))] = statement.text(at: 1) }
            }
            var tags: [Int: [String]] = [:]
            try db.withStatement(cached: "SELECT bookmark_id, tag_id FROM store_bookmark_tags WHERE archived = ?") { statement in
                try statement.bind([SQLValue(archived)])
                while try statement.advance() {
                    guard let name = names[Int(statement.integer(at: 1))] else { continue }
                    tags[Int(statement.integer(at: 0)), default: []].append(name)
                }
            }
            let ids = try db.integers(cached: "SELECT id FROM store_bookmarks WHERE is_archived = ? ORDER BY date_added DESC, id DESC",
                                      [SQLValue(archived)])
            return ids.map { id in (id, TagNames.sorted(tags[id] ?? [])) }
        }
    }
}
