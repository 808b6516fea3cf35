import Foundation
import MarksCore
import MarksStorage
import SQLiteDatabase

/// The library's local cache in `marks.sqlite`, for one bookmark source (keyed by the source's identity, so
/// switching servers never mixes lists): AI metadata by bookmark id, AI tags dismissed, AI summaries by URL (shared
/// by all sources), the sync state and — for a linkding server only — a copy of the full unfiltered bookmark list
/// (live and archived, `library_bookmarks`). Over the embedded store (`store` set) the cache keeps no copy: the
/// bookmark reads below answer from the store's rows (local, one read each) and the writes of bookmarks do nothing.
/// Methods are synchronous and short, like the embedded store's; every failure is a `CacheError`.
public final class BookmarkCache: Sendable {
    /// The database file shared with the other modules.
    public let database: Database
    /// Which source this cache mirrors: a linkding base URL, or `embedded`.
    public let sourceKey: String
    /// The embedded store whose bookmarks this cache reads instead of keeping a copy (nil: a copy is kept).
    let store: BookmarkStore?

    /// A cache for `sourceKey` in `database`; applies the library's migrations (namespace `library`) first. With
    /// `store` (the embedded store, whose source this is) no copy of the bookmarks is kept: they are read from it.
    public init(database: Database, sourceKey: String, store: BookmarkStore? = nil) throws(CacheError) {
        self.database = database
        self.sourceKey = sourceKey
        self.store = store
        do {
            try database.migrate(namespace: CacheSchema.namespace, CacheSchema.migrations)
        } catch {
            throw CacheError.wrap(error)
        }
    }

    /// A cache keyed by the identity of `source`; `store` when the source is that embedded store (no copy kept).
    public convenience init(database: Database, for source: any BookmarkSource, store: BookmarkStore? = nil) throws(CacheError) {
        try self.init(database: database, sourceKey: source.identity, store: store)
    }

    /// True when the cache keeps its own copy of the bookmarks (a linkding server); false over the embedded store.
    public var holdsCopy: Bool { store == nil }

    // MARK: - Bookmarks

    /// The cached bookmarks, newest first (by date added), live ones (`archived: false`), archived ones
    /// (`true`) or both (`nil`), at most `limit`; AI metadata restored when `withAIMetadata`. A malformed row throws.
    public func bookmarks(archived: Bool? = false, limit: Int? = nil, withAIMetadata: Bool = true) throws(CacheError) -> [Bookmark] {
        if let store {
            let bookmarks = try Self.reading { () throws(BookmarkStoreError) in try store.bookmarksNewestFirst(archived: archived, limit: limit) }
            return withAIMetadata ? try restoringAIMetadata(bookmarks) : bookmarks
        }
        var sql = "SELECT \(CacheRows.bookmarkColumns) FROM library_bookmarks WHERE source = ?"
        var arguments = [SQLValue(sourceKey)]
        if let archived {
            sql += " AND is_archived = ?"
            arguments.append(SQLValue(archived))
        }
        sql += " ORDER BY date_added DESC, id DESC"
        if let limit {
            sql += " LIMIT ?"
            arguments.append(SQLValue(max(0, limit)))
        }
        let rows = try read { db in try db.query(sql, arguments) }
        var bookmarks: [Bookmark] = []
        bookmarks.reserveCapacity(rows.count)
        for row in rows { bookmarks.append(try CacheRows.bookmark(row)) }
        return withAIMetadata ? try restoringAIMetadata(bookmarks) : bookmarks
    }

    /// The cached bookmarks' URLs, newest first (live ones before archived ones when `archived` is nil) — for the
    /// sweeps that only need addresses (favicons, page texts), without building a `Bookmark` for each of 100,000 rows.
    public func urls(archived: Bool? = false) throws(CacheError) -> [String] {
        if let store { return try Self.reading { () throws(BookmarkStoreError) in try store.urlsNewestFirst(archived: archived) } }
        let order = archived == nil ? "is_archived, date_added DESC, id DESC" : "date_added DESC, id DESC"
        var sql = "SELECT url FROM library_bookmarks WHERE source = ?"
        var arguments = [SQLValue(sourceKey)]
        if let archived {
            sql += " AND is_archived = ?"
            arguments.append(SQLValue(archived))
        }
        sql += " ORDER BY " + order
        return try read { db in
            let statement = try db.prepare(sql)
            try statement.bind(arguments)
            var urls: [String] = []
            while try statement.advance() { urls.append(statement.text(at: 0)) }
            return urls
        }
    }

