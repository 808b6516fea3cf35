import Foundation
import MarksCore

/// Measures the offline engine on labelled text that ships in Debian packages (`scripts/fetch-eval-data.sh`):
/// collections by adjusted Rand index against known topics, tags by how many come from the user's
/// vocabulary and how many new tags appear, summaries by whether they keep the lead sentence of news.
public enum QualityReport {
    /// The measured figures.
    public struct Figures: Sendable {
        /// Reuters articles read (acq + crude).
        public var reutersArticles = 0
        /// ARI of the Reuters collections against acq/crude; bookmarks left out of every collection count as singletons.
        public var reutersARI = 0.0
        /// Collections built over the Reuters articles.
        public var reutersCollections = 0
        /// Reuters articles placed in some collection.
        public var reutersPlaced = 0
        /// The Reuters collections' names.
        public var reutersCollectionNames: [String] = []
        /// Fortunes clustered.
        public var fortunes = 0
        /// Categories among the clustered fortunes.
        public var fortuneCategories = 0
        /// ARI of the fortune collections against the fortune categories (jokes and quotes: a hard case).
        public var fortunesARI = 0.0
        /// Collections built over the fortunes.
        public var fortuneCollections = 0
        /// The fortune collections' names.
        public var fortuneCollectionNames: [String] = []
        /// Pages enriched for the tag figures.
        public var taggedPages = 0
        /// Tags suggested for those pages.
        public var suggestedTags = 0
        /// Share of suggested tags that are vocabulary tags.
        public var vocabularyShare = 0.0
        /// Distinct suggested tags that are not in the vocabulary.
        public var newTags: [String] = []
        /// Pages that got fewer than 3 tags.
        public var pagesWithFewTags = 0
        /// Per Reuters topic: articles whose topic name is among their tags, and articles.
        public var topicTagged: [String: (tagged: Int, articles: Int)] = [:]
        /// Mean ROUGE-1 recall of the Reuters summaries against the lead sentence.
        public var rougeRecall = 0.0
        /// Mean ROUGE-1 F1 of the Reuters summaries against the lead sentence.
        public var rougeF1 = 0.0
        /// Share of Reuters summaries that contain the lead sentence whole.
        public var leadKept = 0.0
    }

