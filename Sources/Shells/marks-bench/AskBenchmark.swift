import Foundation
import HTTPServer
import MarksCore
import MarksIndex
import MarksAsk
import MarksFetch
import MarksReading
import SentenceEmbeddings
import SQLiteDatabase

/// `make bench` section `ask` (issue 14, the retrieval Ask stands on): page-text archive throughput against a
/// local server (fetch, extract, store; pacing off, 4 in flight), the passage index's size per 1,000 bookmarks
/// with archived texts, and passage retrieval p50 through the search tool over a 10,000-bookmark library with
/// archived texts (query embedding included when the model is installed).
enum AskBenchmark {
    static let archivedPages = 200
    /// Issue 36: Ask's p50 over a library with archived texts.
    static let askTarget = 0.200
    static let libraryBookmarks = 10_000
    static let queries = 50

    static func run() async throws -> [String] {
        var lines: [String] = []
        lines.append(try await archiveThroughput())
        lines += try sizePerThousand()
        lines += try await retrieval()
        return lines
    }

    /// An article page of about 900 words under three headings, different per path.
    static func article(_ path: String) -> String {
        var text = SyntheticText(seed: path.utf8.reduce(UInt64(1_469_598_103_934_665_603)) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 })
        var html = "<html><head><title>\(text.sentence(words: 6))</title></head><body><nav><a href=\"/\">Home</a></nav><article>"
        for _ in 0..<3 {
            html += "<h2>\(text.sentence(words: 3))</h2>"
            for _ in 0..<5 { html += "<p>\(text.sentence(words: 60))</p>" }
        }
        return html + "</article><footer>About us</footer></body></html>"
    }

    private static func archiveThroughput() async throws -> String {
        let server = HTTPServer(responder: ResponderFunction { request in .html(article(request.path)) })
        let port = try server.start()
        defer { Task { await server.stop() } }
        let directory = try BenchSupport.temporaryDirectory("archive")
        defer { remove(directory) }
        let database = try Database(path: directory.appendingPathComponent("marks.sqlite").path)
        let index = try SearchIndex(database: database)
        let loopback = NetworkAddress("127.0.0.1").map { [$0] } ?? []
        let fetcher = PageFetcher(policy: FetchPolicy(allowInternalAddresses: true), resolve: { _ in loopback })
        let archive = try PageArchive(database: database, fetcher: fetcher, now: { Date() }, pacing: .zero,
                                      didStore: index.archiveObserver(warn: { print("warning: \($0)") }))
        let urls = (0..<archivedPages).map { "http://site\($0 % 20).bench:\(port)/page/\($0)" }
        let start = DispatchTime.now().uptimeNanoseconds
        let result = try await archive.archive(urls)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return String(format: "page-text archive: %.1f pages/s (%d pages of ~900 words from a local server: fetch, extract, store; "
                      + "pacing off, %d in flight; %d failed)", Double(result.stored) / seconds, archivedPages, archive.parallel,
                      result.failed.count)
    }

    /// A synthetic archived page text of about `words` words: headings every ~300 words, paragraphs of ~60 words in
    /// three sentences of 20 (an article's sentences; one 60-word run without a full stop made every paragraph a
    /// single sentence, three times what Ask embeds of a real one). The made-up words still cost the model 2–3
    /// tokens each, about twice an English word.
    static func pageBlocks(_ text: inout SyntheticText, words: Int) -> [PassageBlock] {
        var blocks: [PassageBlock] = []
        var written = 0
        while written < words {
            if written % 300 == 0 { blocks.append(PassageBlock(.heading, text.sentence(words: 3))) }
            let sentences = (0..<3).map { _ in
                let sentence = text.sentence(words: 20)
                return sentence.prefix(1).uppercased() + sentence.dropFirst() + "."
            }
            blocks.append(PassageBlock(.paragraph, sentences.joined(separator: " ")))
            written += 60
        }
        return blocks
    }

    /// Builds an index of `count` bookmarks, each with an archived page text of ~`words` words when `withPages`;
    /// every text gets a random unit vector (latency and size, not quality).
    static func build(_ index: SearchIndex, count: Int, words: Int, withPages: Bool) throws {
        var text = SyntheticText(seed: 7)
        var batch: [IndexedDocument] = []
        var pages: [String: [PassageBlock]] = [:]
        func flush() throws {
            try index.upsert(documents: batch)
            if withPages {
                let snapshot = pages
                try index.syncPageTexts(ids: batch.map(\.id), from: SearchIndex.PageTexts(
                    versions: { urls in Dictionary(urls.compactMap { snapshot[$0] == nil ? nil : ($0, "1") }) { first, _ in first } },
                    text: { url in snapshot[url].map { ("1", $0) } }))
            }
            batch.removeAll(keepingCapacity: true)
            pages.removeAll(keepingCapacity: true)
        }
        for id in 1...count {
            let url = "https://site\(id % 977).example/\(id)"
            batch.append(IndexedDocument(id: id, url: url, title: text.sentence(words: 8), description: text.sentence(words: 25),
                                         tagNames: [text.word(), text.word()], unread: id % 4 == 0,
                                         dateAdded: Date(timeIntervalSince1970: 1_700_000_000 + Double(id) * 3600)))
            if withPages { pages[url] = pageBlocks(&text, words: words) }
            if batch.count == 500 { try flush() }
        }
        if !batch.isEmpty { try flush() }
        var random = SyntheticText(seed: 11)
        var pending = try index.pendingTexts(limit: 5000)
        while !pending.isEmpty {
            try index.storeVectors(pending.map { ($0.contentHash, random.unitVector(dimension: index.dimension)) })
            pending = try index.pendingTexts(limit: 5000)
        }
    }

    private static func sizePerThousand() throws -> [String] {
        let directory = try BenchSupport.temporaryDirectory("passage-size")
        defer { remove(directory) }
        func size(withPages: Bool) throws -> (bytes: Int, passages: Int) {
            let path = directory.appendingPathComponent(withPages ? "with.sqlite" : "without.sqlite").path
            let index = try SearchIndex(path: path)
            try build(index, count: 1000, words: 900, withPages: withPages)
            try index.database.writeWithoutTransaction { try $0.execute("VACUUM") }
            let bytes = try index.database.read { connection in
                (try connection.queryOne("PRAGMA page_count")?.int(at: 0) ?? 0) * (try connection.queryOne("PRAGMA page_size")?.int(at: 0) ?? 0)
            }
            return (bytes, try index.passageCount())
        }
        let without = try size(withPages: false)
        let with = try size(withPages: true)
        return [String(format: "passage index per 1,000 bookmarks with ~900-word archived texts: +%.1f MB over the bookmark index "
                       + "(%.1f MB → %.1f MB; %d passages, vectors 1.5 KB each)",
                       Double(with.bytes - without.bytes) / 1_048_576, Double(without.bytes) / 1_048_576,
                       Double(with.bytes) / 1_048_576, with.passages)]
    }

    private static func retrieval() async throws -> [String] {
        let directory = try BenchSupport.temporaryDirectory("passage-search")
        defer { remove(directory) }
        let index = try SearchIndex(path: directory.appendingPathComponent("marks.sqlite").path)
        let buildSeconds = try BenchSupport.time { try build(index, count: libraryBookmarks, words: 900, withPages: true) }
        let passages = try index.passageCount()
        let model: EmbeddingModel? = ModelLocator().locate() == nil ? nil : try EmbeddingModel.loadInstalled()
        let embedder = LazyEmbedder {
            guard let model else { throw IndexError.modelMissing(message: "no model") }
            return .model(model)
        }
        let tool = BookmarkSearchTool(index: index, embedder: embedder)
        let ask = AskService(tool: tool, embedder: embedder)
        _ = try await tool.search(.init(text: "warm up the matrix"))
        _ = try await ask.ask("warm up the sentences")
        var queryText = SyntheticText(seed: 7) // the words the texts were made of
        var all: [Double] = []
        var unread: [Double] = []
        var answers: [Double] = []
        var found = 0
        for _ in 0..<queries {
            let words = queryText.sentence(words: 6)
            answers.append(try BenchSupport.time { if try ask.ask(words).isFound { found += 1 } })
            all.append(try BenchSupport.time { _ = try tool.search(.init(text: words, limit: 8)) })
            unread.append(try BenchSupport.time {
                _ = try tool.search(.init(text: words, filter: SearchFilter(unreadOnly: true, sources: .included), limit: 8))
            })
        }
        let embedding = model == nil ? "words only: the model is not installed" : "query embedding included"
        return [
            String(format: "library of %d bookmarks with archived texts: %d passages, built in %.1f s", libraryBookmarks, passages, buildSeconds),
            latencyLine("passage retrieval top-8 (\(embedding))", all),
            latencyLine("passage retrieval top-8, unread only", unread),
            latencyLine("Ask, the full offline answer (retrieval, sentence embeddings, extraction; \(found) of \(queries) answered)", answers)
                + " — target p50 ≤ \(Int(askTarget * 1000)) ms: " + (BenchSupport.percentile(answers, 50) <= askTarget ? "met" : "MISSED"),
        ]
    }

    private static func latencyLine(_ label: String, _ seconds: [Double]) -> String {
        String(format: "%@: p50 %.1f ms, p95 %.1f ms", label, BenchSupport.percentile(seconds, 50) * 1000, BenchSupport.percentile(seconds, 95) * 1000)
    }

    private static func remove(_ url: URL) {
        do {
            try FileManager.default.removeItem(at: url)
        } catch {
            // A leftover temp dir is harmless.
        }
    }
}