    /// Each live (or archived) cached bookmark's linkding tags and AI tags, newest first: what `TagCount` counts,
    /// read without building whole bookmarks (the Tags tab and the enrichment vocabulary ask it of the whole library).
    /// With `withAITagsOnly`, only the bookmarks with AI tags (what a source's own linkding counts leave to count).
    public func tagLists(archived: Bool = false, withAITagsOnly: Bool = false) throws(CacheError) -> [([String], [String])] {
        if let store { return try storeTagLists(store, archived: archived, withAITagsOnly: withAITagsOnly) }
        let texts = try read { db in
            let statement = try db.prepare(withAITagsOnly ? """
                SELECT b.tag_names, m.tags FROM library_ai_metadata AS m
                JOIN library_bookmarks AS b ON b.source = m.source AND b.id = m.bookmark_id
                WHERE m.source = ? AND m.tags <> '[]' AND b.is_archived = ? ORDER BY b.date_added DESC, b.id DESC
                """ : """
                SELECT b.tag_names, m.tags FROM library_bookmarks AS b
                LEFT JOIN library_ai_metadata AS m ON m.source = b.source AND m.bookmark_id = b.id
                WHERE b.source = ? AND b.is_archived = ? ORDER BY b.date_added DESC, b.id DESC
                """)
            try statement.bind([SQLValue(sourceKey), SQLValue(archived)])
            var texts: [(String, String?)] = []
            while try statement.advance() {
                texts.append((statement.text(at: 0), statement.isNull(at: 1) ? nil : statement.text(at: 1)))
            }
            return texts
        }
        do {
            return try texts.map { tags, aiTags in (try CacheRows.decodeStrings(tags), try aiTags.map(CacheRows.decodeStrings) ?? []) }
        } catch {
            throw .malformedRow(table: "library_bookmarks", key: "tag_names", reason: String(describing: error))
        }
    }

    /// One cached bookmark (with AI metadata), or nil.
    public func bookmark(id: Int) throws(CacheError) -> Bookmark? {
        if let store {
            let found = try Self.reading { () throws(BookmarkStoreError) in try store.bookmarks(ids: [id]) }
            return try restoringAIMetadata(found).first
        }
        let row = try read { db in
            try db.queryOne("SELECT \(CacheRows.bookmarkColumns) FROM library_bookmarks WHERE source = ? AND id = ?",
                            [SQLValue(sourceKey), SQLValue(id)])
        }
        guard let row else { return nil }
        return try restoringAIMetadata([try CacheRows.bookmark(row)]).first
    }

    /// The bookmarks with these ids (live and archived, with AI metadata), in that order; ids it does not hold are
    /// left out.
    public func bookmarks(ids: [Int]) throws(CacheError) -> [Bookmark] {
        guard !ids.isEmpty else { return [] }
        if let store { return try restoringAIMetadata(try Self.reading { () throws(BookmarkStoreError) in try store.bookmarks(ids: ids) }) }
        var byID: [Int: Bookmark] = [:]
        let unique = Array(Set(ids))
        for start in stride(from: 0, to: unique.count, by: Self.idBatch) {
            let batch = unique[start..<min(start + Self.idBatch, unique.count)]
            let rows = try read { db in
                try db.query("""
                    SELECT \(CacheRows.bookmarkColumns) FROM library_bookmarks
                    WHERE source = ? AND id IN (\(Array(repeating: "?", count: batch.count).joined(separator: ", ")))
                    """, [SQLValue(sourceKey)] + batch.map { SQLValue($0) })
            }
            for row in rows {
                let bookmark = try CacheRows.bookmark(row)
                byID[bookmark.id] = bookmark
            }
        }
        return try restoringAIMetadata(ids.compactMap { byID[$0] })
    }

