import Foundation
import HTTPServer
import MarksAsk
import MarksCore
import MarksEngine
import MarksFetch
import MarksIndex
import MarksReading
import SentenceEmbeddings
import SQLiteDatabase

/// `make bench` section `finding` (issue 36 item 4): finding things the way people ask. The questions
/// (`Evaluation/finding/*.jsonl`, checked by scripts/test_finding_questions.py) are paraphrases, descriptions of what
/// a thing does and vague recollections, each with every item that answers it, and unanswerable ones. Two libraries,
/// from `scripts/fetch-eval-data.sh`:
/// - Debian's bookworm packages as bookmarks (URL its packages.debian.org page, title the short description,
///   description the long one, tags its section and topical debtags), every package of a question among them,
///   padded with synthetic bookmarks to `MARKS_FINDING_SIZE` (100,000; a smaller size keeps the questions'
///   packages and a fixed sample of the others);
/// - the Python 3.11 documentation's pages, served on loopback, saved as bookmarks (title the page's) and archived
///   through the real page-text archive, so Ask reads their text.
/// Each is indexed by the real index (keyword and vectors) and measured: plain BM25 over title + description
/// (`FindingBaseline`), the app's keyword, semantic (vectors only) and hybrid search (`SearchService`), and Ask
/// offline through `AskService`, against the issue's targets.
enum FindingBenchmark {
    /// The issue's targets.
    static let hybridMargin = 0.15
    static let citesRight = 0.85
    static let firstCitationRight = 0.75
    static let citationsRight = 0.8
    static let abstains = 0.9
    static let falseAbstentions = 0.05

    static func run() async throws -> [String] {
        let environment = ProcessInfo.processInfo.environment
        let size = Int(environment["MARKS_FINDING_SIZE"] ?? "") ?? 100_000
        let evaluation = QualityReport.evaluationDirectory(environment: environment)
        let questions = try questionDirectory(environment)
        let model: EmbeddingModel
        do {
            model = try EmbeddingModel.loadInstalled(environment: environment)
        } catch {
            throw BenchSupport.Failure(description: "the finding evaluation needs the model (make model): \(error)")
        }
        let embedder = IndexEmbedder.model(model)
        var lines: [String] = []
        if requested(environment, "debian") {
            lines += try await debian(size: size, evaluation: evaluation,
                                      questions: try load(questions.appendingPathComponent("debian.jsonl")), embedder: embedder)
        }
        if requested(environment, "articles") {
            lines += try await articles(evaluation: evaluation, questions: try load(questions.appendingPathComponent("articles.jsonl")),
                                        embedder: embedder)
        }
        return lines
    }

    /// `MARKS_FINDING_CORPORA` (`debian`, `articles`, or both comma-separated; both by default).
    private static func requested(_ environment: [String: String], _ corpus: String) -> Bool {
        guard let names = environment["MARKS_FINDING_CORPORA"], !names.isEmpty else { return true }
        return names.split(separator: ",").contains { $0 == corpus }
    }

    // MARK: The Debian library

    private static func debian(size: Int, evaluation: URL, questions: [FindingQuestion], embedder: IndexEmbedder) async throws -> [String] {
        let (documents, ids, kept) = try DebianLibrary.documents(size: size, evaluation: evaluation, wanted: Set(questions.flatMap(\.expected)))
        let directory = try BenchSupport.temporaryDirectory("finding-debian")
        defer { remove(directory) }
        let index = try SearchIndex(path: directory.appendingPathComponent("index.sqlite").path, dimension: embedder.dimension)
        let start = DispatchTime.now().uptimeNanoseconds
        for part in stride(from: 0, to: documents.count, by: 5000) {
            try index.upsert(documents: Array(documents[part..<min(part + 5000, documents.count)]))
        }
        _ = try await VectorIndexer(index: index, batchSize: 256) { embedder }.run()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let baseline = try FindingBaseline(columns: ["title", "description"])
        try baseline.add(documents.map { ($0.id, [$0.title, $0.description]) })
        let header = String(format: "Debian library: %d bookmarks (%d bookworm packages with long descriptions, %d synthetic), indexed with vectors in %.0f s",
                            documents.count, kept, documents.count - kept, seconds)
        return try await measure(header: header, index: index, embedder: embedder, baselines: [("BM25", baseline)], ids: ids,
                                 questions: questions)
    }

