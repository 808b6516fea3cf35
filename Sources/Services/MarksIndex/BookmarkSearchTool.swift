import SystemSupport

/// The search tool Ask stands on (the seeds' `BookmarkSearchTool`): a question in, the best passages of the
/// bookmarks and sources out — hybrid retrieval (BM25 and vectors, fused as the bookmark search fuses them) within
/// the filters (unread, tag, date range, bookmarks and/or sources), each passage with its document, heading, page
/// and character range, ready to cite. Without the model it searches by words alone and says so.
public final class BookmarkSearchTool: Sendable {
    /// What one call asks.
    public struct Query: Sendable, Equatable {
        public var text: String
        public var filter: SearchFilter
        public var limit: Int
        /// A passage found by the vector leg alone must be at least this similar (cosine).
        public var minimumSimilarity: Double

        /// A query; by default bookmarks and sources, 8 passages.
        public init(text: String, filter: SearchFilter = SearchFilter(sources: .included), limit: Int = 8,
                    minimumSimilarity: Double = SearchRequest.semanticFloor) {
            self.text = text
            self.filter = filter
            self.limit = limit
            self.minimumSimilarity = minimumSimilarity
        }
    }

    /// One call's answer.
    public struct Answer: Sendable, Equatable {
        public var passages: [PassageResult]
        /// False when the model is not installed and only words were matched.
        public var usedVectors: Bool
        /// The question's vector, when the model embedded it (Ask reuses it for its sentences).
        public var queryVector: [Float]? = nil
    }

    public let index: SearchIndex
    private let embedder: LazyEmbedder
    private let workers: WorkerPool

    /// A tool over `index`, embedding queries with `embedder` (share it with the indexer) on `workers`.
    public init(index: SearchIndex, embedder: LazyEmbedder, workers: WorkerPool = .compute) {
        self.index = index
        self.embedder = embedder
        self.workers = workers
    }

    /// `search` on `workers`, never on Swift's cooperative pool.
    public func search(_ query: Query) async throws -> Answer {
        try await workers.run { try self.search(query) }
    }

    /// Runs one search. Throws `IndexError.emptyQuery` when the text has no words.
    public func search(_ query: Query) throws -> Answer {
        guard query.text.contains(where: { $0.isLetter || $0.isNumber }) else { throw IndexError.emptyQuery }
        let limit = max(1, min(query.limit, 100))
        let vector: [Float]?
        do {
            vector = try embedder.get(interactive: true).vectors([query.text]).first
        } catch IndexError.modelMissing {
            vector = nil
        }
        let hits = try index.hybridPassageSearch(query.text, queryVector: vector, filter: query.filter, limit: limit).filter { hit in
            hit.legs.contains(.keyword) || (hit.vectorScore ?? 0) >= query.minimumSimilarity
        }
        let passages = try index.passages(ids: hits.map(\.bookmarkID))
        let documents = try index.documents(ids: passages.values.map(\.documentID))
        let results = hits.compactMap { hit -> PassageResult? in
            guard let passage = passages[hit.bookmarkID], let document = documents[passage.documentID] else { return nil }
            return PassageResult(passage: passage, document: document, score: hit.score, legs: hit.legs,
                                 keywordScore: hit.keywordScore, vectorScore: hit.vectorScore)
        }
        return Answer(passages: results, usedVectors: vector != nil, queryVector: vector)
    }
}
