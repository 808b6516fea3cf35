import Foundation
import MarksCore
import MarksStorage

/// `q=` search latency of the embedded store on 100,000 generated bookmarks (written by the bulk import path):
/// p50/p99 of the first page (limit 100, with count) for a word, a phrase, a tag and a boolean query, against a
/// plain `LIKE` scan of the same table (linkding's own query shape) in the same run. Target: p50 ≤ 5 ms, ≥ 20×.
enum StoreBenchmark {
    static let bookmarkCount = 100_000
    static let queries: [(label: String, q: String)] = [
        ("word", "kubernetes"),
        ("phrase", "\"machine learning\""),
        ("tag", "#python"),
        ("boolean", "(rust or golang) and not #video"),
    ]

    static func run() throws -> [String] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("marks-bench-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { remove(directory) }
        let store = try BookmarkStore(path: directory.appendingPathComponent("marks.sqlite").path, now: { Date() })
        var generator = LibraryGenerator(seed: 20_261_129)
        let entries = (0..<bookmarkCount).map { generator.entry($0) }
        var imported = ImportResult()
        let importSeconds = try seconds { imported = try store.importBookmarks(entries) }
        var lines = [
            "import: \(imported.created) bookmarks in one transaction in \(format(importSeconds, digits: 1)) s"
                + " (\(Int(Double(imported.created) / importSeconds)) per second)",
            "machine load (1-minute average) before the searches: \(loadAverage())",
        ]
        for (label, q) in queries {
            let query = BookmarkListQuery(search: q, limit: 100)
            let indexed = try store.list(query)
            let scanned = try store.scanList(query, scope: .unarchived)
            guard indexed == scanned else {
                throw StoreBenchmarkFailure(description: "\(label): the indexed search and the LIKE scan disagree")
            }
            let fast = try samples(40) { _ = try store.list(query) }
            let slow = try samples(7) { _ = try store.scanList(query, scope: .unarchived) }
            let (fast50, fast99, slow50, slow99) = (percentile(fast, 50), percentile(fast, 99), percentile(slow, 50), percentile(slow, 99))
            lines.append("\(label) `\(q)`: \(indexed.count) matches; indexed p50 \(ms(fast50)) p99 \(ms(fast99)) "
                + "(min \(ms(fast.min() ?? .nan))); LIKE scan p50 \(ms(slow50)) p99 \(ms(slow99)) (min \(ms(slow.min() ?? .nan))); "
                + "\(format(slow50 / fast50, digits: 0))× faster at p50")
        }
        lines.append("machine load after: \(loadAverage())")
        return lines
    }

    private struct StoreBenchmarkFailure: Error, CustomStringConvertible {
        let description: String
    }

    private static func samples(_ count: Int, _ body: () throws -> Void) throws -> [Double] {
        try body()  // warm-up
        return try (0..<count).map { _ in try seconds(body) }
    }

    private static func seconds(_ body: () throws -> Void) throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    private static func percentile(_ samples: [Double], _ p: Double) -> Double {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted[min(sorted.count - 1, max(0, Int((p / 100 * Double(sorted.count - 1)).rounded())))]
    }

    private static func ms(_ seconds: Double) -> String { format(seconds * 1000, digits: 2) + " ms" }

    private static func format(_ value: Double, digits: Int) -> String { String(format: "%.\(digits)f", value) }

    /// The 1-minute load average (shared machines make latencies noisy), or "unknown" off Linux.
    private static func loadAverage() -> String {
        do {
            let text = try String(contentsOfFile: "/proc/loadavg", encoding: .utf8)
            return text.split(separator: " ").first.map(String.init) ?? "unknown"
        } catch {
            return "unknown"
        }
    }

    private static func remove(_ directory: URL) {
        do {
            try FileManager.default.removeItem(at: directory)
        } catch {
            // A leftover temp directory is harmless to the figures.
        }
    }
}

/// Deterministic, realistic-looking bookmarks: Zipf-distributed words (real ones and pseudo-words) in titles,
/// descriptions and some notes, common two-word phrases, popular and long-tail domains, 0–4 Zipf-distributed tags.
private struct LibraryGenerator {
    private var state: UInt64
    private let words: [String]
    private let wordWeights: [Double]
    private let tags: [String]
    private let tagWeights: [Double]
    private let domains: [String]
    private let domainWeights: [Double]

