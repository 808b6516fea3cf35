import Foundation
import Testing
@testable import HTMLExtraction

@Suite struct LinksAndVisibleTextTests {
    @Test func linksInDocumentOrderResolvedAgainstBase() throws {
        let page = try HTMLDocument(html: Fixture.data("blog-post.html"))
        #expect(page.links.map(\.absoluteString) == [
            "https://blog.example.org/writing/recipes/basic-loaf",
            "https://blog.example.org/about",
            "https://other.example.net/x",
            "javascript:void(0)",
        ])
        #expect(page.anchors.first?.text == "basic recipe")
    }

    @Test func relativeLinksWithoutAnyBaseAreLeftOut() throws {
        let page = try HTMLDocument(html: "<a href='/x'>x</a><a href='https://example.com/y'>y</a><a>no href</a><a href='  '>blank</a>")
        #expect(page.links == [URL(string: "https://example.com/y")])
    }

    @Test func hrefWhitespaceAndNewlinesAreRemoved() throws {
        let page = try HTMLDocument(html: "<a href=' https://exa\nmple.com/p\tq '>x</a>")
        #expect(page.links == [URL(string: "https://example.com/pq")])
    }

    @Test func visibleTextSkipsHiddenThingsAndSeparatesBlocks() throws {
        let html = """
        <html><head><title>Not shown</title><style>p { color: red }</style></head>
        <body>
          <h1>Heading   one</h1>
          <p>First <b>bold</b>&nbsp;and <i>italic</i> text.</p>
          <script>var hidden = "script text";</script>
          <noscript>Enable JavaScript</noscript>
          <template><p>template text</p></template>
          <div hidden>hidden attribute</div>
          <div style="display: none">display none</div>
          <ul><li>one</li><li>two</li></ul>
          <table><tr><td>cell a</td><td>cell b</td></tr></table>
          line<br>break
          <pre>pre line 1
        pre   line 2</pre>
          zero&#8203;width soft&shy;hyphen
        </body></html>
        """
        let page = try HTMLDocument(html: html)
        #expect(page.visibleText == """
        Heading one
        First bold and italic text.
        one
        two
        cell a cell b
        line
        break
        pre line 1
        pre line 2
        zerowidth softhyphen
        """)
    }

    @Test func newsArticleVisibleTextHasNoScriptsButKeepsFurniture() throws {
        let text = try HTMLDocument(html: Fixture.data("news-article.html")).visibleText
        #expect(!text.contains("tracking text"))
        #expect(!text.contains("position: fixed"))
        #expect(text.contains("We use cookies")) // a person does see the banner
        #expect(text.contains("eleven thousand books"))
    }
}
