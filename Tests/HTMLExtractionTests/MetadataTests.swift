import Foundation
import Testing
@testable import HTMLExtraction

@Suite struct MetadataTests {
    @Test func newsArticleMetadata() throws {
        let page = try HTMLDocument(html: Fixture.data("news-article.html"), url: URL(string: "https://ledger.example.com/news/2024/library?ref=rss"))
        let meta = page.metadata
        #expect(meta.title == "Harbour town opens a floating library | The Coastal Ledger")
        #expect(meta.description == "A converted ferry now lends books to three islands.")
        #expect(meta.siteName == "The Coastal Ledger")
        #expect(meta.author == "Mara Quill")
        #expect(meta.publishedTime == "2024-03-14T08:30:00Z")
        #expect(meta.keywords == ["libraries", "islands", "ferries"])
        #expect(meta.language == "en-GB")
        #expect(meta.ogTitle == nil)
        #expect(meta.bestTitle == meta.title)
        #expect(meta.bestDescription == meta.description)
        // No icon declared: the origin's /favicon.ico, without path, query or fragment.
        #expect(meta.faviconURLs == [URL(string: "https://ledger.example.com/favicon.ico")])
    }

    @Test func blogPostResolvesAgainstBaseAndOrdersIcons() throws {
        let page = try HTMLDocument(html: Fixture.string("blog-post.html"), url: URL(string: "https://elsewhere.example.com/feed/item"))
        let meta = page.metadata
        #expect(page.baseURL == URL(string: "https://blog.example.org/writing/"))
        #expect(meta.title == "Notes on slow bread")
        #expect(meta.ogTitle == "Notes on Slow Bread")
        #expect(meta.bestTitle == "Notes on Slow Bread")
        #expect(meta.ogDescription == "Why a three-day dough is worth the wait.")
        #expect(meta.bestDescription == "Why a three-day dough is worth the wait.")
        #expect(meta.description == "A plain description.")
        #expect(meta.siteName == "Crumb & Crust")
        #expect(meta.ogImage == URL(string: "https://blog.example.org/writing/images/loaf.jpg"))
        #expect(meta.canonicalURL == URL(string: "https://blog.example.org/writing/notes-on-slow-bread"))
        #expect(meta.language == "de")
        #expect(meta.faviconURLs.map(\.absoluteString) == [
            "https://blog.example.org/icon.svg", // scalable first
            "https://blog.example.org/touch.png", // apple-touch-icon counts as 180x180
            "https://blog.example.org/writing/icon-64.png",
            "https://blog.example.org/writing/favicon-16.png",
            "https://blog.example.org/favicon.ico", // no sizes: unknown, last
        ])
    }

    @Test func metaOnlyPage() throws {
        let page = try HTMLDocument(html: Fixture.data("meta-only.html"))
        let meta = page.metadata
        #expect(meta.title == nil)
        #expect(meta.ogTitle == "Only metadata here")
        #expect(meta.bestTitle == "Only metadata here")
        #expect(meta.bestDescription == "Nothing in the body at all.")
        #expect(meta.ogImage == URL(string: "https://cdn.example.com/card.png"))
        #expect(meta.language == "fr-CA")
        #expect(meta.author == nil) // article:author is a URL, not a name
        #expect(meta.faviconURLs.isEmpty) // no page URL, so no origin to fall back to
        #expect(page.visibleText == "")
        let readable = page.readableText()
        #expect(readable.paragraphs.isEmpty)
        #expect(readable.text == "")
        #expect(readable.wordCount == 0)
        #expect(readable.title == "Only metadata here")
        #expect(readable.language == "fr-CA")
    }

    @Test func firstNonEmptyValueWinsAndEntitiesDecode() throws {
        let html = """
        <title></title><title>Second &amp; real</title>
        <meta name="description" content="   "><meta name="DESCRIPTION" content="Kept &lt;b&gt;">
        <meta name="description" content="Ignored duplicate">
        <meta property="og:image:secure_url" content="//cdn.example.com/a.png">
        <link rel="ICON" href="  /i.png  ">
        """
        let meta = try HTMLDocument(html: html, url: URL(string: "http://example.com/x")).metadata
        #expect(meta.title == "Second & real")
        #expect(meta.description == "Kept <b>")
        #expect(meta.ogImage == URL(string: "http://cdn.example.com/a.png"))
        #expect(meta.faviconURLs == [URL(string: "http://example.com/i.png")])
    }

    @Test func metadataRoundTripsThroughJSON() throws {
        let meta = try HTMLDocument(html: Fixture.data("blog-post.html")).metadata
        let decoded = try JSONDecoder().decode(PageMetadata.self, from: JSONEncoder().encode(meta))
        #expect(decoded == meta)
    }

    @Test(arguments: [
        ("<base href='/sub/'>", "https://example.com/sub/a"),
        ("<base href='https://other.example/root/'>", "https://other.example/root/a"),
        ("<base target='_blank'><base href='x/'>", "https://example.com/dir/x/a"),
        ("<base href=''>", "https://example.com/dir/a"),
        ("", "https://example.com/dir/a"),
    ])
    func baseHrefIsHonoured(base: String, expected: String) throws {
        let page = try HTMLDocument(html: "<head>\(base)</head><body><a href='a'>A</a>", url: URL(string: "https://example.com/dir/page"))
        #expect(page.links.map(\.absoluteString) == [expected])
    }
}
