import Foundation
import MarksIndex
import SentenceEmbeddings
import SQLiteDatabase

/// `make bench` section for the embeddings and the search index: model load time and memory, embedding
/// throughput (titles ~12 tokens, summaries ~60, batched) — beside sentence-transformers on the same texts
/// when that Python package is installed — exact vector top-10 over 100k stored vectors beside a Float32 OpenBLAS
/// baseline over the same vectors (latency, memory, recall@10), the bytes a vector takes on disk, and hybrid search end
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
        // The vectors in Float32, as the index held them before it quantised them: the baseline of the memory and
        // latency lines below, measured in this run over the same vectors.
        let dimension = model.dimension
        let residentBeforeBaseline = EmbeddingBenchmark.residentMemoryBytes()
        var baseline = [Float]()
        baseline.reserveCapacity(bookmarks * dimension)
        var random = SyntheticText(seed: 11)
        for _ in 0..<bookmarks { baseline += random.unitVector(dimension: dimension) }
        let baselineResident = difference(EmbeddingBenchmark.residentMemoryBytes(), residentBeforeBaseline)
        var rowOfHash: [Int64: Int] = [:]
        let vectorSeconds = try BenchSupport.time {
            var pending = try index.pendingTexts(limit: 5000)
            while !pending.isEmpty {
                try index.storeVectors(pending.map { text in
                    let row = rowOfHash.count % bookmarks
                    rowOfHash[text.contentHash] = row
                    return (text.contentHash, Array(baseline[row * dimension..<(row + 1) * dimension]))
                })
                pending = try index.pendingTexts(limit: 5000)
            }
        }
        lines.append(String(format: "index of %d bookmarks: text %.1f s, %d stored vectors %.1f s (random unit vectors: latency, not quality)",
                            bookmarks, buildSeconds, bookmarks, vectorSeconds))
        let stored = try index.database.read { connection in
            try connection.queryOne("SELECT COUNT(*), SUM(length(vector)) FROM index_vectors").map { (try $0.int(at: 0), try $0.int(at: 1)) }
        } ?? (0, 0)
        let fileBytes = (try FileManager.default.attributesOfItem(atPath: scratch.appendingPathComponent("marks.sqlite").path)[.size] as? Int) ?? 0
        lines.append(String(format: "vectors on disk: %d BLOBs of %.0f bytes (Float32: %d); marks.sqlite %@ with the index",
                            stored.0, Double(stored.1) / Double(max(stored.0, 1)), dimension * 4, megabytes(fileBytes)))
        let residentBeforeLoad = EmbeddingBenchmark.residentMemoryBytes()
        let loadSeconds = try BenchSupport.time { _ = try index.loadedVectorCount() }
        let loadResident = difference(EmbeddingBenchmark.residentMemoryBytes(), residentBeforeLoad)
        lines.append(String(format: "first vector search loads the matrix: %.0f ms; resident memory now %@",
                            loadSeconds * 1000, megabytes(EmbeddingBenchmark.residentMemoryBytes())))
        lines.append(String(format: "memory of %d loaded vectors: %@ resident (%@ of rows) — Float32 baseline %@ resident (%@ of rows): %@",
                            bookmarks, megabytes(loadResident), megabytes(try index.loadedVectorBytes()), megabytes(baselineResident),
                            megabytes(baseline.count * MemoryLayout<Float>.size),
                            ratio(loadResident, baselineResident)))

        var queryVectors = SyntheticText(seed: 13)
        var vectorTimes: [Double] = []
        var baselineTimes: [Double] = []
        var found = 0
        let idOfRow = try index.database.read { connection in
            try connection.query("SELECT bookmark_id, content_hash FROM index_documents").reduce(into: [Int: Int]()) { ids, row in
                if let vectorRow = rowOfHash[Int64(try row.int(at: 1))] { ids[vectorRow] = try row.int(at: 0) }
            }
        }
        for _ in 0..<queries {
            let query = queryVectors.unitVector(dimension: dimension)
            var compact: [SearchHit] = []
            vectorTimes.append(try BenchSupport.time { compact = try index.vectorSearch(query, limit: 10) })
            var exact: [(index: Int, score: Float)] = []
            baselineTimes.append(try BenchSupport.time {
                exact = try VectorMath.topMatches(for: query, in: baseline, dimension: dimension, count: 10).map { ($0.index, $0.score) }
            })
            let exactIDs = Set(exact.compactMap { idOfRow[$0.index] })
            found += compact.filter { exactIDs.contains($0.bookmarkID) }.count
        }
        lines.append(latencyLine("vector top-10 over \(bookmarks) vectors (exact over int8 rows)", vectorTimes, target: 10))
        lines.append(latencyLine("Float32 baseline: OpenBLAS top-10 over the same vectors", baselineTimes, target: nil)
                     + String(format: "; int8/Float32 p50 ratio %.2f", BenchSupport.percentile(vectorTimes, 50) / BenchSupport.percentile(baselineTimes, 50)))
        lines.append(String(format: "recall@10 of the int8 search against the Float32 baseline: %.3f (%d queries, random unit vectors)",
                            Double(found) / Double(queries * 10), queries))
        lines.append(try migrationLine(path: scratch.appendingPathComponent("marks.sqlite").path, baseline: baseline,
                                       rowOfHash: rowOfHash, dimension: dimension))
        baseline = []

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

    /// Puts the index back in the format before migration 4 (the same vectors as Float32 BLOBs), then times the
    /// open that re-encodes them.
    private static func migrationLine(path: String, baseline: [Float], rowOfHash: [Int64: Int], dimension: Int) throws -> String {
        let old = try SearchIndex(path: path)
        try old.database.write { connection in
            let update = try connection.prepare("UPDATE index_vectors SET vector = ? WHERE id = ?")
            for (hash, row) in rowOfHash {
                let floats = Array(baseline[row * dimension..<(row + 1) * dimension])
                try update.bind([.blob(floats.withUnsafeBytes { Array($0) }), .integer(hash)])
                try update.run()
            }
            try connection.run("DELETE FROM schema_migrations WHERE namespace = 'index' AND id = 4")
        }
        let seconds = try BenchSupport.time { _ = try SearchIndex(path: path) }
        return String(format: "migration 4 re-encodes %d Float32 vectors in place on open: %.1f s", rowOfHash.count, seconds)
    }

    private static func difference(_ after: Int?, _ before: Int?) -> Int? {
        guard let after, let before else { return nil }
        return after - before
    }

    private static func ratio(_ part: Int?, _ whole: Int?) -> String {
        guard let part, let whole, whole > 0 else { return "ratio unknown" }
        return String(format: "ratio %.2f", Double(part) / Double(whole))
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
