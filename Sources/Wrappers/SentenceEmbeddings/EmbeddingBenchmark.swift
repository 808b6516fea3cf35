import Foundation
import SystemSupport

/// Measurements of the embedding model for the `make bench` harness: load time, texts per second
/// and resident memory.
public enum EmbeddingBenchmark {
    /// Throughput of one kind of text.
    public struct Throughput: Sendable, Codable, Equatable {
        /// How many texts were embedded per round.
        public let texts: Int
        /// Mean tokens per text, `[CLS]` and `[SEP]` included.
        public let meanTokens: Double
        /// Median wall time of one round, in seconds.
        public let seconds: Double
        /// Median CPU time of the whole process for one round, in seconds (all threads).
        public let cpuSeconds: Double
        /// Texts per second at the median round.
        public var textsPerSecond: Double { seconds > 0 ? Double(texts) / seconds : 0 }
        /// Texts per CPU-second: what one otherwise idle core would do, less sensitive to a busy machine.
        public var textsPerCPUSecond: Double { cpuSeconds > 0 ? Double(texts) / cpuSeconds : 0 }
    }

    /// A full run: loading, then titles and summaries.
    public struct Report: Sendable, Codable, Equatable {
        /// Wall time of `EmbeddingModel.load(directory:)`, in seconds.
        public let loadSeconds: Double
        /// Short texts (~12 tokens).
        public let titles: Throughput
        /// Longer texts (~60 tokens).
        public let summaries: Throughput
        /// VmRSS after the run, in bytes (nil where /proc is unavailable).
        public let residentBytes: Int?
        /// The OpenBLAS kernel set in use (OpenBLAS 0.3.21 picks `Haswell` on Zen 4/5; the environment
        /// variable `OPENBLAS_CORETYPE=SkylakeX` selects its AVX-512 kernels, about 1.8× faster here).
        public let blasCore: String
    }

    /// Times `model.embed(texts)`: one warm-up round, then the median of `rounds` rounds.
    public static func measure(_ model: EmbeddingModel, texts: [String], rounds: Int = 3) -> Throughput {
        let tokens = texts.reduce(0) { $0 + model.tokenizer.encode($1, maxLength: model.maximumTokens).count }
        _ = model.embed(Array(texts.prefix(64)))
        let clock = ContinuousClock()
        var wall: [Double] = []
        var cpu: [Double] = []
        for _ in 0..<max(rounds, 1) {
            let cpuStart = processCPUSeconds()
            wall.append(clock.measure { _ = model.embed(texts) }.inSeconds)
            cpu.append(processCPUSeconds() - cpuStart)
        }
        return Throughput(
            texts: texts.count,
            meanTokens: texts.isEmpty ? 0 : Double(tokens) / Double(texts.count),
            seconds: wall.sorted()[wall.count / 2], // safe: at least one round
            cpuSeconds: cpu.sorted()[cpu.count / 2])
    }

    /// Loads the model from `directory` and measures `titles` and `summaries` (samples by default).
    public static func run(
        directory: URL,
        titles: [String] = sampleTitles(count: 1000),
        summaries: [String] = sampleSummaries(count: 300),
        rounds: Int = 3
    ) throws -> Report {
        let clock = ContinuousClock()
        var loaded: EmbeddingModel?
        let loadTime = try clock.measure { loaded = try EmbeddingModel.load(directory: directory) }
        guard let model = loaded else { throw EmbeddingError.modelNotFound(message: ModelLocator().missingModelMessage) }
        let titleThroughput = measure(model, texts: titles, rounds: rounds)
        let summaryThroughput = measure(model, texts: summaries, rounds: rounds)
        return Report(
            loadSeconds: loadTime.inSeconds, titles: titleThroughput, summaries: summaryThroughput,
            residentBytes: residentMemoryBytes(), blasCore: BLAS.kernels)
    }

    /// Latency of an exact top-`count` cosine search over `rows` random unit vectors of `dimension`.
    public struct SearchLatency: Sendable, Codable, Equatable {
        /// Rows searched.
        public let rows: Int
        /// Median time of one query, in seconds.
        public let medianSeconds: Double
        /// 95th-percentile time of one query, in seconds.
        public let p95Seconds: Double
    }

    /// Times `VectorMath.topMatches` for `queries` single queries over a matrix of `rows` random unit rows.
    public static func measureSearch(rows: Int = 100_000, dimension: Int = 384, count: Int = 10, queries: Int = 50) throws -> SearchLatency {
        var generator = SampleText(seed: 3)
        var matrix = [Float](repeating: 0, count: rows * dimension)
        for row in 0..<rows {
            var norm: Float = 0
            for column in 0..<dimension {
                let value = generator.uniform()
                matrix[row * dimension + column] = value
                norm += value * value
            }
            let scale = 1 / max(norm.squareRoot(), .leastNormalMagnitude)
            for column in 0..<dimension { matrix[row * dimension + column] *= scale }
        }
        let clock = ContinuousClock()
        var times: [Double] = []
        for _ in 0..<max(queries, 1) {
            let query = (0..<dimension).map { _ in generator.uniform() }
            times.append(try clock.measure {
                _ = try VectorMath.topMatches(for: query, in: matrix, dimension: dimension, count: count)
            }.inSeconds)
        }
        times.sort()
        return SearchLatency(
            rows: rows, medianSeconds: times[times.count / 2],
            p95Seconds: times[min(times.count - 1, times.count * 95 / 100)]) // safe: at least one query
    }

    /// This process's resident memory (VmRSS in /proc/self/status), in bytes.
    public static func residentMemoryBytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil } // safe: nil means "not measurable here"
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            let fields = line.split(whereSeparator: \.isWhitespace)
            if fields.count >= 2, let kilobytes = Int(fields[1]) { return kilobytes * 1024 }
        }
        return nil
    }

    /// `count` deterministic bookmark-like titles of about 12 tokens.
    public static func sampleTitles(count: Int) -> [String] {
        var generator = SampleText(seed: 1)
        return (0..<count).map { _ in generator.sentence(words: 7...10) }
    }

    /// `count` deterministic summary-like texts of about 60 tokens.
    public static func sampleSummaries(count: Int) -> [String] {
        var generator = SampleText(seed: 2)
        return (0..<count).map { _ in
            generator.sentence(words: 14...18) + " " + generator.sentence(words: 14...18) + " " + generator.sentence(words: 12...16)
        }
    }

    /// CPU time used so far by all threads of this process.
    static func processCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