    private static let realWords = """
        the a of and to in for on with how why what your from guide tutorial introduction notes review best new using \
        build fast simple open source web server client api design data database search index cache memory performance \
        security privacy network linux unix shell terminal editor git github release version update history science \
        python swift rust golang javascript typescript react vue svelte css html http json sqlite postgres redis docker \
        kubernetes cloud serverless testing debugging compiler language types functional async concurrency threads \
        machine learning neural model training inference vector embedding statistics math algorithm graph tree queue \
        recipe coffee bread travel photo camera music podcast video book paper research university lecture course \
        startup product marketing business remote work productivity habit health running cycling garden home lab
        """.split(separator: " ").map(String.init)
    private static let phrases = ["machine learning", "open source", "web development", "home lab", "data science",
                                  "command line", "best practices", "deep dive"]
    private static let realTags = ["toread", "programming", "video", "article", "tools", "reference", "linux", "javascript",
                                   "python", "design", "rust", "golang", "swift", "docker", "kubernetes", "security",
                                   "recipes", "music", "podcast", "selfhosted", "ml", "research", "career", "gaming"]
    private static let popularDomains = ["github.com", "www.youtube.com", "medium.com", "news.ycombinator.com", "dev.to",
                                         "stackoverflow.com", "en.wikipedia.org", "arxiv.org", "www.reddit.com", "blog.rust-lang.org"]

    init(seed: UInt64) {
        state = seed
        let syllables = ["ka", "lo", "mi", "ra", "ten", "sor", "vil", "pan", "dre", "qu", "on", "est", "ar", "ing", "tion",
                         "ly", "per", "com", "pro", "ex", "zu", "bel", "fi", "nor", "ta"]
        var generated: [String] = []
        var seen = Set(Self.realWords)
        var pseudo = SplitMix(seed ^ 0xA5A5)
        while generated.count < 6_000 {
            let word = (0..<(2 + Int(pseudo.next() % 3))).map { _ in syllables[Int(pseudo.next() % UInt64(syllables.count))] }.joined()
            if seen.insert(word).inserted { generated.append(word) }
        }
        words = Self.realWords + generated
        wordWeights = Self.cumulative(count: words.count, exponent: 0.95)
        tags = Self.realTags + generated.prefix(476).map { "t-" + $0 }
        tagWeights = Self.cumulative(count: tags.count, exponent: 0.8)
        domains = Self.popularDomains + generated.suffix(2_000).map { $0 + (pseudo.next() % 2 == 0 ? ".com" : ".org") }
        domainWeights = Self.cumulative(count: domains.count, exponent: 1.0)
    }

    mutating func entry(_ index: Int) -> NetscapeEntry {
        var title = sentence(3 + below(7))
        if chance(0.08) { title += " " + Self.phrases[below(Self.phrases.count)] }
        title = title.prefix(1).uppercased() + title.dropFirst()
        var description = below(4) == 0 ? "" : sentence(5 + below(25))
        if chance(0.05) { description += " " + Self.phrases[below(Self.phrases.count)] + " " + sentence(3) }
        let notes = chance(0.1) ? sentence(5 + below(40)) : ""
        let slug = (0..<(1 + below(4))).map { _ in pick(words, wordWeights) }.joined(separator: "-")
        let url = "https://\(pick(domains, domainWeights))/\(slug)-\(index)"
        var names: [String] = []
        for _ in 0..<below(5) {
            let name = pick(tags, tagWeights)
            if !names.contains(name) { names.append(name) }
        }
        let added = Date(timeIntervalSince1970: 1_400_000_000 + Double(index) * 3_000 + Double(below(3_000)))
        return NetscapeEntry(url: url, title: title, description: description, notes: notes, tags: names, dateAdded: added,
                             unread: chance(0.2), archived: chance(0.1))
    }

    private mutating func sentence(_ count: Int) -> String {
        (0..<count).map { _ in pick(words, wordWeights) }.joined(separator: " ")
    }

    private mutating func pick(_ items: [String], _ cumulative: [Double]) -> String {
        let target = Double(next() % 1_000_000) / 1_000_000 * (cumulative.last ?? 1)
        var low = 0
        var high = cumulative.count - 1
        while low < high {
            let mid = (low + high) / 2
            if cumulative[mid] < target { low = mid + 1 } else { high = mid }
        }
        return items[low]
    }

    private mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    private mutating func chance(_ p: Double) -> Bool { Double(next() % 10_000) / 10_000 < p }

    private mutating func next() -> UInt64 {
        var generator = SplitMix(state)
        let value = generator.next()
        state = generator.state
        return value
    }

    private static func cumulative(count: Int, exponent: Double) -> [Double] {
        var total = 0.0
        return (1...count).map { rank in
            total += 1 / pow(Double(rank), exponent)
            return total
        }
    }

    private struct SplitMix {
        var state: UInt64
        init(_ seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
