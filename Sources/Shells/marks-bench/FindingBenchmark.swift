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
/// offline through `AskService`, against the targets.
enum FindingBenchmark {
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
        // The Reuters question set of `marks quality`, on request (`MARKS_FINDING_CORPORA=reuters`): Ask's general
        // figures beside these, so a change for the finding questions shows what it does to questions in the text's words.
        if environment["MARKS_FINDING_CORPORA"]?.split(separator: ",").contains("reuters") == true {
            let scratch = try BenchSupport.temporaryDirectory("finding-reuters")
            defer { remove(scratch) }
            let report = try await AskQuality.measure(evaluationDirectory: evaluation, scratchDirectory: scratch, embedder: embedder)
            lines += AskQuality.format(report)
            if environment["MARKS_FINDING_TRACE"] != nil { lines += report.details.map { "  " + $0 } }
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
        let (directory, keepDirectory) = try workDirectory("debian-\(size)")
        defer { if !keepDirectory { remove(directory) } }
        let index = try SearchIndex(path: directory.appendingPathComponent("index.sqlite").path, dimension: embedder.dimension)
        let start = DispatchTime.now().uptimeNanoseconds
        if try index.statistics().documents != documents.count {
            for part in stride(from: 0, to: documents.count, by: 5000) {
                try index.upsert(documents: Array(documents[part..<min(part + 5000, documents.count)]))
            }
        }
        _ = try await VectorIndexer(index: index, batchSize: 256) { embedder }.run()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let baseline = try FindingBaseline(columns: ["title", "description"])
        try baseline.add(documents.map { ($0.id, [$0.title, $0.description]) })
        let header = String(format: "Debian library: %d bookmarks (%d bookworm packages with long descriptions, %d synthetic), indexed with vectors in %.0f s",
                            documents.count, kept, documents.count - kept, seconds)
        return try await FindingMeasurement.measure(header: header, index: index, embedder: embedder, baselines: [("BM25", baseline)], ids: ids,
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
        let (directory, keepDirectory) = try workDirectory("articles")
        defer { if !keepDirectory { remove(directory) } }
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
        // A kept library (`MARKS_FINDING_KEEP`) was archived under another port: the bookmarks keep their URLs.
        let reused = try index.statistics().documents == documents.count
        if reused {
            documents = try documents.map { document in
                var same = document
                same.url = try index.documents(ids: [document.id])[document.id]?.url ?? document.url
                return same
            }
        } else {
            try index.upsert(documents: documents)
        }
        var archived = (stored: documents.count, failed: 0)
        if !reused {
            let report = try await archive.archive(documents.map(\.url))
            archived = (report.stored, report.failed.count)
        }
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
                            documents.count, archived.stored, archived.failed, try index.passageCount(), seconds)
        return try await FindingMeasurement.measure(header: header, index: index, embedder: embedder,
                                 baselines: [("BM25", fields), ("BM25 with page text", withText)], ids: ids, questions: questions)
    }

    // MARK: Files

    /// A scratch directory for one library, removed afterwards; with `MARKS_FINDING_KEEP` (a directory), a kept one
    /// under it, so a second run measures the same indexed library without indexing it again (`kept` true).
    private static func workDirectory(_ label: String) throws -> (URL, kept: Bool) {
        guard let keep = ProcessInfo.processInfo.environment["MARKS_FINDING_KEEP"], !keep.isEmpty else {
            return (try BenchSupport.temporaryDirectory("finding-\(label)"), false)
        }
        let directory = URL(fileURLWithPath: keep).appendingPathComponent(label, isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return (directory, true)
    }

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
