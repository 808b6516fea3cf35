import Foundation
import MarksCore
import MarksEngine
import MarksIndex
import SystemSupport

/// The tag figures of `marks quality` (issue 14 item 8): Debian's packages (`DebianPackageCorpus`) as a labelled
/// corpus, `library` of them indexed as already-tagged bookmarks, `heldOut` others tagged by `TagSuggester` exactly as
/// the share card and enrichment do (neighbours' votes, else the offline engine with the library's tags as
/// vocabulary), and by a keyword-match baseline in the same run (the library's tags whose words appear in the
/// title, `VocabularyTagMatcher`, at most five). Precision@5: true tags among the (at most five) suggestions over five
/// per page — the target figure, ≥ 2× the baseline's; precision at the suggestions made is printed beside it (the
/// keyword match is about as precise per tag it makes, but makes a tag on far fewer pages); recall@5: true tags found
/// over all true tags; plus the share of suggested tags outside the vocabulary.
public enum TagQuality {
    /// Precision and recall of one suggester.
    public struct Score: Sendable {
        /// Tags suggested over all held-out pages.
        public var suggested = 0
        /// Of them, true tags.
        public var correct = 0
        /// True tags of all held-out pages.
        public var truth = 0
        /// Pages given at least one tag.
        public var pagesTagged = 0
        /// Pages asked.
        public var pages = 0

        /// Correct over suggested (precision at the suggestions made).
        public var precision: Double { suggested == 0 ? 0 : Double(correct) / Double(suggested) }
        /// Precision@5: correct over five per page (a list shorter than five counts its empty places as misses, so
        /// a suggester cannot look precise by suggesting almost nothing).
        public var precisionAt5: Double { pages == 0 ? 0 : Double(correct) / Double(5 * pages) }
        /// Correct over true tags (at most five suggested per page).
        public var recall: Double { truth == 0 ? 0 : Double(correct) / Double(truth) }
    }

    /// The figures of one run.
    public struct Figures: Sendable {
        public var library = 0
        public var heldOut = 0
        public var vocabulary = 0
        public var suggester = Score()
        public var baseline = Score()
        /// Suggested tags that are not in the library's vocabulary, over all suggested tags.
        public var outsideVocabulary = 0.0
        /// Pages whose tags came from their neighbours, from the engine, or nowhere.
        public var fromNeighbours = 0
        public var fromEngine = 0
        public var untagged = 0
        /// A few held-out pages with their suggestions and true tags, for reading.
        public var examples: [String] = []
    }

    /// Which held-out slice: `test` is what is reported, `calibration` what the floor was chosen on.
    public enum Slice: Sendable { case test, calibration }

    /// Where `scripts/fetch-eval-data.sh` puts the package list under the evaluation directory.
    public static func corpusFile(evaluationDirectory: URL) -> URL {
        evaluationDirectory.appendingPathComponent("debian", isDirectory: true).appendingPathComponent("packages.tsv")
    }

