import Foundation
import Synchronization
import SystemSupport

/// Offline retrieval quality of the index: known-item search over Reuters articles hidden among fortunes
/// (labelled texts that ship in Debian packages; `scripts/fetch-eval-data.sh`). Each article is stored as a
/// bookmark is — its headline as the title, its lead paragraph as the description — and is looked for with a
/// detail a person might remember from the rest of it: its second paragraph (whole, or its first 12 or 6 words)
/// or the first 12 words of its last paragraph. Each query set is measured for keyword only (BM25), vector
/// only (cosine) and hybrid (cosine, a keyword match breaking near-ties). (Headline queries proved too easy: every mode found
/// every article.)
public enum IndexQuality {
    /// The three ways of searching compared.
    public enum Mode: String, Sendable, CaseIterable {
        case keyword, vector, hybrid
    }

    /// Figures of one query set and mode.
    public struct Figure: Sendable, Equatable {
        public var querySet: String
        public var mode: Mode
        public var queries: Int
        public var recallAt10: Double
        public var meanReciprocalRank: Double
    }

    /// The measured table, the corpus size, and the totals per mode over every query set.
    public struct Report: Sendable {
        public var figures: [Figure]
        public var totals: [Mode: Figure]
        public var articles: Int
        public var distractors: Int

        /// True when hybrid beats keyword only on recall@10 and on MRR over all queries.
        public var hybridBeatsKeyword: Bool {
            guard let hybrid = totals[.hybrid], let keyword = totals[.keyword] else { return false }
            return hybrid.recallAt10 > keyword.recallAt10 && hybrid.meanReciprocalRank > keyword.meanReciprocalRank
        }
    }

    /// Runs the evaluation and returns the table as lines. `evaluationDirectory` holds `reuters/` and `fortunes/`;
    /// the scratch directory gets throw-away index files.
    public static func run(evaluationDirectory: URL, scratchDirectory: URL, embedder: IndexEmbedder, distractors: Int = 2000) async throws -> [String] {
        format(try await measure(evaluationDirectory: evaluationDirectory, scratchDirectory: scratchDirectory, embedder: embedder,
                           distractors: distractors))
    }

    /// Runs the evaluation, embedding the documents on `workers`.
    public static func measure(evaluationDirectory: URL, scratchDirectory: URL, embedder: IndexEmbedder, distractors: Int = 2000,
                               workers: WorkerPool = .compute) async throws -> Report {
        let articles = try EvaluationCorpus.reuters(evaluationDirectory.appendingPathComponent("reuters", isDirectory: true))
        let fortunes = try EvaluationCorpus.fortunes(evaluationDirectory.appendingPathComponent("fortunes", isDirectory: true), count: distractors)
        let cached = caching(embedder)
        let noise = fortunes.enumerated().map { offset, fortune in
            let lines = fortune.text.split(separator: "\n", maxSplits: 1).map(String.init)
            return IndexedDocument(id: 100_000 + offset, url: "https://fortunes.example/\(fortune.category)/\(offset)",
                                   title: String(lines[0].prefix(120)), description: lines.count > 1 ? lines[1] : "")
        }
        func bookmark(_ id: Int, _ article: EvaluationCorpus.Article) -> IndexedDocument {
            IndexedDocument(id: id, url: "https://news.example/\(id)", title: article.headline, description: article.paragraphs[0])
        }
        func words(_ text: String, _ count: Int) -> String {
            text.split(whereSeparator: \.isWhitespace).prefix(count).joined(separator: " ")
        }
        let sets: [(name: String, query: (EvaluationCorpus.Article) -> String, document: (Int, EvaluationCorpus.Article) -> IndexedDocument)] = [
            ("2nd paragraph", { $0.paragraphs[1] }, bookmark),
            ("2nd paragraph, 12 words", { words($0.paragraphs[1], 12) }, bookmark),
            ("2nd paragraph, 6 words", { words($0.paragraphs[1], 6) }, bookmark),
            ("last paragraph, 12 words", { words($0.paragraphs[$0.paragraphs.count - 1], 12) }, bookmark),
        ]
        var figures: [Figure] = []
        var totals: [Mode: RetrievalMetrics] = [:]
        for (number, set) in sets.enumerated() {
            let index = try SearchIndex(path: scratchDirectory.appendingPathComponent("quality-\(number).sqlite").path, dimension: embedder.dimension)
            try index.clear()
            let documents = articles.enumerated().map { set.document($0.offset + 1, $0.element) }
            try index.upsert(documents: documents + noise)
            try await VectorIndexer(index: index, batchSize: 256, workers: workers) { cached }.run()
            let queries = articles.map(set.query)
            let vectors = try cached.vectors(queries)
            var metrics: [Mode: RetrievalMetrics] = [:]
            for (offset, (query, vector)) in zip(queries, vectors).enumerated() {
                let relevant = offset + 1
                let keyword: [SearchHit]
                do {
                    keyword = try index.keywordSearch(query, limit: 100)
                } catch IndexError.emptyQuery {
                    keyword = []
                }
                metrics[.keyword, default: RetrievalMetrics()].record(ranked: keyword.map(\.bookmarkID), relevant: relevant)
                metrics[.vector, default: RetrievalMetrics()].record(
                    ranked: try index.vectorSearch(vector, limit: 100).map(\.bookmarkID), relevant: relevant)
                metrics[.hybrid, default: RetrievalMetrics()].record(
                    ranked: try index.hybridSearch(query, queryVector: vector, limit: 100, candidates: 100).map(\.bookmarkID),
                    relevant: relevant)
            }
            for mode in Mode.allCases {
                let measured = metrics[mode, default: RetrievalMetrics()]
                figures.append(figure(set.name, mode, measured))
                totals[mode] = totals[mode, default: RetrievalMetrics()] + measured
            }
        }
        return Report(figures: figures, totals: totals.reduce(into: [:]) { $0[$1.key] = figure("all queries", $1.key, $1.value) },
                      articles: articles.count, distractors: noise.count)
    }

