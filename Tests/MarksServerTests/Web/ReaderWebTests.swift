import Foundation
import HTTPServer
import MarksCore
import MarksFetch
import MarksReading
import MarksTestSupport
import SQLiteDatabase
import Testing
@testable import MarksServer

/// The reader view with structure, its image proxy (signed, capped, raster types only, never an internal
/// address unless allowed), the text size and width form, and the fetching-off message.
@Suite struct ReaderWebTests {
    /// A 1×1 PNG.
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52,
                           0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1F, 0x15, 0xC4, 0x89, 0, 0, 0, 0x0A, 0x49, 0x44, 0x41,
                           0x54, 0x78, 0x9C, 0x63, 0, 1, 0, 0, 5, 0, 1, 0x0D, 0x0A, 0x2D, 0xB4, 0, 0, 0, 0, 0x49, 0x45, 0x4E,
                           0x44, 0xAE, 0x42, 0x60, 0x82])

    /// A stand-in site: an image, an oversized image, HTML that says it is a PNG, an SVG and a page.
    static func imageSite() throws -> LiveServer {
        try LiveServer { request, _ in
            switch request.path {
            case "/ok.png": HTTPResponse(status: 200, headers: ["Content-Type": "image/png"], body: .bytes(png))
            case "/big.png": HTTPResponse(status: 200, headers: ["Content-Type": "image/png"],
                                          body: .bytes(png + Data(count: ImageFetcher.readerImageLimit + 1)))
            case "/fake.png": HTTPResponse(status: 200, headers: ["Content-Type": "image/png"], body: .bytes(Data("<html><script>alert(1)</script>".utf8)))
            case "/icon.svg": HTTPResponse(status: 200, headers: ["Content-Type": "image/svg+xml"],
                                           body: .bytes(Data(#"<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>"#.utf8)))
            case "/page.html": HTTPResponse(status: 200, headers: ["Content-Type": "text/html"], body: .bytes(Data("<p>hi</p>".utf8)))
            default: HTTPResponse(status: 404, body: .bytes(Data()))
            }
        }
    }

    static func harness(allowInternal: Bool = true, reader: (@Sendable (String) async throws -> ReadableArticle)? = nil) async throws -> WebHarness {
        var options = WebOptions(undoSeconds: 6, pageSize: 50, timeZone: TimeZone(secondsFromGMT: 0) ?? .current)
        options.images = ImageFetcher(fetcher: PageFetcher(policy: FetchPolicy(timeout: .seconds(30), allowInternalAddresses: allowInternal)))
        return try await WebHarness.make(seed: 2, options: options, reader: reader)
    }

    static func proxied(_ web: WebHarness, _ url: String) -> String {
        SafeURL.path("/reader/image", query: [("u", url), ("s", web.auth.sign(ReaderImageController.purpose, url))]).value
    }

    @Test func theProxyServesOnlySignedRasterImagesWithAStrictType() async throws {
        let site = try Self.imageSite()
        let web = try await Self.harness()
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let ok = site.baseURL.absoluteString + "/ok.png"

        let image = try await client.get(Self.proxied(web, ok))
        #expect(image.status == 200)
        #expect(image.headers["Content-Type"] == "image/png")
        #expect(image.headers["X-Content-Type-Options"] == "nosniff")
        #expect(image.headers["Content-Security-Policy"]?.hasPrefix("default-src 'none'") == true)
        #expect(image.body == .bytes(Self.png))

        let unsigned = try await client.get(SafeURL.path("/reader/image", query: [("u", ok)]).value)
        #expect(unsigned.status == 403)
        let forged = try await client.get(SafeURL.path("/reader/image", query: [("u", ok), ("s", web.auth.sign(ReaderImageController.purpose, ok + "x"))]).value)
        #expect(forged.status == 403)
        let otherPurpose = try await client.get(SafeURL.path("/reader/image", query: [("u", ok), ("s", web.auth.sign("more", ok))]).value)
        #expect(otherPurpose.status == 403)
        let requestsBefore = site.requests.count

        for path in ["/big.png", "/fake.png", "/icon.svg", "/page.html"] {
            let refused = try await client.get(Self.proxied(web, site.baseURL.absoluteString + path))
            #expect(refused.status == 502, "\(path) is refused")
            #expect(refused.headers["Content-Type"]?.hasPrefix("image/") != true)
        }
        #expect(site.requests.count == requestsBefore + 4)

        var anonymous = web.anonymous()
        #expect(try await anonymous.get(Self.proxied(web, ok)).status == 303, "the proxy needs a session")
        await site.stop()
    }

    @Test func theProxyRefusesInternalAddresses() async throws {
        let site = try Self.imageSite()
        let web = try await Self.harness(allowInternal: false)
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let response = try await client.get(Self.proxied(web, site.baseURL.absoluteString + "/ok.png"))
        #expect(response.status == 502)
        #expect(WebClient.text(response).contains("private network"))
        #expect(site.requests.isEmpty, "nothing was sent to the internal address")
        await site.stop()
    }

    /// An image the page gives no size for is sized from its second showing on (issue 37 item 7): the first reader
    /// page marks it `unsized` (CSS reserves a 16:9 box), the proxy learns its 1200×675 as it serves it and the archive
    /// keeps that, and the next reader page gives it `width` and `height`.
    @Test func anImageWithoutASizeIsSizedOnceTheProxyHasServedIt() async throws {
        var wide = Self.png
        wide.replaceSubrange(16..<24, with: [0, 0, 0x04, 0xB0, 0, 0, 0x02, 0xA3])  // IHDR: 1200 × 675
        let image = wide
        let site = try LiveServer { request, _ in
            request.path == "/wide.png" ? HTTPResponse(status: 200, headers: ["Content-Type": "image/png"], body: .bytes(image))
                : HTTPResponse(status: 404, body: .bytes(Data()))
        }
        let directory = try TemporaryDirectory(prefix: "marks-reader-sizes")
        defer { directory.cleanUp() }
        let archive = try PageArchive(database: try Database(path: directory.file("marks.sqlite").path),
                                      fetcher: PageFetcher(policy: FetchPolicy()), now: { Date() })
        let page = site.baseURL.absoluteString + "/post"
        let html = """
            <html><body><article><h1>Wide</h1><p>This paragraph carries enough words, commas, and sentences to count as article \
            text, and it goes on for a while.</p><p><img src="/wide.png" alt="A wide chart"></p></article></body></html>
            """
        var options = WebOptions(undoSeconds: 6, pageSize: 50, timeZone: TimeZone(secondsFromGMT: 0) ?? .current)
        options.images = ImageFetcher(fetcher: PageFetcher(policy: FetchPolicy(timeout: .seconds(30), allowInternalAddresses: true)))
        options.imageSizes = ReaderImageSizes(sizes: { try archive.imageSizes(of: $0) }, remember: { try archive.rememberImageSize($1, of: $0) })
        let web = try await WebHarness.make(seed: 1, options: options, reader: { _ in
            try ArticleReader.article(html: Data(html.utf8), url: URL(string: page)!)  // safe: the stand-in's address
        })
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let src = Self.proxied(web, site.baseURL.absoluteString + "/wide.png").replacingOccurrences(of: "&", with: "&amp;")
        let first = WebClient.text(try await client.get("/bookmarks/1/read"))
        #expect(first.contains("<img src=\"\(src)\" alt=\"A wide chart\" class=\"unsized\" loading=\"lazy\""), "\(first)")
        let served = try await client.get(Self.proxied(web, site.baseURL.absoluteString + "/wide.png"))
        #expect(served.status == 200)
        let again = WebClient.text(try await client.get("/bookmarks/1/read"))
        #expect(again.contains("<img src=\"\(src)\" alt=\"A wide chart\" width=\"1200\" height=\"675\" loading=\"lazy\""), "\(again)")
        #expect(!again.contains("unsized"))
        await site.stop()
    }

    static let article = """
        <html><head><title>Structured</title></head><body><article><h1>Structured</h1>
        <p>This paragraph carries enough words, commas, and sentences to count as article text, and it goes on for a while.</p>
        <h2>Part two</h2><ul><li>One</li><li>Two</li></ul><pre><code>x &lt; 1</code></pre>
        <p><img src="/chart.png" alt="A chart" width="320" height="200" onerror="alert(1)"></p>
        <blockquote>Quoted words that stay in the article because they are long enough.</blockquote>
        <table><tr><th>A</th><td>1</td></tr></table><script>alert(2)</script>
        <p>Another paragraph with <a href="https://example.org/more" onclick="x()">a link</a>, carrying more words and commas.</p>
        </article></body></html>
        """

    @Test func theReaderRendersTheStructureWithProxiedSizedLazyImages() async throws {
        let web = try await Self.harness(reader: { url in
            try ArticleReader.article(html: Data(Self.article.utf8), url: URL(string: "https://example.com/post")!)  // safe: a fixed literal
        })
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let response = try await client.get("/bookmarks/1/read")
        let page = WebClient.text(response)
        for markup in ["<h2>Part two</h2>", "<ul><li>One</li><li>Two</li></ul>", "<pre tabindex=\"0\"><code>x &lt; 1</code></pre>", "<blockquote>",
                       "<table tabindex=\"0\">", "<th>A</th>", "rel=\"noopener noreferrer nofollow\"", "href=\"https://example.org/more\""] {
            #expect(page.contains(markup), "\(markup)")
        }
        let src = Self.proxied(web, "https://example.com/chart.png").replacingOccurrences(of: "&", with: "&amp;")
        #expect(page.contains("<img src=\"\(src)\" alt=\"A chart\" width=\"320\" height=\"200\" loading=\"lazy\" decoding=\"async\" referrerpolicy=\"no-referrer\">"))
        #expect(!page.contains("alert("))
        #expect(!page.contains("onerror") && !page.contains("onclick"))
        #expect(page.contains("id=\"reader-end\""), "the end-of-article slot is there")
        #expect(response.headers["Content-Security-Policy"]?.contains("img-src 'self';") == true)
        #expect(response.headers["Content-Security-Policy"]?.contains("https:") == false)
    }

    @Test func textSizeAndWidthAreKeptWithoutJavaScript() async throws {
        let web = try await Self.harness(reader: { url in
            try ArticleReader.article(html: Data(Self.article.utf8), url: URL(string: "https://example.com/post")!)  // safe: a fixed literal
        })
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let before = WebClient.text(try await client.get("/bookmarks/1/read"))
        #expect(before.contains("reader-size-medium reader-width-medium"))
        #expect(before.contains("<label for=\"reader-size\">Text size</label>"))
        let saved = try await client.post("/reader/settings", [("size", "larger"), ("width", "wide"), ("return", "/bookmarks/1/read")])
        #expect(saved.status == 303)
        #expect(saved.headers["Location"] == "/bookmarks/1/read")
        let after = WebClient.text(try await client.get("/bookmarks/1/read"))
        #expect(after.contains("reader-size-larger reader-width-wide"))
        #expect(after.contains("<option value=\"larger\" selected>"))
        #expect(try await client.post("/reader/settings", [("size", "huge"), ("width", "wide")]).status == 400)
    }

    @Test func withFetchingOffTheReaderSpeaksToAPerson() async throws {
        let web = try await Self.harness(reader: { _ in throw FetchError.disabled })
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let page = WebClient.text(try await client.get("/bookmarks/1/read"))
        #expect(page.contains("Marks doesn’t fetch pages on this server, so there is no reader view."))
        #expect(page.contains("Open the page ↗"))
        #expect(!page.contains("fetch_pages"))
        #expect(!page.contains("MARKS_FETCH_PAGES"))
    }
}
