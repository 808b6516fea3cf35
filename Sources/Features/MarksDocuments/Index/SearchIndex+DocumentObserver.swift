import Foundation
import MarksCore
import MarksIndex

extension SearchIndex {
    /// The observer that keeps this index in step with the sources, as `observer(indexer:warn:)` does for
    /// bookmarks: a saved source is written as a document under its negated row number (its URL
    /// `marks-source://<uuid>`, its original filename in the URL column, its text as the description), a deleted
    /// one is removed; then `indexer` embeds new texts in the background. Searches see sources only when their
    /// filter says so (`SearchFilter.sources`). `more` gives blocks cut into passages after a source's text (its
    /// highlights and notes, so Ask may cite them).
    public func documentObserver(indexer: VectorIndexer? = nil, more: @escaping @Sendable (UUID) -> [PassageBlock] = { _ in [] },
                                 warn: @escaping @Sendable (String) -> Void) -> DocumentObserver {
        DocumentObserver(
            saved: { sources in
                do {
                    try self.upsert(documents: sources.map(IndexedDocument.init(source:)))
                    for source in sources {
                        try self.replaceSourcePassages(id: -source.summary.number, blocks: source.passageBlocks + more(source.summary.id))
                    }
                } catch {
                    warn("search index not updated: \(error)")
                }
                do {
                    try await indexer?.schedule()
                } catch {
                    warn("vectors not scheduled: \(error)")
                }
            },
            deleted: { summaries in
                do {
                    try self.remove(ids: summaries.map { -$0.number })
                } catch {
                    warn("search index not updated: \(error)")
                }
            })
    }
}

extension IndexedDocument {
    /// The index's document for a source: id `-number`, so it never meets a bookmark id.
    public init(source: StoredDocument) {
        let summary = source.summary
        self.init(id: -summary.number, url: summary.url, domain: summary.originalFilename ?? "", title: summary.displayTitle,
                  description: source.body, tagNames: summary.tags, dateAdded: summary.createdAt)
    }
}

extension StoredDocument {
    /// The blocks a source's passages are cut from: a PDF's pages (each with its number), else the body's paragraphs.
    public var passageBlocks: [PassageBlock] {
        guard !pages.isEmpty else { return PassageBlock.paragraphs(of: body) }
        return pages.enumerated().flatMap { offset, text in PassageBlock.paragraphs(of: text, page: offset + 1) }
    }
}
