import MarksCore
import MarksIndex

extension SearchIndex {
    /// The observer that keeps this index in step with every mutation path of the library: saved and unarchived
    /// bookmarks are written in their current state (an archived one stays in the index, flagged, found only in
    /// the archived scope — never in the live library or by Ask), archived ones are flagged by id (keeping the
    /// text and AI metadata the index has), deleted ones are removed; then `indexer` is asked to embed new texts in
    /// the background. An index write that fails is reported through `warn` and never fails the library call that
    /// triggered it.
    /// Each saved bookmark's passages come from its fields and, through `pages` (the page-text archive), its
    /// archived page text. With `catchUp`, a batch larger than its threshold is not written here: the index is
    /// marked behind and the catch-up is scheduled (see `IndexCatchUp`).
    public func observer(indexer: VectorIndexer? = nil, pages: PageTexts = .none, catchUp: IndexCatchUp? = nil,
                         warn: @escaping @Sendable (String) -> Void) -> LibraryObserver {
        let write: @Sendable ([Bookmark]) async -> Void = { bookmarks in
            if let catchUp, bookmarks.count > catchUp.threshold {
                do {
                    try self.markBehind()
                    try await catchUp.schedule()
                } catch {
                    warn("search index: the catch-up after \(bookmarks.count) bookmarks was not queued (run marks index): \(error)")
                }
                return
            }
            do {
                try self.upsert(bookmarks)
                try self.syncPageTexts(ids: bookmarks.map(\.id), from: pages)
            } catch {
                warn("search index not updated: \(error)")
            }
            await Self.schedule(indexer, warn: warn)
        }
        return LibraryObserver(
            saved: write,
            archived: { ids in
                do {
                    let flagged = try self.documents(ids: ids).values.map { document in
                        var copy = document
                        copy.archived = true
                        return copy
                    }
                    try self.upsert(documents: flagged)
                } catch {
                    warn("search index not updated: \(error)")
                }
            },
            unarchived: write,
            deleted: { ids in
                do {
                    try self.remove(ids: ids)
                } catch {
                    warn("search index not updated: \(error)")
                }
            })
    }

    /// Asks `indexer` for a background run (an `index.vectors` job); a failure to enqueue is reported, never
    /// thrown at the library call.
    public static func schedule(_ indexer: VectorIndexer?, warn: @Sendable (String) -> Void) async {
        do {
            try await indexer?.schedule()
        } catch {
            warn("vectors not scheduled: \(error)")
        }
    }
}
