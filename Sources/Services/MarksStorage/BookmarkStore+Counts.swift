import SQLiteDatabase

/// The counts each list shows (`store_counts`, kept by triggers): read with one small query, checked on every read
/// and against the rows themselves when the store opens, rebuilt whenever they are found wrong.
extension BookmarkStore {
    /// How many bookmarks each list and the trash hold, exactly.
    public func counts() throws(BookmarkStoreError) -> BookmarkCounts {
        if let kept = try read({ db in try StoreCounts.read(db) }) { return kept }
        return try rebuildCounts()
    }

    /// Recounts every list from the rows and replaces the kept counts; returns the fresh counts.
    @discardableResult
    public func rebuildCounts() throws(BookmarkStoreError) -> BookmarkCounts {
        try write { db in try StoreCounts.rebuild(db) }
    }

    /// Compares the kept counts with a fresh count (one pass over an index) and rebuilds them when they differ or
    /// are damaged: whatever happened to the file while this store was not watching, the counts are not trusted
    /// blindly. Reads only, unless a rebuild is needed.
    func verifyCounts() throws(BookmarkStoreError) {
        let (kept, fresh, tagsDiffer) = try read { db in
            (try StoreCounts.read(db), try StoreCounts.fresh(db), try StoreTagCounts.differ(db))
        }
        if kept != fresh { try rebuildCounts() }
        if tagsDiffer { try write { db in try StoreTagCounts.rebuild(db) } }
    }

    /// Rebuilds counts a read found damaged. The read already answered from the rows themselves, so a failure
    /// here only means the next read counts again.
    func repairDamagedCounts() {
        do {
            try rebuildCounts()
        } catch {
            // Not fatal: the list that found the damage counted its rows; the next list tries again.
        }
    }
}