    /// Where `scripts/fetch-eval-data.sh` puts the texts: `${XDG_CACHE_HOME:-$HOME/.cache}/marks/eval`
    /// (holding `reuters/` and `fortunes/`).
    public static func evaluationDirectory(environment: [String: String]) -> URL {
        let cache = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0, isDirectory: true) }
            ?? URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory(), isDirectory: true).appendingPathComponent(".cache", isDirectory: true)
        return cache.appendingPathComponent("marks", isDirectory: true).appendingPathComponent("eval", isDirectory: true)
    }

    /// Runs every measurement and returns the report as lines of text.
    public static func run(reutersDirectory: URL, fortunesDirectory: URL, embedder: any TextEmbedder) throws -> [String] {
        format(try measure(reutersDirectory: reutersDirectory, fortunesDirectory: fortunesDirectory, embedder: embedder))
    }

    /// Runs every measurement.
    public static func measure(reutersDirectory: URL, fortunesDirectory: URL, embedder: any TextEmbedder) throws -> Figures {
        let engine = OfflineEngine(embedder: embedder)
        let reuters = try ReutersCorpus.load(directory: reutersDirectory)
        let fortunes = try FortuneCorpus.load(directory: fortunesDirectory, perCategory: 8)
        var figures = Figures()

        // Tags over 200 pages: all Reuters articles, then fortunes round-robin over the categories.
        let fortunePages = Array(roundRobin(fortunes).prefix(max(0, 200 - reuters.count)))
        let pages = reuters + fortunePages
        let vocabulary = EvaluationVocabulary.tags
        let known = Set(vocabulary)
        var results: [EnrichResult] = []
        for (index, page) in pages.enumerated() {
            let request = EnrichRequest(url: "https://example.org/page/\(index)", title: page.title, text: page.text, vocabulary: vocabulary)
            results.append(try engine.enrichPage(request))
        }
        let allTags = results.flatMap(\.tags)
        figures.taggedPages = pages.count
        figures.suggestedTags = allTags.count
        figures.vocabularyShare = allTags.isEmpty ? 0 : Double(allTags.filter(known.contains).count) / Double(allTags.count)
        figures.newTags = Array(Set(allTags.filter { !known.contains($0) })).sorted()
        figures.pagesWithFewTags = results.filter { $0.tags.count < 3 }.count
        let reutersResults = Array(results.prefix(reuters.count))
        for (article, result) in zip(reuters, reutersResults) {
            var entry = figures.topicTagged[article.label] ?? (0, 0)
            entry.articles += 1
            if result.tags.contains(article.label) { entry.tagged += 1 }
            figures.topicTagged[article.label] = entry
        }

        // Summaries against the lead sentence of each Reuters article.
        var recall = 0.0, f1 = 0.0, kept = 0
        for (article, result) in zip(reuters, reutersResults) {
            guard let lead = engine.splitter.split(article.text).first else { continue }
            let rouge = EvaluationMetrics.rouge1(candidate: result.summary, reference: lead)
            recall += rouge.recall
            f1 += rouge.f1
            if normalized(result.summary).contains(normalized(lead)) { kept += 1 }
        }
        figures.reutersArticles = reuters.count
        figures.rougeRecall = recall / Double(max(1, reuters.count))
        figures.rougeF1 = f1 / Double(max(1, reuters.count))
        figures.leadKept = share(kept, of: reuters.count)

        // Collections over the Reuters articles as bookmarks: title, domain, summary, tags.
        let reutersItems = zip(reuters, reutersResults).enumerated().map { index, pair in
            CollectionItem(id: index, title: pair.0.title ?? "", domain: "reuters.com", summary: pair.1.summary, tags: pair.1.tags)
        }
        let reutersCollections = try engine.collectionBuilder.collections(reutersItems)
        figures.reutersCollections = reutersCollections.count
        figures.reutersPlaced = reutersCollections.reduce(0) { $0 + $1.bookmarkIDs.count }
        figures.reutersCollectionNames = reutersCollections.map(\.name)
        figures.reutersARI = EvaluationMetrics.adjustedRandIndex(reuters.map(\.label), assignments(reutersCollections, count: reuters.count))

        // Collections over fortunes (no titles: the fortune's text is its summary).
        let fortuneItems = fortunes.prefix(engine.limits.collectionItems).enumerated().map { index, fortune in
            CollectionItem(id: index, title: "", domain: "fortunes", summary: String(fortune.text.prefix(BookmarkText.summaryCharacters)))
        }
        let fortuneCollections = try engine.collectionBuilder.collections(Array(fortuneItems))
        figures.fortunes = fortuneItems.count
        figures.fortuneCategories = Set(fortunes.prefix(fortuneItems.count).map(\.label)).count
        figures.fortuneCollections = fortuneCollections.count
        figures.fortuneCollectionNames = fortuneCollections.map(\.name)
        figures.fortunesARI = EvaluationMetrics.adjustedRandIndex(fortunes.prefix(fortuneItems.count).map(\.label), assignments(fortuneCollections, count: fortuneItems.count))
        return figures
    }

    /// The figures as report lines.
    public static func format(_ figures: Figures) -> [String] {
        [
            "Collections, Reuters acq/crude (\(figures.reutersArticles) articles): ARI \(fixed(figures.reutersARI)) "
                + "(target ≥ 0.80); \(figures.reutersCollections) collections [\(figures.reutersCollectionNames.joined(separator: ", "))], "
                + "\(figures.reutersPlaced) articles placed",
            "Collections, fortunes (\(figures.fortunes) fortunes in \(figures.fortuneCategories) categories): ARI \(fixed(figures.fortunesARI)); "
                + "\(figures.fortuneCollections) collections [\(figures.fortuneCollectionNames.joined(separator: ", "))]",
            "Tags, \(figures.taggedPages) pages with a 100-tag vocabulary: \(figures.suggestedTags) tags, "
                + "\(percent(figures.vocabularyShare)) from the vocabulary, \(figures.newTags.count) new distinct tags (target < 20)"
                + (figures.newTags.isEmpty ? "" : ": " + figures.newTags.joined(separator: ", ")),
            "Tags: \(figures.pagesWithFewTags) pages with fewer than 3 tags; Reuters topic name among the tags: "
                + figures.topicTagged.keys.sorted().map { topic in
                    let entry = figures.topicTagged[topic] ?? (0, 0)
                    return "\(topic) \(entry.tagged)/\(entry.articles)"
                }.joined(separator: ", "),
            "Summaries, Reuters (\(figures.reutersArticles) articles): lead sentence kept in \(percent(figures.leadKept)); "
                + "ROUGE-1 against the lead: recall \(fixed(figures.rougeRecall)), F1 \(fixed(figures.rougeF1))",
        ]
    }

    /// Collection index of each item (0..<count), or a distinct singleton label for items in none.
    static func assignments(_ collections: [SmartCollection], count: Int) -> [Int] {
        var labels = Array((0..<count).map { -1 - $0 })
        for (number, collection) in collections.enumerated() {
            for id in collection.bookmarkIDs where id >= 0 && id < count { labels[id] = number }
        }
        return labels
    }

    private static func roundRobin(_ texts: [LabelledText]) -> [LabelledText] {
        var byLabel: [String: [LabelledText]] = [:]
        var order: [String] = []
        for text in texts {
            if byLabel[text.label] == nil { order.append(text.label) }
            byLabel[text.label, default: []].append(text)
        }
        var result: [LabelledText] = []
        var round = 0
        while result.count < texts.count {
            for label in order where round < (byLabel[label]?.count ?? 0) {
                if let text = byLabel[label]?[round] { result.append(text) }
            }
            round += 1
        }
        return result
    }

    private static func normalized(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    private static func share(_ part: Int, of whole: Int) -> Double {
        whole > 0 ? Double(part) / Double(whole) : 0
    }

    private static func fixed(_ value: Double) -> String {
        String(format: "%.3f", value)
    }

    private static func percent(_ value: Double) -> String {
        String(format: "%.1f%%", value * 100)
    }
}