    /// How many bookmarks the cache holds, live and archived.
    public func counts() throws(CacheError) -> (live: Int, archived: Int) {
        if let store {
            let counts = try Self.reading { () throws(BookmarkStoreError) in try store.counts() }
            return (counts.unarchived, counts.archived)
        }
        let rows = try read { db in
            try db.query("SELECT is_archived, count(*) AS n FROM library_bookmarks WHERE source = ? GROUP BY is_archived",
                         [SQLValue(sourceKey)])
        }
        var live = 0
        var archived = 0
        do {
            for row in rows {
                if try row.bool("is_archived") { archived = try row.int("n") } else { live = try row.int("n") }
            }
        } catch {
            throw .malformedRow(table: "library_bookmarks", key: "counts", reason: String(describing: error))
        }
        return (live, archived)
    }

    /// Saves bookmarks (their linkding fields; AI metadata lives apart), replacing cached copies; nothing for a cache
    /// without a copy.
    public func upsert(_ bookmarks: [Bookmark]) throws(CacheError) {
        guard holdsCopy, !bookmarks.isEmpty else { return }
        let sourceKey = sourceKey
        try write { db in
            let upsert = { try Self.upsert(bookmarks, source: sourceKey, db) }
            // A large batch's rows go into the date index at random places: room for all of its pages.
            if bookmarks.count > 10_000 { try db.withPageCache(megabytes: 128, upsert) } else { try upsert() }
        }
    }

    /// Drops bookmarks from the cache; `forgettingAIMetadata` also drops their AI metadata (a deletion).
    public func remove(ids: [Int], forgettingAIMetadata: Bool = false) throws(CacheError) {
        guard !ids.isEmpty, holdsCopy || forgettingAIMetadata else { return }
        try write { db in
            try Self.delete(ids, source: sourceKey, forgettingAIMetadata: forgettingAIMetadata, db)
        }
    }

    /// Makes the cache hold exactly `bookmarks` and records `state`, in one transaction (a full sync).
    public func replaceAll(with bookmarks: [Bookmark], state: SyncState) throws(CacheError) {
        let sourceKey = sourceKey
        guard holdsCopy else { return try write { db in try Self.save(state, source: sourceKey, db) } }
        try write { db in
            try db.run("DELETE FROM library_bookmarks WHERE source = ?", [SQLValue(sourceKey)])
            try Self.upsert(bookmarks, source: sourceKey, db)
            try Self.save(state, source: sourceKey, db)
        }
    }

    /// Applies an incremental sync in one transaction: saves `upserts`, drops `removals` (and their AI
    /// metadata, when `forgetRemoved`), records `state`.
    public func apply(upserts: [Bookmark], removals: [Int], forgetRemoved: Bool, state: SyncState) throws(CacheError) {
        let sourceKey = sourceKey
        let upserts = holdsCopy ? upserts : []
        try write { db in
            let apply = {
                try Self.upsert(upserts, source: sourceKey, db)
                try Self.delete(removals, source: sourceKey, forgettingAIMetadata: forgetRemoved, db)
                try Self.save(state, source: sourceKey, db)
            }
            // A full sync of a large library (after an import) rewrites most of the table and its index.
            if upserts.count + removals.count > 10_000 { try db.withPageCache(megabytes: 128, apply) } else { try apply() }
        }
    }

    /// Keeps the cache in step with the first page of the unfiltered live list (newest first): saves the page, and
    /// drops cached live bookmarks that should be on it but are not (deleted or archived elsewhere) — all of them
    /// when the page is the whole list. Returns the ids dropped.
    @discardableResult
    public func reconcile(firstPage page: [Bookmark], isWholeList: Bool) throws(CacheError) -> [Int] {
        guard holdsCopy else { return [] }
        return try write { db in
            try Self.upsert(page, source: sourceKey, db)
            let onPage = Set(page.map(\.id))
            var sql = "SELECT id FROM library_bookmarks WHERE source = ? AND is_archived = 0"
            var arguments = [SQLValue(sourceKey)]
            if !isWholeList {
                guard let oldest = page.map(\.dateAdded).min() else { return [] }
                sql += " AND date_added > ?"
                arguments.append(SQLValue(CacheRows.seconds(oldest)))
            }
            let stale = try db.query(sql, arguments).map { try $0.int(at: 0) }.filter { !onPage.contains($0) }
            try Self.delete(stale, source: sourceKey, forgettingAIMetadata: false, db)
            return stale
        }
    }

