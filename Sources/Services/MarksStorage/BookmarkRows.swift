import Foundation
import MarksCore
import SQLiteDatabase

/// Reading bookmarks and tags out of rows, and loading their tag names.
enum BookmarkRows {
    /// The bookmark columns, qualified with the alias `b`.
    static let columns = """
        b.id, b.url, b.title, b.description, b.notes, b.web_archive_snapshot_url, b.is_archived, b.unread, b.shared, \
        b.date_added, b.date_modified
        """

    /// A bookmark from a row of `columns` and its tag names (sorted here, case-sensitively).
    static func bookmark(_ row: Row, tags: [String]) throws -> Bookmark {
        let url = try row.string(at: 1)
        let dateAdded = StoreTime.date(try row.int64(at: 9))
        let snapshot = try row.string(at: 5)
        return Bookmark(
            id: try row.int(at: 0), url: url, title: try row.string(at: 2), description: try row.string(at: 3),
            notes: try row.string(at: 4),
            webArchiveSnapshotURL: snapshot.isEmpty ? StoreTime.webArchiveURL(url: url, dateAdded: dateAdded) : snapshot,
            isArchived: try row.bool(at: 6), unread: try row.bool(at: 7), shared: try row.bool(at: 8),
            tagNames: TagNames.sorted(tags), dateAdded: dateAdded, dateModified: StoreTime.date(try row.int64(at: 10)))
    }

    /// A tag from a row of `id, name, date_added`.
    static func tag(_ row: Row) throws -> Tag {
        Tag(id: try row.int(at: 0), name: try row.string(at: 1), dateAdded: StoreTime.date(try row.int64(at: 2)))
    }

    /// One bookmark by id, or nil.
    static func load(id: Int, _ db: Connection) throws -> Bookmark? {
        guard let row = try db.queryOne("SELECT \(columns) FROM store_bookmarks b WHERE b.id = ?", [SQLValue(id)]) else {
            return nil
        }
        let tags = try db.query("""
            SELECT t.name FROM store_bookmark_tags bt JOIN store_tags t ON t.id = bt.tag_id WHERE bt.bookmark_id = ?
            """, [SQLValue(id)]).map { try $0.string(at: 0) }
        return try bookmark(row, tags: tags)
    }

    /// Bookmarks by id, in the order of `ids` (ids that do not exist are skipped).
    static func load(ids: [Int], _ db: Connection) throws -> [Bookmark] {
        guard !ids.isEmpty else { return [] }
        let list = SQLValue.text("[" + ids.map(String.init).joined(separator: ",") + "]")
        var tags: [Int: [String]] = [:]
        for row in try db.query("""
            SELECT bt.bookmark_id, t.name FROM store_bookmark_tags bt JOIN store_tags t ON t.id = bt.tag_id
            WHERE bt.bookmark_id IN (SELECT value FROM json_each(?))
            """, [list]) {
            tags[try row.int(at: 0), default: []].append(try row.string(at: 1))
        }
        var byID: [Int: Bookmark] = [:]
        for row in try db.query("SELECT \(columns) FROM store_bookmarks b WHERE b.id IN (SELECT value FROM json_each(?))", [list]) {
            let id = try row.int(at: 0)
            byID[id] = try bookmark(row, tags: tags[id, default: []])
        }
        return ids.compactMap { byID[$0] }
    }
}
