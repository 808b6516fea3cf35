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

    // The statements that load bookmarks by id, compiled once per connection (`withStatement(cached:)`).
    private static let tagsByIDs = """
        SELECT bt.bookmark_id, t.name FROM store_bookmark_tags bt JOIN store_tags t ON t.id = bt.tag_id
        WHERE bt.bookmark_id IN (SELECT value FROM json_each(?))
        """
    private static let rowsByIDs = "SELECT \(columns) FROM store_bookmarks b WHERE b.id IN (SELECT value FROM json_each(?))"
    private static let tagsInRange = """
        SELECT bt.bookmark_id, t.name FROM store_bookmark_tags bt JOIN store_tags t ON t.id = bt.tag_id
        WHERE bt.bookmark_id BETWEEN ? AND ? ORDER BY bt.bookmark_id
        """
    private static let rowsInRange = "SELECT \(columns) FROM store_bookmarks b WHERE b.id BETWEEN ? AND ? ORDER BY b.id"

    /// A bookmark from a row of `columns` and its tag names (sorted here, case-sensitively).
    static func bookmark(_ row: Row, tags: [String]) throws -> Bookmark {
        make(id: try row.int(at: 0), url: try row.string(at: 1), title: try row.string(at: 2),
             description: try row.string(at: 3), notes: try row.string(at: 4), snapshot: try row.string(at: 5),
             flags: (try row.bool(at: 6), try row.bool(at: 7), try row.bool(at: 8)),
             added: try row.int64(at: 9), modified: try row.int64(at: 10), tags: tags)
    }

    /// A bookmark from the current row of a statement over `columns` (a list's lean loop: no `Row` per bookmark).
    /// The columns are NOT NULL and typed by the schema, so SQLite's conversions never apply.
    static func bookmark(_ statement: Statement, tags: [String]) -> Bookmark {
        make(id: Int(statement.integer(at: 0)), url: statement.text(at: 1), title: statement.text(at: 2),
             description: statement.text(at: 3), notes: statement.text(at: 4), snapshot: statement.text(at: 5),
             flags: (statement.integer(at: 6) != 0, statement.integer(at: 7) != 0, statement.integer(at: 8) != 0),
             added: statement.integer(at: 9), modified: statement.integer(at: 10), tags: tags)
    }

    /// A bookmark from its stored values (`snapshot` empty when none is stored: linkding's fallback link then).
    static func make(id: Int, url: String, title: String, description: String, notes: String, snapshot: String,
                             flags: (archived: Bool, unread: Bool, shared: Bool), added: Int64, modified: Int64,
                             tags: [String]) -> Bookmark {
        let dateAdded = StoreTime.date(added)
        return Bookmark(
            id: id, url: url, title: title, description: description, notes: notes,
            webArchiveSnapshotURL: snapshot.isEmpty ? StoreTime.webArchiveURL(url: url, dateAdded: dateAdded) : snapshot,
            isArchived: flags.archived, unread: flags.unread, shared: flags.shared,
            tagNames: TagNames.sorted(tags), dateAdded: dateAdded, dateModified: StoreTime.date(modified))
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
        if ids.count >= 1_000, let range = denseRange(ids) { return try load(range: range, order: ids, db) }
        let list = SQLValue.text("[" + ids.map(String.init).joined(separator: ",") + "]")
        var tags: [Int: [String]] = [:]
        try db.withStatement(cached: tagsByIDs) { tagRows in
            try tagRows.bind([list])
            while try tagRows.advance() { tags[Int(tagRows.integer(at: 0)), default: []].append(tagRows.text(at: 1)) }
        }
        var byID: [Int: Bookmark] = [:]
        byID.reserveCapacity(ids.count)
        try db.withStatement(cached: rowsByIDs) { rows in
            try rows.bind([list])
            while try rows.advance() {
                let id = Int(rows.integer(at: 0))
                byID[id] = bookmark(rows, tags: tags[id, default: []])
            }
        }
        return ids.compactMap { byID[$0] }
    }

    /// The range `ids` fill exactly, each once (what a bulk import saves: consecutive new ids), or nil.
    private static func denseRange(_ ids: [Int]) -> ClosedRange<Int>? {
        guard let low = ids.min(), let high = ids.max(), high - low + 1 == ids.count else { return nil }
        var seen = [Bool](repeating: false, count: ids.count)
        for id in ids {
            guard !seen[id - low] else { return nil }
            seen[id - low] = true
        }
        return low...high
    }

    /// Bookmarks whose ids fill `range`, in the order of `order` (a permutation of it): both queries walk their
    /// primary keys in id order and are merged as they go — no id list to send, no dictionary per bookmark.
    private static func load(range: ClosedRange<Int>, order: [Int], _ db: Connection) throws -> [Bookmark] {
        let bounds = [SQLValue(range.lowerBound), SQLValue(range.upperBound)]
        var byOffset = [Bookmark?](repeating: nil, count: range.count)
        try db.withStatement(cached: tagsInRange) { tagRows in
            try tagRows.bind(bounds)
            var tagRow = try tagRows.advance()
            try db.withStatement(cached: rowsInRange) { rows in
                try rows.bind(bounds)
                while try rows.advance() {
                    let id = rows.integer(at: 0)
                    while tagRow && tagRows.integer(at: 0) < id { tagRow = try tagRows.advance() }
                    var tags: [String] = []
                    while tagRow && tagRows.integer(at: 0) == id {
                        tags.append(tagRows.text(at: 1))
                        tagRow = try tagRows.advance()
                    }
                    byOffset[Int(id) - range.lowerBound] = bookmark(rows, tags: tags)
                }
            }
        }
        return order.compactMap { byOffset[$0 - range.lowerBound] }
    }
}