    // MARK: - Sync state

    /// The source's sync state, or nil when it was never synced.
    public func syncState() throws(CacheError) -> SyncState? {
        let row = try read { db in
            try db.queryOne("SELECT * FROM library_sync_state WHERE source = ?", [SQLValue(sourceKey)])
        }
        guard let row else { return nil }
        return try CacheRows.syncState(row, source: sourceKey)
    }

    /// True when the copy was never filled (no sync state); never for a cache without a copy.
    public func needsFirstSync() throws(CacheError) -> Bool {
        guard holdsCopy else { return false }
        return try syncState() == nil
    }

    /// Makes the next sync walk the full list (after a bulk import whose dates came from a file, say).
    public func requireFullReconcile() throws(CacheError) {
        try write { db in
            try db.run("UPDATE library_sync_state SET last_full_reconcile = NULL WHERE source = ?", [SQLValue(sourceKey)])
        }
    }

    // MARK: - Access

    /// Runs a read of the embedded store, its failure as the cache's.
    static func reading<T>(_ body: () throws(BookmarkStoreError) -> T) throws(CacheError) -> T {
        do {
            return try body()
        } catch {
            switch error {
            case .database(let error): throw CacheError.database(error)
            case .notFound, .invalid: throw CacheError.database(SQLiteError(code: 1, message: error.message))
            }
        }
    }

    func read<T>(_ body: (Connection) throws -> T) throws(CacheError) -> T {
        do {
            return try database.read(body)
        } catch {
            throw CacheError.wrap(error)
        }
    }

    @discardableResult
    func write<T>(_ body: (Connection) throws -> T) throws(CacheError) -> T {
        do {
            return try database.write(body)
        } catch {
            throw CacheError.wrap(error)
        }
    }

    private static func upsert(_ bookmarks: [Bookmark], source: String, _ db: Connection) throws {
        guard !bookmarks.isEmpty else { return }
        let rows = try bookmarks.map { (id: $0.id, values: try CacheRows.values($0, source: source)) }
        let statement = try db.prepare(CacheRows.upsertBookmarkSQL)
        // In key order: appending to the table's B-tree is about twice as fast as inserting before what is there
        // (a sync walks newest first, which is mostly the reverse).
        for index in rows.indices.sorted(by: { rows[$0].id < rows[$1].id }) {
            try statement.bind(rows[index].values)
            try statement.run()
            statement.reset()
        }
    }

    private static func delete(_ ids: [Int], source: String, forgettingAIMetadata: Bool, _ db: Connection) throws {
        guard !ids.isEmpty else { return }
        let bookmarks = try db.prepare("DELETE FROM library_bookmarks WHERE source = ? AND id = ?")
        let metadata = try db.prepare("DELETE FROM library_ai_metadata WHERE source = ? AND bookmark_id = ?")
        let dismissed = try db.prepare("DELETE FROM library_ai_dismissed WHERE source = ? AND bookmark_id = ?")
        for id in ids {
            try bookmarks.bind([SQLValue(source), SQLValue(id)])
            try bookmarks.run()
            bookmarks.reset()
            if forgettingAIMetadata {
                try metadata.bind([SQLValue(source), SQLValue(id)])
                try metadata.run()
                metadata.reset()
                try dismissed.bind([SQLValue(source), SQLValue(id)])
                try dismissed.run()
                dismissed.reset()
            }
        }
    }

    private static func save(_ state: SyncState, source: String, _ db: Connection) throws {
        try db.run("""
            INSERT OR REPLACE INTO library_sync_state (source, modified_watermark, last_sync, last_full_reconcile, tag_vocabulary)
            VALUES (?, ?, ?, ?, ?)
            """, [SQLValue(source), SQLValue(state.modifiedWatermark.map(CacheRows.seconds)), SQLValue(CacheRows.seconds(state.lastSync)),
                  SQLValue(state.lastFullReconcile.map(CacheRows.seconds)), SQLValue(CacheRows.encodeStrings(state.tagVocabulary))])
    }
}
