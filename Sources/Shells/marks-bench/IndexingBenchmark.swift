import Foundation
import MarksEngine
import MarksIndex
import SentenceEmbeddings

/// `make bench` section `indexing` (issue 36 item 7): how fast `marks index` computes vectors, on an even sample of the
/// 100k Debian-like library (`DebianLibrary`; `MARKS_INDEXING_SIZE` bookmarks, 5,000 by default). Figures are texts
/// per second (wall) and per CPU-second (getrusage, all threads: the machine may be busy with other work), CPU-seconds
/// per 1,000 texts, and the wall time 100k would take on this machine's cores at the measured CPU rate.
enum IndexingBenchmark {
    static let library = 100_000

    static func run() async throws -> [String] {
        let environment = ProcessInfo.processInfo.environment
        let size = max(1, Int(environment["MARKS_INDEXING_SIZE"] ?? "") ?? 5000)
        let directory: URL
        do {
            directory = try ModelLocator(environment: environment).requireDirectory()
        } catch {
            throw BenchSupport.Failure(description: "the indexing benchmark needs the model (make model): \(error)")
        }
        let exact = try EmbeddingModel.load(directory: directory, precision: .float32)
        let fastest = try EmbeddingModel.load(directory: directory, precision: .fastest)
        let all = try DebianLibrary.documents(size: library, evaluation: QualityReport.evaluationDirectory(environment: environment))
        let step = max(1, all.documents.count / size)
        let documents = stride(from: 0, to: all.documents.count, by: step).prefix(size).map { all.documents[$0] }
        var lines: [String] = []

        let scratch = try BenchSupport.temporaryDirectory("indexing")
        defer { remove(scratch) }
        var indexes: [SearchIndex] = []
        var text = Cost(wall: 0, cpu: 0)
        for name in ["before", "after"] {
            let index = try SearchIndex(path: scratch.appendingPathComponent("\(name).sqlite").path, dimension: exact.dimension)
            text = try measure {
                for part in stride(from: 0, to: documents.count, by: 5000) {
                    try index.upsert(documents: Array(documents[part..<min(part + 5000, documents.count)]))
                }
            }
            indexes.append(index)
        }
        let pending = try indexes[0].pendingTexts(limit: .max)
        let tokens = pending.map { exact.tokenizer.encode($0.text, maxLength: exact.maximumTokens).count }
        lines.append(String(format: "%d bookmarks (1 in %d of the %d Debian-like library): %d texts to embed (%d passages), "
                                + "%.0f tokens a text (%d cut at %d); text index %.1f s wall, %.1f CPU-s",
                            documents.count, step, library, pending.count, try indexes[0].passageCount(),
                            Double(tokens.reduce(0, +)) / Double(max(1, pending.count)), tokens.filter { $0 >= exact.maximumTokens }.count,
                            exact.maximumTokens, text.wall, text.cpu))

        // Before: float32 linear layers (OpenBLAS sgemm), the indexer's batches as they were (128 texts).
        let before = try await measureAsync {
            _ = try await VectorIndexer(index: indexes[0], batchSize: 128) { .model(exact) }.run()
        }
        lines.append(rateLine("before: float32, 128 texts a batch", texts: pending.count, before))
        let after = try await measureAsync {
            _ = try await VectorIndexer(index: indexes[1]) { .model(fastest) }.run()
        }
        lines.append(rateLine("after: \(fastest.precision.rawValue), the indexer's defaults", texts: pending.count, after)
                     + String(format: " — %.2fx the texts per CPU-second (target ≥ 2x: %@)", before.cpu / max(after.cpu, 1e-9),
                              before.cpu / max(after.cpu, 1e-9) >= 2 ? "met" : "MISSED"))
        for (name, index) in zip(["before", "after"], indexes) {
            let left = try index.statistics().pendingTexts
            if left > 0 { lines.append("MISSED: \(left) texts left without a vector (\(name))") }
        }

        // The same texts' vectors both ways (the model's own output, before the index quantises it).
        let sample = stride(from: 0, to: pending.count, by: max(1, pending.count / 500)).map { pending[$0].text }
        // bfloat16 keeps float noise; int8 moves vectors more (its effect on finding: `marks-bench finding` with
        // MARKS_EMBEDDING_PRECISION=float32 against the default, docs/notes/performance.md).
        let cosines = try zip(exact.embed(sample), fastest.embed(sample)).map { Double(try VectorMath.dot($0, $1)) }
        let bar = fastest.precision == .int8 ? 0.99 : 0.999
        lines.append(String(format: "vectors of %d sampled texts, %@ against float32: cosine min %.6f, mean %.6f (target ≥ %.3f: %@)",
                            sample.count, fastest.precision.rawValue, cosines.min() ?? 0, cosines.reduce(0, +) / Double(max(1, cosines.count)),
                            bar, (cosines.min() ?? 0) >= bar ? "met" : "MISSED"))
        return lines
    }

    struct Cost {
        var wall: Double
        var cpu: Double
    }

    private static func rateLine(_ label: String, texts: Int, _ cost: Cost) -> String {
        let perCPU = Double(texts) / max(cost.cpu, 1e-9)
        let cores = Double(ProcessInfo.processInfo.activeProcessorCount)
        return String(format: "%@: %.0f texts/s, %.1f texts per CPU-second, %.1f CPU-s per 1,000 texts (%.1f s wall, %.1f CPU-s); "
                          + "100k texts at this CPU rate on %d idle cores: %.1f min",
                      label, Double(texts) / max(cost.wall, 1e-9), perCPU, cost.cpu / Double(max(texts, 1)) * 1000,
                      cost.wall, cost.cpu, Int(cores), Double(library) / perCPU / cores / 60)
    }

    private static func measure(_ body: () throws -> Void) rethrows -> Cost {
        let cpu = cpuSeconds()
        let wall = try BenchSupport.time(body)
        return Cost(wall: wall, cpu: cpuSeconds() - cpu)
    }

    private static func measureAsync(_ body: () async throws -> Void) async rethrows -> Cost {
        let cpu = cpuSeconds()
        let start = DispatchTime.now().uptimeNanoseconds
        try await body()
        return Cost(wall: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, cpu: cpuSeconds() - cpu)
    }

    /// User + system CPU seconds of this process, all threads.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    private static func remove(_ url: URL) {
        do {
            try FileManager.default.removeItem(at: url)
        } catch {
            // A leftover temp dir is harmless.
        }
    }
}
