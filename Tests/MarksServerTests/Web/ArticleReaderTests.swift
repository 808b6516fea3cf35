import Foundation
import MarksFetch
import MarksReading
import Testing

@Suite struct ArticleReaderTests {
    @Test func theReaderKeepsTheArticleAndDropsTheFurniture() throws {
        let paragraph = "Swift’s concurrency model makes data races a compile-time error, which changes how servers are written. "
        let html = """
            <html><head><title>Concurrency notes – Example Blog</title></head><body>
            <nav><a href="/">Home</a> <a href="/about">About</a></nav>
            <article><h1>Concurrency notes</h1><p>\(String(repeating: paragraph, count: 4))</p><p>Second paragraph with <b>bold</b> words.</p></article>
            <footer>© Example</footer><script>alert(1)</script></body></html>
            """
        let article = try ArticleReader.article(html: Data(html.utf8), url: try #require(URL(string: "https://blog.example/post")))
        #expect(article.url == "https://blog.example/post")
        #expect(article.paragraphs.contains { $0.hasPrefix("Swift’s concurrency model") })
        #expect(article.paragraphs.contains("Second paragraph with bold words."))
        #expect(!article.paragraphs.contains { $0.contains("Home") || $0.contains("alert") || $0.contains("© Example") })
        #expect(article.wordCount > 60)
    }

    @Test(arguments: [Data(), Data([0xFF, 0xFE, 0x00])])
    func emptyOrBinaryPagesAreReportedNotCrashed(body: Data) throws {
        let url = try #require(URL(string: "https://x.example"))
        do {
            let article = try ArticleReader.article(html: body, url: url)
            #expect(article.paragraphs.isEmpty)
        } catch let error as ArticleReader.ReadError {
            #expect(error == .unparsable)
        }
    }

    @Test func internalAddressesAreRefusedBeforeAnyRequest() async throws {
        let loopback = try #require(NetworkAddress("127.0.0.1"))
        let reader = ArticleReader(fetcher: PageFetcher(resolve: { _ in [loopback] }))
        await #expect(throws: FetchError.blockedAddress(host: "intranet.example")) {
            _ = try await reader.read("http://intranet.example/page")
        }
        await #expect(throws: FetchError.self) { _ = try await reader.read("ftp://x.example/") }
    }
}
