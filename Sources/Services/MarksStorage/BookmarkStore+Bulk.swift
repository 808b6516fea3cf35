import Foundation
import MarksCore
import SQLiteDatabase

extension BookmarkStore {
    /// Applies one change to every bookmark of `ids` in one write transaction (issue 35: a bulk action was one write per
    /// bookmark, so a kill midway left part of it done): all of them change or, when one is not there or anything
    /// fails, none. Each bookmark it changes gets `date_modified` now, as the same change one by one would give it.
    public func bulk(_ change: BookmarkBulkChange, ids: [Int]) throws(BookmarkStoreError) -> BookmarkBulkEdit.Outcome {
        let ids = Self.distinct(ids)
        return try write { db in
            let stamp = StoreTime.micros(now())
            for id in ids where try db.queryOne("SELECT 1 FROM store_bookmarks WHERE id = ?", [SQLValue(id)]) == nil {
                throw BookmarkStoreError.notFound(kind: "Bookmark")
            }
            var changed = 0
            switch change {
            case .markRead:
                for id in ids {
                    changed += try db.run("UPDATE store_bookmarks SET unread = 0, date_modified = ? WHERE id = ?", [SQLValue(stamp), SQLValue(id)])
                }
            case .archive(let markingRead):
                for id in ids {
                    changed += try db.run("""
                        UPDATE store_bookmarks SET is_archived = 1, unread = CASE WHEN ? THEN 0 ELSE unread END, date_modified = ?
                        WHERE id = ?
                        """, [SQLValue(markingRead), SQLValue(stamp), SQLValue(id)])
                }
            case .addTag(let name):
                let folded = ASCIICaseFolding.fold(name)
                for id in ids {
                    let has = try db.queryOne("""
                        SELECT 1 FROM store_bookmark_tags bt JOIN store_tags t ON t.id = bt.tag_id
                        WHERE bt.bookmark_id = ? AND t.name_folded = ?
                        """, [SQLValue(id), SQLValue(folded)])
                    guard has == nil else { continue }
                    try TagWriter.addTags([name], bookmark: id, stamp: stamp, db)
                    try db.run("UPDATE store_bookmarks SET date_modified = ? WHERE id = ?", [SQLValue(stamp), SQLValue(id)])
                    changed += 1
                }
            case .removeTag(let name):
                let folded = ASCIICaseFolding.fold(name)
                for id in ids {
                    let removed = try db.run("""
                        DELETE FROM store_bookmark_tags
                        WHERE bookmark_id = ? AND tag_id IN (SELECT id FROM store_tags WHERE name_folded = ?)
                        """, [SQLValue(id), SQLValue(folded)])
                    guard removed > 0 else { continue }
                    try db.run("UPDATE store_bookmarks SET date_modified = ? WHERE id = ?", [SQLValue(stamp), SQLValue(id)])
                    changed += 1
                }
            case .delete:
                for id in ids where try Self.moveToTrash(id, deletedAt: stamp, db) { changed += 1 }
                return BookmarkBulkEdit.Outcome(saved: [], changed: changed)
            }
            return BookmarkBulkEdit.Outcome(saved: try BookmarkRows.load(ids: ids, db), changed: changed)
        }
    }

    /// `ids` without repeats, in their order.
    private static func distinct(_ ids: [Int]) -> [Int] {
        var seen = Set<Int>()
        return ids.filter { seen.insert($0).inserted }
    }
}
