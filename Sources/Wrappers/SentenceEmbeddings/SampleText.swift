/// A tiny deterministic text generator (linear congruential) for benchmark inputs.
struct SampleText {
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

    /// A value in [−1, 1).
    mutating func uniform() -> Float {
        Float(next(1 << 24)) / Float(1 << 23) - 1
    }

    mutating func sentence(words range: ClosedRange<Int>) -> String {
        let count = range.lowerBound + next(range.count)
        var text = (0..<count).map { _ in Self.words[next(Self.words.count)] }.joined(separator: " ")
        text = text.prefix(1).uppercased() + text.dropFirst() + "."
        return text
    }
}
