import Foundation
import MarksClients
import MarksCore
import MarksEngine
import MarksIndex
import SystemSupport

/// Ask's quality, offline: the Reuters articles of r-cran-tm as bookmarks (headline, lead, and the whole article
/// as archived page text, cut into passages) among fortunes as distractors, asked `AskQuestionSet`'s questions.
/// It prints answer-passage recall@5 (a passage of the right article holding the answer among the first five
/// retrieved), citation precision (the share of cited passages that hold the answer; target ≥ 0.9), abstention
/// on the unanswerable questions (target ≥ 0.8), how often an answerable question was wrongly abstained on, and
/// answers without a citation (must be 0). With a provider the same questions go through its tool-use loop
/// (`AskService.ask(_:onToken:)`), and the answers it could not give — the offline engine's instead — are counted.
public enum AskQuality {
    /// The figures of one run.
    public struct Report: Sendable {
        public var answerable: Int
        public var unanswerable: Int
        public var articles: Int
        public var distractors: Int
        /// Answerable questions with an answering passage among the first 5 retrieved.
        public var recallAt5: Double
        /// Cited passages holding the answer, over all citations of answers to answerable questions.
        public var citationPrecision: Double
        /// Answers (to answerable questions) whose text holds the answer.
        public var answeredRight: Double
        /// Unanswerable questions answered "not found".
        public var abstention: Double
        /// Answerable questions answered "not found".
        public var falseAbstention: Double
        /// Answers with a sentence that cites nothing (or a citation not in the list).
        public var uncitedAnswers: Int
        public var usedVectors: Bool
        /// Who answered: "offline", or the provider's `anthropic:<model>` / `openai:<model>`.
        public var engine: String
        /// With a provider: the questions whose answer was the offline engine's, because the provider's was not
        /// usable (its reasons are in `details`).
        public var fallbacks: Int
        /// Per question, for reading a failure: the question, found or not, the answer text or the reason.
        public var details: [String]
    }

