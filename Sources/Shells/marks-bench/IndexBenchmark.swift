import Foundation
import MarksIndex
import SentenceEmbeddings

/// `make bench` section for the embeddings and the search index: model load time and memory, embedding
/// throughput (titles ~12 tokens, summaries ~60, batched) — beside sentence-transformers on the same texts
/// when that Python package is installed — exact vector top-10 over 100k stored vectors, and hybrid search end
/// to end (query embedding included) over a 100k-bookmark index.
enum IndexBenchmark {
    static let bookmarks = 100_000
    static let queries = 50

    static func run() async throws -> [String] {
        var lines: [String] = []
        let directory = try ModelLocator().requireDirectory()
        let report = try EmbeddingBenchmark.run(directory: directory)
        lines.append(String(format: "model load %.0f ms; resident memory after embedding %@; OpenBLAS kernels %@",
                            report.loadSeconds * 1000, megabytes(report.residentBytes), report.blasCore))
        lines.append(throughputLine("titles", report.titles))
        lines.append(throughputLine("summaries", report.summaries))
        lines += compareWithSentenceTransformers(directory: directory, marks: report)

        let model = try EmbeddingModel.load(directory: directory)
        let scratch = try BenchSupport.temporaryDirectory("index")
        defer { removeQuietly(scratch) }
        let index = try SearchIndex(path: scratch.appendingPathComponent("marks.sqlite").path)
        var text = SyntheticText(seed: 7)
        let buildSeconds = try BenchSupport.time {
            var batch: [IndexedDocument] = []
            for id in 1...bookmarks {
                batch.append(IndexedDocument(id: id, url: "https://site\(id % 977).example/\(id)", title: text.sentence(words: 8),
                                             description: text.sentence(words: 25), tagNames: [text.word(), text.word()],
                                             unread: id % 4 == 0))
                if batch.count == 5000 {
                    try index.upsert(documents: batch)
                    batch.removeAll(keepingCapacity: true)
                }
            }
        }
        let vectorSeconds = try BenchSupport.time {
            var pending = try index.pendingTexts(limit: 5000)
            var random = SyntheticText(seed: 11)
            while !pending.isEmpty {
                try index.storeVectors(pending.map { ($0.contentHash, random.unitVector(dimension: model.dimension)) })
                pending = try index.pendingTexts(limit: 5000)
            }
        }
        lines.append(String(format: "index of %d bookmarks: text %.1f s, %d stored vectors %.1f s (random unit vectors: latency, not quality)",
                            bookmarks, buildSeconds, bookmarks, vectorSeconds))
        let loadSeconds = try BenchSupport.time { _ = try index.loadedVectorCount() }
        lines.append(String(format: "first vector search loads the matrix: %.0f ms; resident memory now %@",
                            loadSeconds * 1000, megabytes(EmbeddingBenchmark.residentMemoryBytes())))

        var random = SyntheticText(seed: 13)
        var vectorTimes: [Double] = []
        for _ in 0..<queries {
            let query = random.unitVector(dimension: model.dimension)
            vectorTimes.append(try BenchSupport.time { _ = try index.vectorSearch(query, limit: 10) })
        }
        lines.append(latencyLine("vector top-10 over \(bookmarks) vectors (exact)", vectorTimes, target: 20))

        let service = SearchService(index: index, embedder: LazyEmbedder { .model(model) })
        var keywordTimes: [Double] = []
        var hybridTimes: [Double] = []
        var unreadTimes: [Double] = []
        var queryText = SyntheticText(seed: 7) // the same words the titles were made of
        for _ in 0..<queries {
            let words = queryText.sentence(words: 3)
            keywordTimes.append(try BenchSupport.time { _ = try service.search(SearchRequest(text: words, mode: .keyword, limit: 10)) })
            hybridTimes.append(try BenchSupport.time { _ = try service.search(SearchRequest(text: words, mode: .semantic, limit: 10)) })
            unreadTimes.append(try BenchSupport.time {
                _ = try service.search(SearchRequest(text: words, mode: .semantic, filter: SearchFilter(unreadOnly: true), limit: 10))
            })
        }
        lines.append(latencyLine("keyword (BM25) top-10, \(bookmarks) bookmarks", keywordTimes, target: nil))
        lines.append(latencyLine("hybrid top-10 end to end, query embedding included", hybridTimes, target: 40))
        lines.append(latencyLine("hybrid top-10, unread only", unreadTimes, target: 40))
        return lines
    }

