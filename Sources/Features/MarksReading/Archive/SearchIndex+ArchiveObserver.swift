import MarksBookmarks
import MarksIndex

extension SearchIndex {
    /// What the page-text archive calls after storing texts: every bookmark with that URL gets the text's
    /// passages, then `indexer` embeds them in the background.
    public func archiveObserver(indexer: VectorIndexer? = nil, warn: @escaping @Sendable (String) -> Void)
        -> @Sendable ([PageArchive.StoredText]) async -> Void {
        { texts in
            do {
                for text in texts {
                    let stored = text
                    try self.syncPageTexts(ids: try self.documentIDs(url: text.url), from: PageTexts(
                        versions: { urls in urls.contains(stored.url) ? [stored.url: stored.version] : [:] },
                        text: { url in url == stored.url ? (stored.version, stored.blocks) : nil }))
                }
            } catch {
                warn("search index not updated with the archived page text: \(error)")
            }
            await Self.schedule(indexer, warn: warn)
        }
    }
}
