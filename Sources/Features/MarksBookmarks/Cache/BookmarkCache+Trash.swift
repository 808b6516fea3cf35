import Foundation
import MarksCore
import SQLiteDatabase

/// The library's trash for a source without its own (`library_trash`): the bookmark, whole, as it was deleted, and
/// where its delete is. State changes are single conditional statements, so an undo and the job sending the
/// delete never both win.
extension BookmarkCache {
    /// The entries, most recently deleted first.
    public func trashEntries() throws(CacheError) -> [TrashEntry] {
        let rows = try read { db in
            try db.query("SELECT bookmark, deleted_at, state, id FROM library_trash WHERE source = ? ORDER BY deleted_at DESC, id DESC",
                         [SQLValue(sourceKey)])
        }
        var entries: [TrashEntry] = []
        for row in rows { entries.append(try Self.entry(row)) }
        return entries
    }

    /// One entry, or nil.
    public func trashEntry(id: Int) throws(CacheError) -> TrashEntry? {
        let row = try read { db in
            try db.queryOne("SELECT bookmark, deleted_at, state, id FROM library_trash WHERE source = ? AND id = ?",
                            [SQLValue(sourceKey), SQLValue(id)])
        }
        return try row.map { row throws(CacheError) in try Self.entry(row) }
    }

    /// The ids in the trash (hidden from every list the source still returns them in).
    public func trashedIDs() throws(CacheError) -> Set<Int> {
        let rows = try read { db in try db.query("SELECT id FROM library_trash WHERE source = ?", [SQLValue(sourceKey)]) }
        do {
            return Set(try rows.map { try $0.int(at: 0) })
        } catch {
            throw CacheError.wrap(error)
        }
    }

    /// Records a deleted bookmark and drops it from the cached list (its AI metadata stays for a restore), in one
    /// transaction.
    public func putInTrash(_ bookmark: Bookmark, deletedAt: Date, state: TrashEntry.State) throws(CacheError) {
        var stored = bookmark
        stored.aiSummary = nil
        stored.aiTags = []
        let json: String
        do {
            json = String(decoding: try JSONEncoder().encode(stored), as: UTF8.self)
        } catch {
            throw .malformedRow(table: "library_trash", key: String(bookmark.id), reason: String(describing: error))
        }
        try write { db in
            try db.run("""
                INSERT OR REPLACE INTO library_trash (source, id, bookmark, deleted_at, state) VALUES (?, ?, ?, ?, ?)
                """, [SQLValue(sourceKey), SQLValue(bookmark.id), SQLValue(json), SQLValue(CacheRows.seconds(deletedAt)),
                      SQLValue(state.rawValue)])
            try db.run("DELETE FROM library_bookmarks WHERE source = ? AND id = ?", [SQLValue(sourceKey), SQLValue(bookmark.id)])
        }
    }

    /// Moves an entry from `from` to `to`; false when it is not (or no longer) in state `from`.
    @discardableResult
    public func moveTrashEntry(id: Int, from: TrashEntry.State, to: TrashEntry.State) throws(CacheError) -> Bool {
        try write { db in
            try db.run("UPDATE library_trash SET state = ? WHERE source = ? AND id = ? AND state = ?",
                       [SQLValue(to.rawValue), SQLValue(sourceKey), SQLValue(id), SQLValue(from.rawValue)]) > 0
        }
    }

    /// Takes an entry out of the trash if it is in state `state` (any state when nil), putting `restored` back in
    /// the cached list in the same transaction; false when it was not there in that state.
    public func takeFromTrash(id: Int, state: TrashEntry.State?, restoring restored: Bookmark?) throws(CacheError) -> Bool {
        try write { db in
            var sql = "DELETE FROM library_trash WHERE source = ? AND id = ?"
            var arguments = [SQLValue(sourceKey), SQLValue(id)]
            if let state {
                sql += " AND state = ?"
                arguments.append(SQLValue(state.rawValue))
            }
            guard try db.run(sql, arguments) > 0 else { return false }
            if let restored, holdsCopy {
                try db.run(CacheRows.upsertBookmarkSQL, try CacheRows.values(restored, source: sourceKey))
            }
            return true
        }
    }

    /// Forgets the AI metadata of bookmarks purged for good.
    public func forgetAIMetadata(ids: [Int]) throws(CacheError) {
        guard !ids.isEmpty else { return }
        try write { db in
            for id in ids {
                try db.run("DELETE FROM library_ai_metadata WHERE source = ? AND bookmark_id = ?", [SQLValue(sourceKey), SQLValue(id)])
            }
        }
    }

    /// Moves the AI metadata of a bookmark to a new id (a restore that created it again on the server).
    public func moveAIMetadata(from old: Int, to new: Int) throws(CacheError) {
        guard old != new else { return }
        try write { db in
            try db.run("UPDATE OR REPLACE library_ai_metadata SET bookmark_id = ? WHERE source = ? AND bookmark_id = ?",
                       [SQLValue(new), SQLValue(sourceKey), SQLValue(old)])
        }
    }

    private static func entry(_ row: Row) throws(CacheError) -> TrashEntry {
        let key: String
        do {
            key = String(try row.int(at: 3))
        } catch {
            key = "?"
        }
        do {
            let bookmark = try JSONDecoder().decode(Bookmark.self, from: Data(try row.string(at: 0).utf8))
            guard let state = TrashEntry.State(rawValue: try row.string(at: 2)) else {
                throw CacheError.malformedRow(table: "library_trash", key: key, reason: "unknown state")
            }
            return TrashEntry(bookmark: bookmark, deletedAt: try CacheRows.date(try row.double(at: 1)), state: state)
        } catch let error as CacheError {
            throw error
        } catch {
            throw .malformedRow(table: "library_trash", key: key, reason: String(describing: error))
        }
    }
}
