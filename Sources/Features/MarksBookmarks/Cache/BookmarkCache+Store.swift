import MarksCore
import MarksStorage
import SQLiteDatabase

/// The reads a cache over the embedded store answers from the store's rows (it keeps no copy of them), joined here
/// with what the cache itself keeps by bookmark id (AI metadata).
extension BookmarkCache {
    /// Each live (or archived) bookmark's tags and AI tags, newest first: the store's tag lists with the AI tags
    /// stored for their ids.
    func storeTagLists(_ store: BookmarkStore, archived: Bool, withAITagsOnly: Bool) throws(CacheError) -> [([String], [String])] {
        let aiTags = try storedAITags()
        if withAITagsOnly, !aiTags.values.contains(where: { !$0.isEmpty }) { return [] }
        let lists = try Self.reading { () throws(BookmarkStoreError) in try store.tagNamesNewestFirst(archived: archived) }
        guard withAITagsOnly else { return lists.map { ($0.tags, aiTags[$0.id] ?? []) } }
        return lists.compactMap { list in aiTags[list.id].flatMap { $0.isEmpty ? nil : (list.tags, $0) } }
    }

    /// Live bookmarks with no AI metadata, newest first (at most `limit`), and how many live ones have it: the
    /// store's live ids, less those with metadata; only the chosen ones are loaded.
    func storeBookmarksAwaitingAIMetadata(_ store: BookmarkStore, limit: Int?) throws(CacheError) -> (pending: [Bookmark], enriched: Int) {
        let live = try Self.reading { () throws(BookmarkStoreError) in try store.idsNewestFirst(archived: false) }
        let enrichedIDs = try idsWithAIMetadata()
        var pending: [Int] = []
        var enriched = 0
        for id in live {
            if enrichedIDs.contains(id) {
                enriched += 1
            } else if limit.map({ pending.count < $0 }) ?? true {
                pending.append(id)
            }
        }
        return (try Self.reading { () throws(BookmarkStoreError) in try store.bookmarks(ids: pending) }, enriched)
    }

    /// The AI tags stored for this source's bookmarks, by id.
    private func storedAITags() throws(CacheError) -> [Int: [String]] {
        let texts = try read { db in
            let statement = try db.prepare("SELECT bookmark_id, tags FROM library_ai_metadata WHERE source = ?")
            try statement.bind([SQLValue(sourceKey)])
            var texts: [(Int, String)] = []
            while try statement.advance() { texts.append((Int(statement.integer(at: 0)), statement.text(at: 1))) }
            return texts
        }
        var tags: [Int: [String]] = [:]
        for (id, text) in texts {
            do {
                tags[id] = try CacheRows.decodeStrings(text)
            } catch {
                throw .malformedRow(table: "library_ai_metadata", key: "bookmark \(id)", reason: String(describing: error))
            }
        }
        return tags
    }

    /// The ids of this source's bookmarks that have AI metadata.
    private func idsWithAIMetadata() throws(CacheError) -> Set<Int> {
        let ids = try read { db in
            try db.integers(cached: "SELECT bookmark_id FROM library_ai_metadata WHERE source = ?", [SQLValue(sourceKey)])
        }
        return Set(ids)
    }
}
