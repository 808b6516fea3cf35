import MarksTestSupport
import Foundation
import HTTPServer
import SentenceEmbeddings
import Testing

/// Done-when 2: with no network and no key, `marks add` of a local page ends with a summary and tags, shown by
/// `marks show`; `marks enrich --all` resumes; `marks collections` prints. Uses the real model (skipped when absent).
@Suite struct EnrichmentCommandTests {
    static let modelDirectory = ModelLocator().locate()
    static let modelInstalled = modelDirectory != nil

    static let pages: [String: String] = [
        "/bread": "<html><head><title>Sourdough baking guide</title></head><body><article><h1>Sourdough baking guide</h1><p>Sourdough bread is made with a natural starter of wild yeast and lactic acid bacteria. The starter needs regular feeding with flour and water.</p><p>A long cold fermentation develops the flavour of the loaf and gives the crust its colour.</p></article></body></html>",
        "/rust": "<html><head><title>Rust ownership</title></head><body><article><p>Rust ownership rules make memory safety possible without a garbage collector. Every value has a single owner.</p><p>Borrowing lets code use a value without taking ownership of it.</p></article></body></html>",
    ]

    static func serve() throws -> (HTTPServer, Int) {
        var router = Router()
        for (path, html) in pages { router.get(path) { _ in .html(html) } }
        let live = try LiveServer(serving: router, configuration: HTTPServer.Configuration(threadPoolSize: 2, shutdownGracePeriod: .seconds(1)))
        return (live.server, live.port)
    }

    static let model = ["MARKS_MODEL_DIR": modelDirectory?.path ?? ""]
    static let fetching = model.merging(["MARKS_ALLOW_PRIVATE_FETCHES": "1", "MARKS_FETCH_PAGES": "1", "MARKS_ENRICH_WAIT": "180"]) { $1 }

    /// Runs `marks` (waiting without holding a cooperative thread, so the page server in this process answers meanwhile).
    static func run(_ marks: MarksBinary, _ arguments: [String], _ environment: [String: String] = [:]) async throws -> MarksBinary.Result {
        try await marks.run(arguments, extraEnvironment: environment)
    }

    @Test(.enabled(if: modelInstalled, "the embedding model is not installed"))
    func addOfALocalPageEndsWithASummaryAndTagsOffline() async throws {
        let (server, port) = try Self.serve()
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        let added = try await Self.run(marks, ["add", "http://127.0.0.1:\(port)/bread"], Self.fetching)
        await server.stop()
        #expect(added.code == 0, "\(added.stderr)")
        #expect(added.stdout.contains("Saved"))
        #expect(added.stdout.contains("Summary: "))
        #expect(added.stdout.contains("Engine: offline"))
        let shown = try await marks.run(["show", "1"])
        #expect(shown.stdout.contains("summary: "), "add said: \(added.stdout) \(added.stderr)")
        #expect(shown.stdout.lowercased().contains("sourdough"))
        #expect(shown.stdout.contains("ai tags: "))
        let jobs = try await marks.run(["jobs", "--all", "--json"])
        #expect(jobs.stdout.contains(#""kind":"enrich","key":"embedded#1","state":"done""#), "\(jobs.stdout)")  // the summary came from the enrich job
        let summarized = try await marks.run(["summarize", "1", "--json"], extraEnvironment: Self.model)
        #expect(summarized.code == 0)
        #expect(summarized.stdout.contains(#""engine":"offline""#))
    }

    @Test(.enabled(if: modelInstalled, "the embedding model is not installed"))
    func enrichAllResumesAndCollectionsPrint() async throws {
        let (server, port) = try Self.serve()
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        for path in ["bread", "rust"] {
            let added = try await Self.run(marks, ["add", "http://127.0.0.1:\(port)/\(path)", "--no-enrich"], Self.fetching)
            #expect(added.code == 0)
            #expect(!added.stdout.contains("Summary:"))
        }
        let one = try await Self.run(marks, ["enrich", "1", "--json"], Self.fetching)
        #expect(one.code == 0, "\(one.stderr)")
        let all = try await Self.run(marks, ["enrich", "--all", "--json"], Self.fetching)
        await server.stop()
        #expect(all.stdout.contains(#""enriched":1"#))
        #expect(all.stdout.contains(#""skipped":1"#))
        let again = try await marks.run(["enrich", "--all"], extraEnvironment: Self.model)
        #expect(again.stdout.contains("Enriched 0 bookmarks (2 already had AI metadata)"))
        let collections = try await marks.run(["collections", "--json"], extraEnvironment: Self.model)
        #expect(collections.code == 0)
        #expect(collections.stdout.contains(#""collections":"#))
        let text = try await marks.run(["collections"], extraEnvironment: Self.model)
        #expect(text.code == 0)
        #expect(!text.stdout.isEmpty)
    }

    @Test(arguments: [["enrich"], ["enrich", "1", "--all"], ["enrich", "zero"], ["summarize", "-3"]])
    func badArgumentsAreUsageErrors(arguments: [String]) async throws {
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        #expect(try await marks.run(arguments).code == 64)
    }

    @Test func enrichingAMissingBookmarkFails() async throws {
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        let result = try await marks.run(["enrich", "77"])
        #expect(result.code == 1)
    }
}