    // MARK: The articles

    private static func articles(evaluation: URL, questions: [FindingQuestion], embedder: IndexEmbedder) async throws -> [String] {
        let root = evaluation.appendingPathComponent("articles/python", isDirectory: true)
        guard let enumerator = FileManager.default.enumerator(atPath: root.path) else {
            throw BenchSupport.Failure(description: "no \(root.path): run scripts/fetch-eval-data.sh (make eval-data)")
        }
        let paths = enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".html") }.sorted()
        var pages: [String: String] = [:]
        for path in paths { pages["/" + path] = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8) }
        let served = pages
        let server = HTTPServer(responder: ResponderFunction { request in
            served[request.path].map { .html($0) } ?? .html("<html><body>not here</body></html>", status: 404)
        })
        let port = try server.start()
        defer { Task { await server.stop() } }
        let directory = try BenchSupport.temporaryDirectory("finding-articles")
        defer { remove(directory) }
        let database = try Database(path: directory.appendingPathComponent("marks.sqlite").path)
        let index = try SearchIndex(database: database, dimension: embedder.dimension)
        let loopback = NetworkAddress("127.0.0.1").map { [$0] } ?? []
        let archive = try PageArchive(database: database, fetcher: PageFetcher(policy: FetchPolicy(allowInternalAddresses: true), resolve: { _ in loopback }),
                                      now: { Date() }, pacing: .zero, didStore: index.archiveObserver(warn: { print("warning: \($0)") }))
        var documents: [IndexedDocument] = []
        var ids: [String: Int] = [:]
        for (offset, path) in paths.enumerated() {
            ids[path] = offset + 1
            let title = EvaluationText.htmlTitle(pages["/" + path] ?? "", droppingAfter: " \u{2014} Python") ?? path
            documents.append(IndexedDocument(id: offset + 1, url: "http://docs.python.bench:\(port)/\(path)", title: title))
        }
        let start = DispatchTime.now().uptimeNanoseconds
        try index.upsert(documents: documents)
        let archived = try await archive.archive(documents.map(\.url))
        _ = try await VectorIndexer(index: index, batchSize: 256) { embedder }.run()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let fields = try FindingBaseline(columns: ["title", "description"])
        try fields.add(documents.map { ($0.id, [$0.title, $0.description]) })
        let withText = try FindingBaseline(columns: ["title", "description", "page"])
        try withText.add(try documents.map { document in
            (document.id, [document.title, document.description, try archive.text(url: document.url)?.blocks.map(\.text).joined(separator: "\n") ?? ""])
        })
        let header = String(format: "Articles: %d pages of the Python 3.11 documentation served on loopback, saved as bookmarks, %d archived "
                            + "(%d failed; %d passages), indexed with vectors in %.0f s",
                            documents.count, archived.stored, archived.failed.count, try index.passageCount(), seconds)
        return try await measure(header: header, index: index, embedder: embedder,
                                 baselines: [("BM25", fields), ("BM25 with page text", withText)], ids: ids, questions: questions)
    }

    // MARK: Measuring

    private static func measure(header: String, index: SearchIndex, embedder: IndexEmbedder, baselines: [(String, FindingBaseline)],
                                ids: [String: Int], questions: [FindingQuestion]) async throws -> [String] {
        let lazy = LazyEmbedder { embedder }
        let search = SearchService(index: index, embedder: lazy)
        let ask = AskService(tool: BookmarkSearchTool(index: index, embedder: lazy), embedder: lazy)
        let names = Dictionary(ids.map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        func label(_ id: Int) -> String { names[id] ?? "#\(id)" }
        var baselineFigures = Array(repeating: RetrievalMetrics(), count: baselines.count)
        var keyword = RetrievalMetrics(), semantic = RetrievalMetrics(), hybrid = RetrievalMetrics()
        var tally = AskTally()
        var failures: [String] = []
        for question in questions {
            let answer = try await ask.ask(question.question)
            let cited = answer.isFound ? answer.citations.map(\.passage.document.id) : []
            guard question.isAnswerable else {
                tally.recordUnanswerable(abstained: !answer.isFound)
                if answer.isFound { failures.append("\(question.id) answered \"\(question.question)\": cites \(cited.map(label).joined(separator: ", "))") }
                continue
            }
            let relevant = Set(question.expected.compactMap { ids[$0] })
            for (number, baseline) in baselines.enumerated() {
                baselineFigures[number].record(ranked: try baseline.1.search(question.question, limit: 10), relevant: relevant)
            }
            let keywordHits = try await searchIDs(search, question.question, mode: .keyword)
            let hybridHits = try await searchIDs(search, question.question, mode: .semantic)
            keyword.record(ranked: keywordHits, relevant: relevant)
            hybrid.record(ranked: hybridHits, relevant: relevant)
            let vector = try embedder.vectors([question.question])[0] // safe: one vector per text
            semantic.record(ranked: try index.vectorSearch(vector, limit: 10).map(\.bookmarkID), relevant: relevant)
            tally.recordAnswerable(cited: cited, relevant: relevant)
            let hybridFound = hybridHits.prefix(5).contains(where: relevant.contains)
            let askRight = cited.contains(where: relevant.contains)
            if !hybridFound || !askRight {
                let ask = answer.isFound ? "Ask cites \(cited.map(label).joined(separator: ", "))" : "Ask abstained"
                failures.append("\(question.id) \"\(question.question)\": hybrid top-5 \(hybridFound ? "ok" : hybridHits.prefix(5).map(label).joined(separator: ", ")); "
                                + "\(askRight ? "Ask ok" : ask) (want \(question.expected.prefix(4).joined(separator: ", "))\(question.expected.count > 4 ? ", …" : ""))")
            }
        }
        let answerable = questions.filter(\.isAnswerable).count
        var lines = [header, "\(answerable) answerable and \(questions.count - answerable) unanswerable questions, asked as a person would"]
        for (number, baseline) in baselines.enumerated() {
            lines.append(recall(baseline.0, baselineFigures[number]))
        }
        lines += [recall("keyword (the app's)", keyword), recall("semantic (vectors only)", semantic), recall("hybrid (the app's)", hybrid)]
        let bm25 = baselineFigures[0].recallAt5
        lines.append(target("hybrid top-5 vs BM25 top-5", hybrid.recallAt5 - bm25, "≥ +\(hybridMargin)", hybrid.recallAt5 - bm25 >= hybridMargin - 1e-9, signed: true))
        lines.append(target("Ask cites a right item", tally.citesRight, "≥ \(citesRight)", tally.citesRight >= citesRight))
        lines.append(target("Ask's first citation right", tally.firstRight, "≥ \(firstCitationRight)", tally.firstRight >= firstCitationRight))
        lines.append(target("citations right", tally.citationsRight, "≥ \(citationsRight)", tally.citationsRight >= citationsRight))
        lines.append(target("abstains, unanswerable", tally.abstention, "≥ \(abstains)", tally.abstention >= abstains))
        lines.append(target("false abstentions", tally.falseAbstention, "≤ \(falseAbstentions)", tally.falseAbstention <= falseAbstentions))
        lines.append("failing questions (\(failures.count)):")
        return lines + failures.map { "  " + $0 }
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

    // MARK: Files

    /// `MARKS_FINDING_QUESTIONS`, else `Evaluation/finding` in the working directory, else beside this source file.
    private static func questionDirectory(_ environment: [String: String]) throws -> URL {
        let candidates = [environment["MARKS_FINDING_QUESTIONS"].map { URL(fileURLWithPath: $0) },
                          URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Evaluation/finding"),
                          URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../Evaluation/finding")]
        guard let found = candidates.compactMap({ $0 }).first(where: { FileManager.default.fileExists(atPath: $0.appendingPathComponent("debian.jsonl").path) }) else {
            throw BenchSupport.Failure(description: "no Evaluation/finding/debian.jsonl (run from the repository, or set MARKS_FINDING_QUESTIONS)")
        }
        return found
    }

    private static func load(_ file: URL) throws -> [FindingQuestion] {
        try FindingQuestion.parse(jsonLines: try String(contentsOf: file, encoding: .utf8))
    }

    private static func remove(_ url: URL) {
        do {
            try FileManager.default.removeItem(at: url)
        } catch {
            // A leftover temp dir is harmless.
        }
    }
}
