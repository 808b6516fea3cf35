import MarksCore
import MarksIndex

extension SearchIndex {
    /// The observer that keeps this index in step with every mutation path of the library (load, load more,
    /// add, edit, enrich, unarchive → `saved`; delete, archive → `removed`), then asks `indexer` to embed the
    /// new texts in the background (an `index.vectors` job).
    ///
    /// `removed` does not say whether a bookmark was deleted or archived, so when `source` is given it is asked:
    /// an archived bookmark stays in the index flagged archived (found only in the archived scope, never in the
    /// live library or by Ask); a deleted one — or any whose state cannot be read — is removed. An index write
    /// that fails is reported through `warn` and never fails the library call that triggered it.
    public func observer(source: (any BookmarkSource)? = nil, indexer: VectorIndexer? = nil,
                         warn: @escaping @Sendable (String) -> Void) -> LibraryObserver {
        LibraryObserver(
            saved: { bookmarks in
                do {
                    try self.upsert(bookmarks)
                } catch {
                    warn("search index not updated: \(error)")
                }
                await Self.schedule(indexer, warn: warn)
            },
            removed: { ids in
                var archived: [Bookmark] = []
                var gone: [Int] = []
                for id in ids {
                    if let source, let bookmark = await Self.currentState(of: id, in: source), bookmark.isArchived {
                        archived.append(bookmark)
                    } else {
                        gone.append(id)
                    }
                }
                do {
                    try self.remove(ids: gone)
                    try self.upsert(archived.map { bookmark in
                        // The archived copy keeps the AI metadata the index already had.
                        guard let indexed = try self.document(id: bookmark.id) else { return bookmark }
                        var copy = bookmark
                        copy.aiSummary = copy.aiSummary ?? indexed.aiSummary
                        if copy.aiTags.isEmpty { copy.aiTags = indexed.aiTags }
                        return copy
                    })
                } catch {
                    warn("search index not updated: \(error)")
                }
                if !archived.isEmpty { await Self.schedule(indexer, warn: warn) }
            })
    }

    /// Asks `indexer` for a background run; a failure to enqueue is reported, never thrown at the library call.
    private static func schedule(_ indexer: VectorIndexer?, warn: @Sendable (String) -> Void) async {
        do {
            try await indexer?.schedule()
        } catch {
            warn("vectors not scheduled: \(error)")
        }
    }

    /// The bookmark as the source has it now, or nil when it is gone or cannot be read.
    private static func currentState(of id: Int, in source: any BookmarkSource) async -> Bookmark? {
        do {
            return try await source.bookmark(id: id)
        } catch {
            return nil // deleted (notFound) or unreadable: removing it is the safe side
        }
    }
}