    private static func throughputLine(_ label: String, _ figure: EmbeddingBenchmark.Throughput) -> String {
        String(format: "embed %@: %.0f texts/s (%d texts, %.1f tokens each, batched), %.0f per CPU-second",
               label, figure.textsPerSecond, figure.texts, figure.meanTokens, figure.textsPerCPUSecond)
    }

    private static func latencyLine(_ label: String, _ seconds: [Double], target: Double?) -> String {
        let p50 = BenchSupport.percentile(seconds, 50) * 1000
        let p95 = BenchSupport.percentile(seconds, 95) * 1000
        var line = String(format: "%@: p50 %.1f ms, p95 %.1f ms", label, p50, p95)
        if let target { line += String(format: " (target p50 ≤ %.0f ms: %@)", target, p50 <= target ? "met" : "MISSED") }
        return line
    }

    private static func megabytes(_ bytes: Int?) -> String {
        bytes.map { String(format: "%.0f MB", Double($0) / 1_048_576) } ?? "unknown"
    }

    /// The same texts through sentence-transformers (PyTorch) when the Python package is installed; the ratio
    /// is Marks' texts per second over theirs.
    private static func compareWithSentenceTransformers(directory: URL, marks: EmbeddingBenchmark.Report) -> [String] {
        guard let python = BenchSupport.which("python3") else { return ["sentence-transformers: no python3; Marks' figures alone"] }
        let probe = (try? BenchSupport.run(python, ["-c", "import sentence_transformers; print('ok')"])) ?? "" // safe: a failed probe means "not installed"
        guard probe.contains("ok") else { return ["sentence-transformers not installed (pip install sentence-transformers); Marks' figures alone"] }
        let script = """
            import json, statistics, sys, time
            from sentence_transformers import SentenceTransformer
            model = SentenceTransformer(sys.argv[1], device="cpu")
            texts = json.load(open(sys.argv[2]))
            out = {}
            for name in ("titles", "summaries"):
                batch = texts[name]
                model.encode(batch[:64], batch_size=64)
                times = []
                for _ in range(3):
                    start = time.perf_counter()
                    model.encode(batch, batch_size=64)
                    times.append(time.perf_counter() - start)
                out[name] = len(batch) / statistics.median(times)
            print(json.dumps(out))
            """
        do {
            let scratch = try BenchSupport.temporaryDirectory("st")
            defer { removeQuietly(scratch) }
            let input = scratch.appendingPathComponent("texts.json")
            let texts = ["titles": EmbeddingBenchmark.sampleTitles(count: marks.titles.texts),
                         "summaries": EmbeddingBenchmark.sampleSummaries(count: marks.summaries.texts)]
            try JSONEncoder().encode(texts).write(to: input)
            let output = try BenchSupport.run(python, ["-c", script, directory.path, input.path])
            guard let line = output.split(separator: "\n").last,
                  let figures = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Double],
                  let titles = figures["titles"], let summaries = figures["summaries"], titles > 0, summaries > 0 else {
                return ["sentence-transformers run gave no figures: \(output.suffix(200))"]
            }
            return [
                String(format: "sentence-transformers titles: %.0f texts/s — Marks/ST ratio %.2f× (target ≥ 1.5×)",
                       titles, marks.titles.textsPerSecond / titles),
                String(format: "sentence-transformers summaries: %.0f texts/s — Marks/ST ratio %.2f× (target ≥ 1.5×)",
                       summaries, marks.summaries.textsPerSecond / summaries),
            ]
        } catch {
            return ["sentence-transformers comparison failed: \(error)"]
        }
    }

    private static func removeQuietly(_ url: URL) {
        do {
            try FileManager.default.removeItem(at: url)
        } catch {
            // A leftover temp dir is harmless.
        }
    }
}