    /// The report as a table.
    public static func format(_ report: Report) -> [String] {
        func row(_ figure: Figure, label: String) -> String {
            label.padding(toLength: 27, withPad: " ", startingAt: 0) + figure.mode.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)
                + String(format: "%9.3f %8.3f", figure.recallAt10, figure.meanReciprocalRank) + "   (\(figure.queries) queries)"
        }
        var lines = [
            "Retrieval quality: known-item search for \(report.articles) Reuters articles (r-cran-tm) among \(report.distractors) fortunes;",
            "each article stored as headline + lead paragraph, searched with a detail from the rest of it",
            "query set                  mode      recall@10      MRR",
        ]
        var previous = ""
        for figure in report.figures + Mode.allCases.compactMap({ report.totals[$0] }) {
            lines.append(row(figure, label: figure.querySet == previous ? "" : figure.querySet))
            previous = figure.querySet
        }
        if let hybrid = report.totals[.hybrid], let keyword = report.totals[.keyword] {
            lines.append(String(format: "hybrid vs keyword only: recall@10 %+.3f, MRR %+.3f — ", hybrid.recallAt10 - keyword.recallAt10,
                                hybrid.meanReciprocalRank - keyword.meanReciprocalRank)
                + (report.hybridBeatsKeyword ? "hybrid is better" : "hybrid is NOT better"))
        }
        return lines
    }

    private static func figure(_ set: String, _ mode: Mode, _ metrics: RetrievalMetrics) -> Figure {
        Figure(querySet: set, mode: mode, queries: metrics.queries, recallAt10: metrics.recallAt10, meanReciprocalRank: metrics.meanReciprocalRank)
    }

    /// The embedder with a memo, so texts shared by the query sets (the distractors) are embedded once.
    private static func caching(_ embedder: IndexEmbedder) -> IndexEmbedder {
        let memo = Mutex<[String: [Float]]>([:])
        return IndexEmbedder(dimension: embedder.dimension) { texts in
            let missing = Array(Set(texts.filter { text in memo.withLock { $0[text] == nil } }))
            let computed = missing.isEmpty ? [] : try embedder.vectors(missing)
            return memo.withLock { memo in
                for (text, vector) in zip(missing, computed) { memo[text] = vector }
                return texts.map { memo[$0] ?? [] }
            }
        }
    }
}
