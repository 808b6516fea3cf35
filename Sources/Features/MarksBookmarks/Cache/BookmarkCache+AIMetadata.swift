import Foundation
import MarksCore
import SQLiteDatabase

extension BookmarkCache {
    /// The most ids one `IN (…)` list binds (SQLite's limit is far above; this keeps statements small).
    static let idBatch = 500

    /// The AI metadata stored for a bookmark of this source, or nil.
    public func aiMetadata(id: Int) throws(CacheError) -> AIMetadata? {
        let row = try read { db in
            try db.queryOne("SELECT summary, tags, engine, updated_at FROM library_ai_metadata WHERE source = ? AND bookmark_id = ?",
                            [SQLValue(sourceKey), SQLValue(id)])
        }
        guard let row else { return nil }
        return try CacheRows.aiMetadata(row, key: "bookmark \(id)")
    }

    /// Live bookmarks with no AI metadata, newest first (at most `limit`), and how many live ones have it. Chosen in
    /// SQL, so the background pass over a library of 100,000 reads the few it takes, not every bookmark.
    public func bookmarksAwaitingAIMetadata(limit: Int?) throws(CacheError) -> (pending: [Bookmark], enriched: Int) {
        if let store { return try storeBookmarksAwaitingAIMetadata(store, limit: limit) }
        var sql = """
            SELECT \(CacheRows.bookmarkColumns) FROM library_bookmarks AS b
            WHERE b.source = ? AND b.is_archived = 0
              AND NOT EXISTS (SELECT 1 FROM library_ai_metadata AS m WHERE m.source = b.source AND m.bookmark_id = b.id)
            ORDER BY b.date_added DESC, b.id DESC
            """
        var arguments = [SQLValue(sourceKey)]
        if let limit {
            sql += " LIMIT ?"
            arguments.append(SQLValue(max(0, limit)))
        }
        let (rows, enriched) = try read { db in
            let rows = try db.query(sql, arguments)
            let enriched = try db.queryOne("""
                SELECT count(*) FROM library_bookmarks AS b JOIN library_ai_metadata AS m ON m.source = b.source AND m.bookmark_id = b.id
                WHERE b.source = ? AND b.is_archived = 0
                """, [SQLValue(sourceKey)])?.int(at: 0) ?? 0
            return (rows, enriched)
        }
        var pending: [Bookmark] = []
        pending.reserveCapacity(rows.count)
        for row in rows { pending.append(try CacheRows.bookmark(row)) }
        return (pending, enriched)
    }

    /// Stores AI metadata for a bookmark (replacing what was there) and mirrors its summary by URL.
    public func setAIMetadata(_ metadata: AIMetadata, id: Int, url: String) throws(CacheError) {
        try write { db in
            try db.run("""
                INSERT OR REPLACE INTO library_ai_metadata (source, bookmark_id, summary, tags, engine, updated_at)
                VALUES (?, ?, ?, ?, ?, ?)
                """, [SQLValue(sourceKey), SQLValue(id), SQLValue(metadata.summary), SQLValue(CacheRows.encodeStrings(metadata.tags)),
                      SQLValue(metadata.engine), SQLValue(CacheRows.seconds(metadata.updatedAt))])
            if let summary = metadata.summary, !summary.isEmpty {
                try db.run("""
                    INSERT OR REPLACE INTO library_summaries_by_url (url_normalized, url, summary, engine, updated_at)
                    VALUES (?, ?, ?, ?, ?)
                    """, [SQLValue(URLNormalizer.normalize(url)), SQLValue(url), SQLValue(summary), SQLValue(metadata.engine),
                          SQLValue(CacheRows.seconds(metadata.updatedAt))])
            }
        }
    }

    /// The AI summary stored for a URL by any source (the seeds' `AISummaryStore`, for podcasts and lists), or nil.
    public func summary(forURL url: String) throws(CacheError) -> String? {
        let row = try read { db in
            try db.queryOne("SELECT summary FROM library_summaries_by_url WHERE url_normalized = ?",
                            [SQLValue(URLNormalizer.normalize(url))])
        }
        guard let row else { return nil }
        do {
            return try row.string("summary")
        } catch {
            throw .malformedRow(table: "library_summaries_by_url", key: url, reason: String(describing: error))
        }
    }

    /// The bookmarks with their local AI metadata: by id first; a bookmark with none gets the summary stored for
    /// its URL (kept across servers and re-imports). Fields from linkding are left as they are.
    public func restoringAIMetadata(_ bookmarks: [Bookmark]) throws(CacheError) -> [Bookmark] {
        guard !bookmarks.isEmpty else { return bookmarks }
        // A large batch (a first import of a hundred thousand) asks once whether there is any AI text to look up.
        if bookmarks.count > Self.idBatch, try !holdsAIText() { return bookmarks }
        let byID = try metadata(for: bookmarks.map(\.id))
        let missing = bookmarks.filter { byID[$0.id] == nil }.map { URLNormalizer.normalize($0.url) }
        let byURL = try summaries(for: missing)
        return bookmarks.map { bookmark in
            var copy = bookmark
            if let metadata = byID[bookmark.id] {
                copy.aiSummary = metadata.summary
                copy.aiTags = metadata.tags
            } else if let summary = byURL[URLNormalizer.normalize(bookmark.url)] {
                copy.aiSummary = summary
                copy.aiTags = []
            }
            return copy
        }
    }

    /// Whether this source has AI metadata or any summary is kept by URL.
    private func holdsAIText() throws(CacheError) -> Bool {
        try read { db in
            try db.queryOne("SELECT 1 FROM library_ai_metadata WHERE source = ? LIMIT 1", [SQLValue(sourceKey)]) != nil
                || db.queryOne("SELECT 1 FROM library_summaries_by_url LIMIT 1") != nil
        }
    }

    private func metadata(for ids: [Int]) throws(CacheError) -> [Int: AIMetadata] {
        var result: [Int: AIMetadata] = [:]
        let unique = Array(Set(ids))
        for start in stride(from: 0, to: unique.count, by: Self.idBatch) {
            let batch = unique[start..<min(start + Self.idBatch, unique.count)]
            let rows = try read { db in
                try db.query("""
                    SELECT bookmark_id, summary, tags, engine, updated_at FROM library_ai_metadata
                    WHERE source = ? AND bookmark_id IN (\(Self.placeholders(batch.count)))
                    """, [SQLValue(sourceKey)] + batch.map { SQLValue($0) })
            }
            for row in rows {
                let id: Int
                do {
                    id = try row.int("bookmark_id")
                } catch {
                    throw .malformedRow(table: "library_ai_metadata", key: "bookmark_id", reason: String(describing: error))
                }
                result[id] = try CacheRows.aiMetadata(row, key: "bookmark \(id)")
            }
        }
        return result
    }

    private func summaries(for normalizedURLs: [String]) throws(CacheError) -> [String: String] {
        var result: [String: String] = [:]
        let unique = Array(Set(normalizedURLs))
        for start in stride(from: 0, to: unique.count, by: Self.idBatch) {
            let batch = unique[start..<min(start + Self.idBatch, unique.count)]
            let rows = try read { db in
                try db.query("SELECT url_normalized, summary FROM library_summaries_by_url WHERE url_normalized IN (\(Self.placeholders(batch.count)))",
                             batch.map { SQLValue($0) })
            }
            do {
                for row in rows { result[try row.string("url_normalized")] = try row.string("summary") }
            } catch {
                throw .malformedRow(table: "library_summaries_by_url", key: "summary", reason: String(describing: error))
            }
        }
        return result
    }

    private static func placeholders(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ", ")
    }
}
