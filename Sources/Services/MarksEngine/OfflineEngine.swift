import MarksCore
import SystemSupport

/// The AI engine that needs no network and no key: extractive summaries, keyphrase tags that prefer the
/// user's vocabulary, embedding search and clustered collections, all on a local sentence-embedding model.
/// Pure: no I/O, no clock, no randomness; the same input gives the same output. The async entry points run
/// the work on `workers` (dedicated threads, `WorkerPool.compute` by default), never on Swift's cooperative
/// pool, so a long enrichment cannot stall the server's other requests; cancelling the caller stops the
/// work at its next batch of embeddings.
public struct OfflineEngine: Sendable {
    /// The `engine` value of its results.
    public static let name = "offline"

    /// The request limits enforced before any work.
    public var limits: EngineLimits
    /// Content sentences read per page (the rest of a long text is ignored).
    public var maximumSentences = 60
    /// Splits page text into sentences.
    public var splitter = SentenceSplitter()
    /// Recognises page furniture.
    public var filter = BoilerplateFilter()
    /// Picks summary sentences.
    public var summarizer = ExtractiveSummarizer()
    /// Finds tag candidates.
    public var extractor = PhraseExtractor()
    /// Chooses tags.
    public var tagger = KeyphraseTagger()
    /// Ranks bookmarks for semantic search.
    public var ranker: SemanticRanker
    /// Builds smart collections.
    public var collectionBuilder: CollectionBuilder
    /// The threads the async entry points run on.
    public var workers: WorkerPool
    private let embeddings: EmbeddingProvider

    /// An engine on `embedder`, keeping bookmark and tag embeddings in `cache`, running on `workers`.
    public init(embedder: any TextEmbedder, cache: any EmbeddingCache = InMemoryEmbeddingCache(), limits: EngineLimits = EngineLimits(),
                workers: WorkerPool = .compute) {
        self.limits = limits
        self.workers = workers
        embeddings = EmbeddingProvider(embedder: embedder, cache: cache)
        ranker = SemanticRanker(embedder: embedder, cache: cache)
        collectionBuilder = CollectionBuilder(embedder: embedder, cache: cache)
    }

    public func enrich(_ request: EnrichRequest) async throws -> EnrichResult {
        try await workers.run { [self] in try enrichPage(request) }
    }

    public func rank(query: String, items: [RankItem]) async throws -> [RankedID] {
        try limits.validate(query: query, items: items)
        return try await workers.run { [ranker] in try ranker.rank(query: query, items: items) }
    }

    public func collections(_ items: [CollectionItem]) async throws -> [SmartCollection] {
        try limits.validate(items)
        return try await workers.run { [collectionBuilder] in try collectionBuilder.collections(items) }
    }

    /// `enrich` on the calling thread (for callers that are not async, or already on a worker thread).
    public func enrichPage(_ request: EnrichRequest) throws -> EnrichResult {
        try limits.validate(request)
        let page = PageContent(request: request, splitter: splitter, filter: filter, maximumSentences: maximumSentences)
        let candidates = extractor.candidates(title: page.title, description: page.description, sentences: page.sentences, url: request.url)
        let vocabulary = try TagVocabulary(request.vocabulary ?? [], embed: embeddings.embedCached)

        // One batch for everything of this page: sentences, title, the page as a whole, and the candidates.
        var texts = page.sentences
        let titleSlot = page.title.map { _ in texts.count }
        if let title = page.title { texts.append(title) }
        let pageSlot = texts.count
        texts.append(page.pageText.isEmpty ? PhraseExtractor.pathWords(of: request.url) : page.pageText)
        let candidateStart = texts.count
        // Only the most prominent candidates are embedded; the rest can still match vocabulary tags by name.
        texts.append(contentsOf: candidates.prefix(tagger.embeddedCandidates).map(\.text))
        let vectors = try embeddings.embed(texts)

        // safe: `embed` returns exactly one vector per text, so every slot below is in range.
        let sentenceVectors = Array(vectors[0..<page.sentences.count])
        var summary = summarizer.summarize(sentences: page.sentences, embeddings: sentenceVectors, titleEmbedding: titleSlot.map { vectors[$0] })
        if summary.isEmpty, let description = page.description {
            summary = Self.leadingSentences(of: description, splitter: splitter, maximumLength: summarizer.maximumLength)
        }
        let tags = candidates.isEmpty && vocabulary.isEmpty ? [] : tagger.tags(
            candidates: candidates, candidateEmbeddings: Array(vectors[candidateStart...]),
            pageEmbedding: vectors[pageSlot], sentenceEmbeddings: sentenceVectors, vocabulary: vocabulary,
            pageText: ([page.title ?? ""] + [page.description ?? ""] + page.sentences).joined(separator: "\n"))
        return EnrichResult(summary: summary, tags: tags, engine: Self.name)
    }

    /// The first sentences of `text` that fit in `maximumLength` characters (the first one cut cleanly if it alone is too long).
    static func leadingSentences(of text: String, splitter: SentenceSplitter, maximumLength: Int) -> String {
        var kept: [String] = []
        var used = 0
        for sentence in splitter.split(text) {
            let needed = sentence.count + (kept.isEmpty ? 0 : 1)
            guard used + needed <= maximumLength else { break }
            kept.append(sentence)
            used += needed
            if kept.count == 3 { break }
        }
        if kept.isEmpty, let first = splitter.split(text).first {
            return ExtractiveSummarizer.cleanCut(first, maximumLength: maximumLength)
        }
        return kept.joined(separator: " ")
    }
}
