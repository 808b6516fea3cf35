import Foundation
import MarksAsk
import MarksCore
import MarksEngine
import MarksIndex
import SentenceEmbeddings

/// The measuring half of `marks-bench finding` (`FindingBenchmark` builds the libraries): every question through the
/// BM25 baselines, the app's keyword, semantic and hybrid search and Ask offline, reported for all questions and the
/// dev (odd lines) / held-out (even lines) halves against the issue's targets.
enum FindingMeasurement {
    /// The issue's targets.
    static let hybridMargin = 0.15
    static let citesRight = 0.85
    static let firstCitationRight = 0.75
    static let citationsRight = 0.8
    static let abstains = 0.9
    static let falseAbstentions = 0.05


    static func measure(header: String, index: SearchIndex, embedder: IndexEmbedder, baselines: [(String, FindingBaseline)],
                                ids: [String: Int], questions: [FindingQuestion]) async throws -> [String] {
        let lazy = LazyEmbedder { embedder }
        let search = SearchService(index: index, embedder: lazy)
        let ask = AskService(tool: BookmarkSearchTool(index: index, embedder: lazy), embedder: lazy, answerer: try tunedAnswerer())
        let names = Dictionary(ids.map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let trace = ProcessInfo.processInfo.environment["MARKS_FINDING_TRACE"] != nil
        func label(_ id: Int) -> String { names[id] ?? "#\(id)" }
        // Figures for all questions, the tuning half (odd lines of the JSONL) and the held-out half (even lines).
        var figures = Array(repeating: Figures(baselines: baselines.count), count: 3)
        var failures: [String] = []
        var traces: [String] = []
        var shape = AnswerShape()
        for (offset, question) in questions.enumerated() {
            let splits = [0, offset % 2 == 0 ? 1 : 2]
            let answer = try await ask.ask(question.question)
            let cited = answer.isFound ? answer.citations.map(\.passage.document.id) : []
            let relevantIDs = Set(question.expected.compactMap { ids[$0] })
            shape.record(answer)
            if trace {
                let found = try await ask.tool.search(BookmarkSearchTool.Query(text: question.question, limit: ask.passageLimit))
                let top = found.passages.compactMap(\.vectorScore).max().map { String(format: "%.3f", $0) } ?? "-"
                traces.append("  trace \(offset % 2 == 0 ? "dev" : "held") \(question.isAnswerable ? "A" : "U") top \(top) "
                              + String(format: "score %.3f conf %.3f cov %.3f lead %.3f agr %d ", answer.score, answer.signals.confidence,
                                       answer.signals.coverage, answer.signals.lead, answer.signals.agrees ? 1 : 0)
                              + "\(answer.isFound ? "answered" : "abstained") \(question.id) cited \(cited.count) right "
                              + "\(cited.filter { relevantIDs.contains($0) }.count) first \(cited.first.map(relevantIDs.contains) == true ? 1 : 0)")
                if ProcessInfo.processInfo.environment["MARKS_FINDING_TRACE"] == "2", answer.isFound {
                    traces.append("    " + answer.sentences.map(\.cited).joined(separator: " | "))
                }
            }
            guard question.isAnswerable else {
                for split in splits { figures[split].ask.recordUnanswerable(abstained: !answer.isFound) }
                if answer.isFound { failures.append("\(question.id) answered \"\(question.question)\": cites \(cited.map(label).joined(separator: ", "))") }
                continue
            }
            let relevant = Set(question.expected.compactMap { ids[$0] })
            for (number, baseline) in baselines.enumerated() {
                let ranked = try baseline.1.search(question.question, limit: 10)
                for split in splits { figures[split].baselines[number].record(ranked: ranked, relevant: relevant) }
            }
            let keywordHits = try await searchIDs(search, question.question, mode: .keyword)
            let hybridHits = try await searchIDs(search, question.question, mode: .semantic)
            let vector = try embedder.vectors([question.question])[0] // safe: one vector per text
            let semanticHits = try index.vectorSearch(vector, limit: 10).map(\.bookmarkID)
            for split in splits {
                figures[split].keyword.record(ranked: keywordHits, relevant: relevant)
                figures[split].hybrid.record(ranked: hybridHits, relevant: relevant)
                figures[split].semantic.record(ranked: semanticHits, relevant: relevant)
                figures[split].ask.recordAnswerable(cited: cited, relevant: relevant)
            }
            if trace {
                let rank = hybridHits.firstIndex(where: relevant.contains).map { String($0 + 1) } ?? "-"
                traces.append("  rank \(question.id) hybrid first right at \(rank), Ask first \(cited.first.map(label) ?? "-"), hybrid top \(hybridHits.prefix(3).map(label).joined(separator: ","))")
            }
            let hybridFound = hybridHits.prefix(5).contains(where: relevant.contains)
            let askRight = cited.contains(where: relevant.contains)
            if !hybridFound || !askRight {
                let ask = answer.isFound ? "Ask cites \(cited.map(label).joined(separator: ", "))" : "Ask abstained"
                failures.append("\(question.id) \"\(question.question)\": hybrid top-5 \(hybridFound ? "ok" : hybridHits.prefix(5).map(label).joined(separator: ", ")); "
                                + "\(askRight ? "Ask ok" : ask) (want \(question.expected.prefix(4).joined(separator: ", "))\(question.expected.count > 4 ? ", …" : ""))")
            }
        }
        let answerable = questions.filter(\.isAnswerable).count
        var lines = [header, "\(answerable) answerable and \(questions.count - answerable) unanswerable questions, asked as a person would; "
                     + "figures for all (dev: odd lines of the JSONL, tuned on; held-out: even lines)"]
        func both(_ value: (Figures) -> Double, signed: Bool = false) -> String {
            let format = signed ? "%+.3f" : "%.3f"
            return "   dev " + String(format: format, value(figures[1])) + ", held-out " + String(format: format, value(figures[2]))
        }
        for (number, baseline) in baselines.enumerated() {
            lines.append(recall(baseline.0, figures[0].baselines[number]) + both { $0.baselines[number].recallAt5 })
        }
        lines += [recall("keyword (the app's)", figures[0].keyword) + both { $0.keyword.recallAt5 },
                  recall("semantic (vectors only)", figures[0].semantic) + both { $0.semantic.recallAt5 },
                  recall("hybrid (the app's)", figures[0].hybrid) + both { $0.hybrid.recallAt5 }]
        // The fair baseline is the last one: with the page text where there is one.
        let margin: (Figures) -> Double = { $0.hybrid.recallAt5 - ($0.baselines.last?.recallAt5 ?? 0) }
        let all = figures[0]
        lines.append(target("hybrid top-5 vs BM25 top-5", margin(all), "≥ +\(hybridMargin)", margin(all) >= hybridMargin - 1e-9, signed: true)
                     + both(margin, signed: true))
        lines.append(target("Ask cites a right item", all.ask.citesRight, "≥ \(citesRight)", all.ask.citesRight >= citesRight) + both { $0.ask.citesRight })
        lines.append(target("Ask's first citation right", all.ask.firstRight, "≥ \(firstCitationRight)", all.ask.firstRight >= firstCitationRight)
                     + both { $0.ask.firstRight })
        lines.append(target("citations right", all.ask.citationsRight, "≥ \(citationsRight)", all.ask.citationsRight >= citationsRight)
                     + both { $0.ask.citationsRight })
        lines.append(target("abstains, unanswerable", all.ask.abstention, "≥ \(abstains)", all.ask.abstention >= abstains) + both { $0.ask.abstention })
        lines.append(target("false abstentions", all.ask.falseAbstention, "≤ \(falseAbstentions)", all.ask.falseAbstention <= falseAbstentions)
                     + both { $0.ask.falseAbstention })
        lines.append(shape.line)
        lines.append("failing questions (\(failures.count)):")
        return lines + failures.map { "  " + $0 } + traces
    }

    /// The answers' shape (issue 36 item 5): how many sentences, and how many are not prose to quote — code or a
    /// permalink label or a heading (`ExtractiveAnswerer.isCodeOrLabel`), a run-on over 60 words — or repeat another.
    struct AnswerShape {
        var answers = 0, sentences = 0, overCap = 0, code = 0, headings = 0, long = 0, repeats = 0, uncited = 0

        mutating func record(_ answer: AskAnswer) {
            guard answer.isFound else { return }
            answers += 1
            sentences += answer.sentences.count
            if answer.sentences.count > 4 { overCap += 1 }
            var seen = Set<String>()
            for sentence in answer.sentences {
                let text = sentence.text.trimmingCharacters(in: .whitespaces)
                let words = text.split(whereSeparator: \.isWhitespace).count
                if words < 8, let last = text.last, !".!?:;)\"'\u{201D}".contains(last) {
                    headings += 1
                } else if ExtractiveAnswerer.isCodeOrLabel(text) {
                    code += 1
                }
                if words > 60 { long += 1 }
                if !seen.insert(text.lowercased()).inserted { repeats += 1 }
                if sentence.citations.isEmpty { uncited += 1 }
            }
        }

        var line: String {
            let mean = answers > 0 ? Double(sentences) / Double(answers) : 0
            return String(format: "  answers' shape: %d answers, %.2f sentences each; over 4 sentences %d; code or labels %d; headings %d; "
                          + "over 60 words %d; repeats %d; uncited %d", answers, mean, overCap, code, headings, long, repeats, uncited)
        }
    }

    /// The answerer, with `MARKS_ASK_TUNE` ("floor=0.36,coverage=0.1,lead=0.2,agree=0.02,names=0.1") overriding its
    /// answerability weights: for tuning on the dev half without a rebuild.
    private static func tunedAnswerer() throws -> ExtractiveAnswerer {
        var answerer = ExtractiveAnswerer()
        guard let tune = ProcessInfo.processInfo.environment["MARKS_ASK_TUNE"], !tune.isEmpty else { return answerer }
        for pair in tune.split(separator: ",") {
            let parts = pair.split(separator: "=")
            guard parts.count == 2, let value = Double(parts[1]) else { throw BenchSupport.Failure(description: "MARKS_ASK_TUNE: bad \(pair)") }
            switch parts[0] {
            case "floor": answerer.floor = value
            case "coverage": answerer.coverageWeight = value
            case "lead": answerer.leadWeight = value
            case "agree": answerer.agreementWeight = value
            case "names": answerer.missingNamePenalty = value
            case "words": answerer.maximumWords = Int(value)
            case "rank": answerer.rankWeight = value
            case "relevance": answerer.relevanceWeight = value
            case "sentence": answerer.sentenceWeight = value
            case "term": answerer.termWeight = value
            case "order": answerer.citesInRankOrder = value != 0
            case "margin": answerer.relevanceMargin = value
            case "threshold": answerer.relativeThreshold = value
            case "own": answerer.ownShare = value
            case "maximum": answerer.maximumSentences = Int(value)
            default: throw BenchSupport.Failure(description: "MARKS_ASK_TUNE: unknown \(parts[0])")
            }
        }
        return answerer
    }

    /// One split's figures: each baseline's, the app's searches' and Ask's.
    struct Figures {
        var baselines: [RetrievalMetrics]
        var keyword = RetrievalMetrics(), semantic = RetrievalMetrics(), hybrid = RetrievalMetrics()
        var ask = AskTally()

        init(baselines count: Int) {
            baselines = Array(repeating: RetrievalMetrics(), count: count)
        }
    }

    private static func recall(_ label: String, _ metrics: RetrievalMetrics) -> String {
        "  " + label.padding(toLength: 28, withPad: " ", startingAt: 0) + String(format: "top-1 %.3f   top-5 %.3f", metrics.recallAt1, metrics.recallAt5)
    }

    private static func target(_ label: String, _ value: Double, _ goal: String, _ met: Bool, signed: Bool = false) -> String {
        "  " + label.padding(toLength: 28, withPad: " ", startingAt: 0) + String(format: signed ? "%+.3f" : "%.3f", value)
            + "   (target \(goal))  " + (met ? "met" : "MISSED")
    }

    /// The first ten ids `SearchService` finds, none for a question without words.
    private static func searchIDs(_ search: SearchService, _ text: String, mode: SearchMode) async throws -> [Int] {
        do {
            return try await search.search(SearchRequest(text: text, mode: mode, limit: 10)).map(\.document.id)
        } catch IndexError.emptyQuery {
            return []
        }
    }

    /// Ask's figures: answerable questions whose answer cites a right item, whose first citation is right, the share
    /// of all citations that are right, and abstentions.
    struct AskTally {
        var answerable = 0, citedRight = 0, firstCitationRight = 0, falselyAbstained = 0
        var citations = 0, rightCitations = 0
        var unanswerable = 0, abstained = 0

        mutating func recordAnswerable(cited: [Int], relevant: Set<Int>) {
            answerable += 1
            if cited.isEmpty { falselyAbstained += 1 }
            if cited.contains(where: relevant.contains) { citedRight += 1 }
            if let first = cited.first, relevant.contains(first) { firstCitationRight += 1 }
            citations += cited.count
            rightCitations += cited.filter(relevant.contains).count
        }

        mutating func recordUnanswerable(abstained: Bool) {
            unanswerable += 1
            if abstained { self.abstained += 1 }
        }

        var citesRight: Double { share(citedRight, answerable) }
        var firstRight: Double { share(firstCitationRight, answerable) }
        var citationsRight: Double { share(rightCitations, citations) }
        var abstention: Double { share(abstained, unanswerable) }
        var falseAbstention: Double { share(falselyAbstained, answerable) }

        private func share(_ count: Int, _ total: Int) -> Double { total > 0 ? Double(count) / Double(total) : 0 }
    }
}