    /// Runs the evaluation; `evaluationDirectory` holds `reuters/` and `fortunes/`, the scratch directory gets a
    /// throw-away index; the documents are embedded on `workers`. With `provider`, it answers (offline when it fails).
    public static func measure(evaluationDirectory: URL, scratchDirectory: URL, embedder: IndexEmbedder, distractors: Int = 500,
                               answerer: ExtractiveAnswerer = ExtractiveAnswerer(), provider: (any ProviderClient)? = nil,
                               workers: WorkerPool = .compute) async throws -> Report {
        let articles = try EvaluationCorpus.reuters(evaluationDirectory.appendingPathComponent("reuters", isDirectory: true), minimumParagraphs: 1)
        let fortunes = try EvaluationCorpus.fortunes(evaluationDirectory.appendingPathComponent("fortunes", isDirectory: true), count: distractors)
        let index = try SearchIndex(path: scratchDirectory.appendingPathComponent("ask-quality.sqlite").path, dimension: embedder.dimension)
        try index.clear()
        var documents: [IndexedDocument] = []
        var pages: [String: [PassageBlock]] = [:]
        var articleIDs: [String: Int] = [:]
        for (offset, article) in articles.enumerated() {
            let url = "https://news.example/\(article.source)"
            documents.append(IndexedDocument(id: offset + 1, url: url, title: article.headline, description: article.paragraphs[0]))
            pages[url] = article.paragraphs.map { PassageBlock(.paragraph, $0) }
            articleIDs[article.source] = offset + 1
        }
        for (offset, fortune) in fortunes.enumerated() {
            let lines = fortune.text.split(separator: "\n", maxSplits: 1).map(String.init)
            documents.append(IndexedDocument(id: 100_000 + offset, url: "https://fortunes.example/\(fortune.category)/\(offset)",
                                             title: String(lines[0].prefix(120)), description: lines.count > 1 ? lines[1] : ""))
        }
        try index.upsert(documents: documents)
        let known = pages
        try index.syncPageTexts(ids: documents.map(\.id), from: SearchIndex.PageTexts(
            versions: { urls in Dictionary(urls.compactMap { known[$0] == nil ? nil : ($0, "1") }) { first, _ in first } },
            text: { url in known[url].map { ("1", $0) } }))
        let shared = LazyEmbedder { embedder }
        _ = try await VectorIndexer(index: index, batchSize: 256, workers: workers) { embedder }.run()
        let service = AskService(tool: BookmarkSearchTool(index: index, embedder: shared, workers: workers), embedder: shared,
                                 answerer: answerer, workers: workers, provider: provider)
        var fallbacks = 0
        var details: [String] = []
        func ask(_ question: String) async throws -> AskAnswer {
            guard provider != nil else { return try await service.ask(question) }
            let answer = try await service.ask(AskRequest(question: question))
            if let reason = answer.fallbackReason {
                fallbacks += 1
                details.append("FELL BACK \(question) → \(reason)")
            }
            return answer
        }

        var recalled = 0, right = 0, falseAbstained = 0, uncited = 0
        var citations = 0, goodCitations = 0
        var usedVectors = true
        func holds(_ text: String, _ answer: String) -> Bool { text.range(of: answer, options: .caseInsensitive) != nil }
        for item in AskQuestionSet.answerable {
            guard let documentID = articleIDs[item.source] else { throw IndexError.evaluationData("no article \(item.source) in the evaluation texts") }
            let retrieved = try await service.tool.search(BookmarkSearchTool.Query(text: item.question, limit: 5))
            if retrieved.passages.contains(where: { $0.document.id == documentID && holds($0.passage.text, item.answer) }) { recalled += 1 }
            let answer = try await ask(item.question)
            usedVectors = usedVectors && answer.usedVectors
            uncited += uncitedCount(answer)
            if answer.isFound {
                for citation in answer.citations {
                    citations += 1
                    if holds(citation.passage.passage.text, item.answer) { goodCitations += 1 }
                }
                if holds(answer.text, item.answer) { right += 1 }
                details.append("\(holds(answer.text, item.answer) ? "ok  " : "MISS") \(item.question) → \(answer.text)")
            } else {
                falseAbstained += 1
                details.append("ABST \(item.question) → \(answer.reason ?? "")")
            }
        }
        var abstained = 0
        for question in AskQuestionSet.unanswerable {
            let answer = try await ask(question)
            uncited += uncitedCount(answer)
            if answer.isFound {
                details.append("WRONG \(question) → \(answer.text)")
            } else {
                abstained += 1
                details.append("abst \(question) → \(answer.reason ?? "")")
            }
        }
        let answerable = AskQuestionSet.answerable.count
        return Report(answerable: answerable, unanswerable: AskQuestionSet.unanswerable.count, articles: articles.count,
                      distractors: fortunes.count, recallAt5: Double(recalled) / Double(answerable),
                      citationPrecision: citations == 0 ? 0 : Double(goodCitations) / Double(citations),
                      answeredRight: Double(right) / Double(answerable),
                      abstention: Double(abstained) / Double(AskQuestionSet.unanswerable.count),
                      falseAbstention: Double(falseAbstained) / Double(answerable), uncitedAnswers: uncited,
                      usedVectors: usedVectors, engine: provider?.engineName ?? OfflineEngine.name, fallbacks: fallbacks,
                      details: details)
    }

    /// The figures as lines, with the targets.
    public static func format(_ report: Report) -> [String] {
        [
            "Ask (\(engineLabel(report))): \(report.answerable) answerable and \(report.unanswerable) unanswerable questions over \(report.articles) Reuters articles (r-cran-tm) among \(report.distractors) fortunes",
            String(format: "  answer-passage recall@5   %.3f", report.recallAt5),
            String(format: "  citation precision        %.3f   (target ≥ 0.9)", report.citationPrecision),
            String(format: "  abstention, unanswerable  %.3f   (target ≥ 0.8)", report.abstention),
            String(format: "  answers holding the answer %.3f; abstained wrongly %.3f", report.answeredRight, report.falseAbstention),
            "  answers without a citation \(report.uncitedAnswers)   (must be 0)",
        ]
    }

    private static func engineLabel(_ report: Report) -> String {
        let words = report.usedVectors ? "" : ", words only: no model"
        guard report.engine != OfflineEngine.name else { return "offline engine" + words }
        return "provider \(report.engine)\(words); \(report.fallbacks) answers fell back to the offline engine"
    }

    /// Sentences of `answer` whose citation is not in its list.
    private static func uncitedCount(_ answer: AskAnswer) -> Int {
        let numbers = Set(answer.citations.map(\.number))
        return answer.sentences.contains { !numbers.contains($0.citation) } ? 1 : 0
    }
}
