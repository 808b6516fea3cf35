import Foundation
import MarksCore
import SQLiteDatabase

/// Tag rows inside a write transaction: get-or-create by name, case-insensitively as linkding's SQLite compares
/// (ASCII only), keeping the first spelling.
enum TagWriter {
    /// The id of the tag named `name` (any ASCII case), created with `stamp` when there is none.
    static func tagID(named name: String, stamp: Int64, _ db: Connection) throws -> Int {
        try tag(named: name, stamp: stamp, db).id
    }

    /// The id and stored spelling of the tag named `name` (any ASCII case), created with `stamp` when there is none.
    static func tag(named name: String, stamp: Int64, _ db: Connection) throws -> (id: Int, name: String) {
        let folded = ASCIICaseFolding.fold(name)
        if let row = try db.queryOne("SELECT id, name FROM store_tags WHERE name_folded = ?", [SQLValue(folded)]) {
            return (try row.int(at: 0), try row.string(at: 1))
        }
        try db.run("INSERT INTO store_tags (name, name_folded, date_added) VALUES (?, ?, ?)",
                   [SQLValue(name), SQLValue(folded), SQLValue(stamp)])
        return (Int(db.lastInsertRowID), name)
    }

    /// Links a bookmark (`?1`) to a tag (`?2`), copying the bookmark's archive flag as the foreign key requires.
    static let linkSQL = """
        INSERT OR IGNORE INTO store_bookmark_tags (bookmark_id, tag_id, archived)
        VALUES (?1, ?2, (SELECT is_archived FROM store_bookmarks WHERE id = ?1))
        """

    /// Replaces the tags of a bookmark with `names` (already cleaned).
    static func setTags(_ names: [String], bookmark id: Int, stamp: Int64, _ db: Connection) throws {
        try db.run("DELETE FROM store_bookmark_tags WHERE bookmark_id = ?", [SQLValue(id)])
        try addTags(names, bookmark: id, stamp: stamp, db)
    }

    /// Adds `names` to a bookmark's tags (kept ones stay).
    static func addTags(_ names: [String], bookmark id: Int, stamp: Int64, _ db: Connection) throws {
        guard !names.isEmpty else { return }
        let insert = try db.prepare(TagWriter.linkSQL)
        for name in names {
            try insert.bind([SQLValue(id), SQLValue(try tagID(named: name, stamp: stamp, db))])
            try insert.run()
        }
    }
}
