import Foundation

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
            wall.append(seconds(clock.measure { _ = model.embed(texts) }))
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
            loadSeconds: seconds(loadTime), titles: titleThroughput, summaries: summaryThroughput,
            residentBytes: residentMemoryBytes())
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

    private static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}

/// A tiny deterministic text generator (linear congruential) for benchmark inputs.
private struct SampleText {
    private var state: UInt64
    private static let words = [
        "swift", "concurrency", "server", "linux", "bookmark", "search", "vector", "embedding", "model",
        "podcast", "article", "guide", "how", "to", "build", "fast", "native", "apps", "with", "the",
        "new", "release", "notes", "for", "developers", "understanding", "memory", "safety", "in",
        "practice", "a", "deep", "dive", "into", "sqlite", "performance", "tuning", "tips", "and",
        "tricks", "why", "your", "tests", "are", "slow", "debugging", "async", "code", "on", "macos",
        "writing", "better", "documentation", "open", "source", "maintainers", "burnout", "recipes",
        "sourdough", "bread", "at", "home", "travel", "photography", "privacy", "encryption", "keys",
    ]

    init(seed: UInt64) { state = seed &* 6_364_136_223_846_793_005 &+ 1 }

    private mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }

    mutating func sentence(words range: ClosedRange<Int>) -> String {
        let count = range.lowerBound + next(range.count)
        var text = (0..<count).map { _ in Self.words[next(Self.words.count)] }.joined(separator: " ")
        text = text.prefix(1).uppercased() + text.dropFirst() + "."
        return text
    }
}
