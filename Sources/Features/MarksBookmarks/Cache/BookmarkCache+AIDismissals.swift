import Foundation
import SQLiteDatabase

/// AI tags a person dismissed: stored per bookmark (case-folded), taken out of the stored AI tags at once, and
/// never stored as that bookmark's AI tag again (re-enrichment included).
extension BookmarkCache {
    /// Records `tag` as dismissed for bookmark `id` and removes it from the bookmark's stored AI tags.
    public func dismissAITag(_ tag: String, id: Int) throws(CacheError) {
        let folded = tag.lowercased()
        guard !folded.isEmpty else { return }
        let stored = try aiMetadata(id: id)
        try write { db in
            try db.run("INSERT OR IGNORE INTO library_ai_dismissed (source, bookmark_id, tag_folded) VALUES (?, ?, ?)",
                       [SQLValue(sourceKey), SQLValue(id), SQLValue(folded)])
            if let stored {
                let kept = stored.tags.filter { $0.lowercased() != folded }
                try db.run("UPDATE library_ai_metadata SET tags = ? WHERE source = ? AND bookmark_id = ?",
                           [SQLValue(CacheRows.encodeStrings(kept)), SQLValue(sourceKey), SQLValue(id)])
            }
        }
    }

    /// Removes `tag` from bookmark `id`'s stored AI tags without dismissing it (it was accepted as a real tag).
    public func removeAITag(_ tag: String, id: Int) throws(CacheError) {
        let folded = tag.lowercased()
        guard let stored = try aiMetadata(id: id) else { return }
        let kept = stored.tags.filter { $0.lowercased() != folded }
        guard kept.count != stored.tags.count else { return }
        try write { db in
            try db.run("UPDATE library_ai_metadata SET tags = ? WHERE source = ? AND bookmark_id = ?",
                       [SQLValue(CacheRows.encodeStrings(kept)), SQLValue(sourceKey), SQLValue(id)])
        }
    }

    /// Replaces bookmark `id`'s stored AI tags (its summary and engine stay); nothing when it has no AI metadata.
    public func setAITags(_ tags: [String], id: Int) throws(CacheError) {
        try write { db in
            try db.run("UPDATE library_ai_metadata SET tags = ? WHERE source = ? AND bookmark_id = ?",
                       [SQLValue(CacheRows.encodeStrings(tags)), SQLValue(sourceKey), SQLValue(id)])
        }
    }

    /// True when some bookmark of this source has one of `foldedNames` (lower-cased) among its stored AI tags.
    public func hasAITag(in foldedNames: Set<String>) throws(CacheError) -> Bool {
        try !aiTagged(in: foldedNames, first: true).isEmpty
    }

    /// The ids of the bookmarks of this source with one of `foldedNames` (lower-cased) among their stored AI tags
    /// (archived ones too), ascending.
    public func aiTaggedIDs(in foldedNames: Set<String>) throws(CacheError) -> [Int] {
        try aiTagged(in: foldedNames, first: false)
    }

    private func aiTagged(in foldedNames: Set<String>, first: Bool) throws(CacheError) -> [Int] {
        let rows = try read { db in
            try db.query("SELECT bookmark_id, tags FROM library_ai_metadata WHERE source = ? AND tags <> '[]' ORDER BY bookmark_id",
                         [SQLValue(sourceKey)])
        }
        var ids: [Int] = []
        for row in rows {
            let tags: [String]
            do {
                tags = try CacheRows.decodeStrings(try row.string("tags"))
            } catch {
                throw .malformedRow(table: "library_ai_metadata", key: "tags", reason: String(describing: error))
            }
            guard tags.contains(where: { foldedNames.contains($0.lowercased()) }) else { continue }
            do {
                ids.append(try row.int("bookmark_id"))
            } catch {
                throw .malformedRow(table: "library_ai_metadata", key: "bookmark_id", reason: String(describing: error))
            }
            if first { break }
        }
        return ids
    }

    /// The case-folded AI tags dismissed for bookmark `id`.
    public func dismissedAITags(id: Int) throws(CacheError) -> Set<String> {
        let rows = try read { db in
            try db.query("SELECT tag_folded FROM library_ai_dismissed WHERE source = ? AND bookmark_id = ?",
                         [SQLValue(sourceKey), SQLValue(id)])
        }
        do {
            return Set(try rows.map { try $0.string("tag_folded") })
        } catch {
            throw .malformedRow(table: "library_ai_dismissed", key: "bookmark \(id)", reason: String(describing: error))
        }
    }
}
