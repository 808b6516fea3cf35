import SystemSupport

/// The one call the web app's Search tab (Keyword / Semantic switch) and `marks search --semantic` make:
/// text, mode, scope and limit in; indexed bookmarks with scores out.
public final class SearchService: Sendable {
    /// The index searched.
    public let index: SearchIndex
    /// The embedder for query vectors (loaded on the first semantic search).
    public let embedder: LazyEmbedder
    /// The threads async searches run on (query embedding, vector scoring and the index reads).
    public let workers: WorkerPool

    /// A service over `index`; `embedder` embeds queries (share it with the `VectorIndexer`).
    public init(index: SearchIndex, embedder: LazyEmbedder, workers: WorkerPool = .compute) {
        self.index = index
        self.embedder = embedder
        self.workers = workers
    }

    /// `search` on `workers`, never on Swift's cooperative pool (what the server's routes call).
    public func search(_ request: SearchRequest) async throws -> [SearchResult] {
        try await workers.run { try self.search(request) }
    }

    /// Runs a search. Keyword mode needs no model and matches the archived page and document text too, each hit with
    /// its snippet (`SearchIndex.textSearch`); semantic mode fuses BM25 and cosine results and throws
    /// `IndexError.modelMissing` (with how to install the model) when the model is not there.
    /// Bookmarks whose vectors are still being computed are found by their words only.
    public func search(_ request: SearchRequest) throws -> [SearchResult] {
        let limit = max(1, min(request.limit, 1000))
        let hits: [SearchHit]
        switch request.mode {
        case .keyword:
            hits = try index.textSearch(request.text, filter: request.filter, limit: limit, everyWord: request.everyWord,
                                        pagesOnly: request.pagesOnly)
        case .semantic:
            guard request.text.contains(where: { $0.isLetter || $0.isNumber }) else { throw IndexError.emptyQuery }
            let query = try embedder.get(interactive: true).vectors([request.text])[0] // safe: vectors() returns one per text
            hits = try index.hybridSearch(request.text, queryVector: query, filter: request.filter, limit: limit).filter { hit in
                hit.legs.contains(.keyword) || (hit.vectorScore ?? 0) >= request.minimumSimilarity
            }
        }
        let documents = try index.documents(ids: hits.map(\.bookmarkID))
        return hits.compactMap { hit in documents[hit.bookmarkID].map { SearchResult(document: $0, hit: hit) } }
    }
}
