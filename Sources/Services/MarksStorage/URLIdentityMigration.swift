import MarksCore
import SQLiteDatabase

/// Store migration 5: every `url_normalized` recomputed when `URLNormalizer` learned that a default port, an
/// escaped unreserved character, an NFD spelling or a Unicode host name the same resource as the plain form.
/// Two bookmarks that were distinct before and are one URL now both stay: the one that already holds the key (or else
/// the first by id) has it, the other keeps its old key (`UPDATE OR IGNORE`), so nothing is lost and a lookup of the
/// plain form finds what it found before. The trash is recomputed too, so a restore sees the same identity.
enum URLIdentityMigration {
    static func run(_ db: Connection) throws {
        for table in ["store_bookmarks", "store_trash"] {
            let update = try db.prepare("UPDATE OR IGNORE \(table) SET url_normalized = ? WHERE id = ?")
            for row in try db.query("SELECT id, url, url_normalized FROM \(table) ORDER BY id") {
                let id = try row.int("id"), url = try row.string("url"), old = try row.string("url_normalized")
                let key = URLNormalizer.normalize(url)
                if key != old {
                    try update.bind([SQLValue(key), SQLValue(id)])
                    try update.run()
                }
            }
        }
    }
}
