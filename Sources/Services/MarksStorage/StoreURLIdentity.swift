import MarksCore
import SQLiteDatabase

/// How the store finds a bookmark by URL (linkding's rule: one bookmark per normalised URL). A row keeps its URL's
/// 64-bit key (`url_key`, indexed, not unique); a lookup reads the rows with the key and compares their URLs,
/// normalised, with the one asked for, since two different URLs may share a key. The rule is kept by the writes
/// themselves, inside their transaction (every write goes through the one writer), not by a UNIQUE index.
struct StoreURLIdentity: Sendable {
    /// The key of a normalised URL: `URLKey` in the store; a test gives a key every URL shares, to collide.
    let key: @Sendable (String) -> Int64

    /// The store's keys.
    static let standard = StoreURLIdentity(key: { URLKey.of(normalized: $0) })

    /// The stored bookmark whose URL normalises to `normalized` (the first by id when, from before migration 5, two
    /// do), leaving out the bookmark `excluding`; nil when there is none. The rows looked at are those filed under
    /// `key`, the key of `normalized` unless given: a restore gives the key its bookmark was filed under, which for one
    /// migration 5 kept apart from its twin is not its URL's (`URLKeyOnlyMigration`).
    func bookmarkID(normalized: String, key stored: Int64? = nil, excluding: Int? = nil, _ db: Connection) throws -> Int? {
        // The index holds (url_key, id): the rows come in id order, no sort.
        for row in try db.query(cached: "SELECT id, url FROM store_bookmarks WHERE url_key = ? ORDER BY id",
                                [SQLValue(stored ?? key(normalized))]) {
            let id = try row.int(at: 0)
            if id != excluding, URLNormalizer.normalize(try row.string(at: 1)) == normalized { return id }
        }
        return nil
    }
}