    /// Runs the evaluation in a throw-away index under `scratchDirectory`, embedding on `workers`.
    public static func measure(evaluationDirectory: URL, scratchDirectory: URL, embedder: IndexEmbedder, library: Int = 4000,
                               heldOut: Int = 400, slice: Slice = .test, voting: NeighbourTagVoting = NeighbourTagVoting(),
                               workers: WorkerPool = .compute) async throws -> Figures {
        let packages = try DebianPackageCorpus.load(file: corpusFile(evaluationDirectory: evaluationDirectory))
        guard packages.count >= library + 2 * heldOut else {
            throw IndexError.evaluationData("\(packages.count) usable Debian packages; \(library + 2 * heldOut) needed (scripts/fetch-eval-data.sh)")
        }
        let libraryPackages = Array(packages.prefix(library))
        let start = library + (slice == .test ? 0 : heldOut)
        let heldOutPackages = Array(packages[start..<start + heldOut])

        let index = try SearchIndex(path: scratchDirectory.appendingPathComponent("tag-quality.sqlite").path, dimension: embedder.dimension)
        try index.clear()
        try index.upsert(documents: libraryPackages.enumerated().map { offset, package in
            IndexedDocument(id: offset + 1, url: package.url, title: package.title, tagNames: package.tags)
        })
        _ = try await VectorIndexer(index: index, batchSize: 256, workers: workers) { embedder }.run()

        var counts: [String: Int] = [:]
        for package in libraryPackages { for tag in package.tags { counts[tag, default: 0] += 1 } }
        let vocabulary = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map(\.key)
        let known = Set(vocabulary)
        let shared = LazyEmbedder { embedder }
        let engine = OfflineEngine(embedder: shared.textEmbedder(dimension: embedder.dimension), workers: workers)
        var suggester = TagSuggester(index: index, embedder: shared, workers: workers)
        suggester.voting = voting

        var figures = Figures(library: library, heldOut: heldOut, vocabulary: vocabulary.count)
        var outside = 0
        for package in heldOutPackages {
            let truth = Set(package.tags)
            let page = TagSuggester.Page(url: package.url, title: package.title)
            let result = try await suggester.suggest(page) {
                try await engine.enrich(EnrichRequest(url: package.url, title: package.title, vocabulary: vocabulary)).tags
            }
            // The title only: every URL here is packages.debian.org, whose words would be the baseline's own noise.
            let baseline = VocabularyTagMatcher.matches(vocabulary: vocabulary, texts: [package.title], url: "",
                                                        excluding: [], limit: voting.limit)
            add(result.tags, truth: truth, to: &figures.suggester)
            add(baseline, truth: truth, to: &figures.baseline)
            outside += result.tags.filter { !known.contains($0) }.count
            switch result.origin {
            case .neighbours: figures.fromNeighbours += 1
            case .engine: figures.fromEngine += 1
            case .none: figures.untagged += 1
            }
            if figures.examples.count < 12 {
                figures.examples.append("\(package.title) → [\(result.tags.joined(separator: " "))] (\(result.origin.rawValue)); "
                                        + "keyword [\(baseline.joined(separator: " "))]; true [\(package.tags.joined(separator: " "))]")
            }
        }
        figures.outsideVocabulary = figures.suggester.suggested == 0 ? 0 : Double(outside) / Double(figures.suggester.suggested)
        return figures
    }

    private static func add(_ tags: [String], truth: Set<String>, to score: inout Score) {
        score.suggested += tags.count
        score.correct += tags.filter { truth.contains($0.lowercased()) }.count
        score.truth += truth.count
        score.pages += 1
        if !tags.isEmpty { score.pagesTagged += 1 }
    }

    /// The figures as report lines, with the targets.
    public static func format(_ figures: Figures) -> [String] {
        let ratio = figures.baseline.precisionAt5 > 0 ? figures.suggester.precisionAt5 / figures.baseline.precisionAt5 : .infinity
        func line(_ name: String, _ score: Score) -> String {
            String(format: "  %@ precision@5 %.3f, recall@5 %.3f; precision at the suggestions made %.3f (%d tags on %d of %d pages)",
                   name, score.precisionAt5, score.recall, score.precision, score.suggested, score.pagesTagged, figures.heldOut)
        }
        return [
            "Tags (Debian packages, apt lists: section + debtags as true tags): \(figures.library) tagged packages as the library "
                + "(\(figures.vocabulary) tags), \(figures.heldOut) held out",
            line("suggester (neighbours' tags, else the engine):", figures.suggester),
            line("keyword-match baseline (tags in the title):   ", figures.baseline),
            String(format: "  precision@5 %.2f× the baseline's (target ≥ 2×); %.1f%% of suggested tags outside the vocabulary (target ≤ 5%%)",
                   ratio, figures.outsideVocabulary * 100),
            "  tags from neighbours on \(figures.fromNeighbours) pages, from the engine on \(figures.fromEngine), none on \(figures.untagged)",
        ]
    }
}
