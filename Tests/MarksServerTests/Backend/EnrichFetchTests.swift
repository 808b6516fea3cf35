import MarksTestSupport
import Foundation
import HTTPServer
import MarksCore
import MarksServer
import Testing

/// `POST /v1/marks/enrich` without text: the server fetches the page (a local page server on port 0).
@Suite struct EnrichFetchTests {
    static let article = """
        <!doctype html><html><head><title>Structured concurrency | Example Blog</title>
        <meta name="description" content="How Swift tasks form a tree."></head><body>
        <nav><a href="/">Home</a> <a href="/about">About</a></nav>
        <article><h1>Structured concurrency</h1>
        <p>Structured concurrency ties every child task to the scope that started it, so no task outlives its parent.</p>
        <p>Cancellation flows down the task tree: cancelling a parent cancels each of its children in turn.</p>
        <p>Task groups collect the results of many child tasks and rethrow the first error they meet.</p>
        </article><footer>Copyright Example Blog</footer></body></html>
        """

    final class PageServer: Sendable {
        let live: LiveServer

        init() throws {
            live = try LiveServer(ResponderFunction { request in
                switch request.path {
                case "/article": .html(EnrichFetchTests.article)
                case "/plain": .text("Plain text pages are read as they are. They need no HTML at all.")
                default: .html("<h1>Not here</h1>", status: 404)
                }
            })
        }

        func url(_ path: String) -> String { live.baseURL.absoluteString + path }
    }

    func withPages(allowLoopback: Bool, _ body: (AppAPIFixture, PageServer, String) async throws -> Void) async throws {
        let fixture = try AppAPIFixture(config: MarksConfig(allowPrivateNetworkFetches: allowLoopback))
        defer { fixture.remove() }
        let pages = try PageServer()
        do {
            try await body(fixture, pages, try await fixture.register())
            await pages.live.stop()
        } catch {
            await pages.live.stop()
            throw error
        }
    }

    @Test func theServerFetchesAndReadsThePage() async throws {
        try await withPages(allowLoopback: true) { fixture, pages, token in
            let reply = try await fixture.send("/v1/marks/enrich", json: #"{"url":"\#(pages.url("/article"))","vocabulary":["swift"]}"#, token: token)
            #expect(reply.status == 200, "\(reply.text)")
            let summary = try #require(reply.object?["summary"] as? String)
            #expect(summary.contains("Structured concurrency ties every child task"))
            #expect(!summary.contains("Copyright"))
            #expect(reply.object?["engine"] as? String == "offline")
            #expect(reply.object?["page_error"] == nil)
            let tags = try #require(reply.object?["tags"] as? [String])
            #expect(!tags.isEmpty && tags.count <= 5 && tags.allSatisfy { $0 == $0.lowercased() })
        }
    }

    @Test func plainTextPagesAreReadToo() async throws {
        try await withPages(allowLoopback: true) { fixture, pages, token in
            let reply = try await fixture.send("/v1/marks/enrich", json: #"{"url":"\#(pages.url("/plain"))"}"#, token: token)
            #expect(reply.status == 200)
            #expect((reply.object?["summary"] as? String)?.hasPrefix("Plain text pages are read as they are.") == true)
        }
    }

    @Test func textInTheRequestMeansNoFetch() async throws {
        try await withPages(allowLoopback: true) { fixture, pages, token in
            let reply = try await fixture.send("/v1/marks/enrich",
                                               json: #"{"url":"\#(pages.url("/missing"))","text":"Given text is used as it is. Nothing is fetched."}"#, token: token)
            #expect(reply.status == 200)
            #expect((reply.object?["summary"] as? String)?.hasPrefix("Given text is used") == true)
        }
    }

    @Test func loopbackPagesAreRefusedByDefault() async throws {
        try await withPages(allowLoopback: false) { fixture, pages, token in
            let bare = try await fixture.send("/v1/marks/enrich", json: #"{"url":"\#(pages.url("/article"))"}"#, token: token)
            #expect(bare.status == 422)
            #expect(bare.error?.contains("fetching it is off (allow_private_network_fetches)") == true)
            let titled = try await fixture.send("/v1/marks/enrich", json: #"{"url":"\#(pages.url("/article"))","title":"Structured concurrency in Swift"}"#, token: token)
            #expect(titled.status == 200)
            #expect((titled.object?["page_error"] as? String)?.contains("private network") == true)
            #expect(titled.object?["engine"] as? String == "offline")
        }
    }

    @Test func unreadablePagesAndAddressesAre422() async throws {
        try await withPages(allowLoopback: true) { fixture, pages, token in
            let missing = try await fixture.send("/v1/marks/enrich", json: #"{"url":"\#(pages.url("/missing"))"}"#, token: token)
            #expect(missing.status == 422)
            #expect(missing.error?.contains("The page answered HTTP 404.") == true)
            let source = try await fixture.send("/v1/marks/enrich", json: #"{"url":"marks-source://0b6f4a2e"}"#, token: token)
            #expect(source.status == 422)
            #expect(source.error == "The request has no text and its url is not an http(s) address to fetch.")
        }
    }
}
