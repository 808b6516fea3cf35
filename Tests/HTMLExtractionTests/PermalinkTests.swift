import Foundation
import MarksTestSupport
import Testing
@testable import HTMLExtraction

/// The "¶" after Sphinx headings (`<a class="headerlink" href="#id">¶</a>`) and other heading permalinks are page
/// furniture: neither the structured article (reader, passages) nor the readable text (summaries) shows them,
/// while real links, in-page ones included, stay.
@Suite struct PermalinkTests {
    static let page = URL(string: "https://docs.example/howto/logging.html")!  // safe: a fixed literal

    private func text(_ content: ArticleContent) -> String {
        content.tokens.compactMap { if case .text(let text) = $0 { text } else { nil } }.joined()
    }

    @Test func aSphinxPageHasNoPilcrowInItsArticleOrText() throws {
        let document = try HTMLDocument(html: SphinxArticle.html, url: Self.page)
        let article = document.article()
        let articleText = text(article)
        #expect(!articleText.contains("¶"), "\(articleText)")
        #expect(articleText.contains("Configuring the root logger"))
        #expect(articleText.contains("logging.basicConfig()"))
        #expect(article.tokens.contains(.start(.h2, [])))
        let link = article.tokens.contains { token in
            if case .start(.a, let attributes) = token { attributes.first?.value == "https://docs.example/howto/logging.html#tutorial" } else { false }
        }
        #expect(link, "an in-page link with words stays a link")
        let readable = document.readableText()
        #expect(!readable.text.contains("¶"), "\(readable.text)")
        #expect(readable.text.contains("Choosing a level"))
    }

    @Test(arguments: [
        ##"<a class="headerlink" href="#x" title="Permalink to this headline">¶</a>"##,
        ##"<a class="anchorjs-link" href="#x" aria-label="Anchor"></a>"##,
        ##"<a class="header-anchor" href="#x">#</a>"##,
        ##"<a href="#x">§</a>"##,
        ##"<a href="#x"> 🔗 </a>"##,
        ##"<a href="#x" title="Permalink to this headline">link</a>"##,
        ##"<a class="hash-link" href="#x" aria-label="Direct link to Section one" title="Direct link to Section one">​</a>"##,
    ])
    func headingPermalinksAreDropped(anchor: String) throws {
        let filler = String(repeating: "This paragraph carries enough words, commas, and sentences to count as article text. ", count: 4)
        let html = "<html><body><article><h2>Section one\(anchor)</h2><p>\(filler)</p><p>See <a href=\"#x\">the first section</a> again.</p></article></body></html>"
        let article = try HTMLDocument(html: html, url: Self.page).article()
        let shown = text(article)
        #expect(shown.contains("Section one"))
        #expect(!shown.contains("¶") && !shown.contains("§") && !shown.contains("🔗") && !shown.contains("one#") && !shown.contains("link"), "\(shown)")
        #expect(shown.contains("See the first section again."), "an in-page link with words is kept")
    }
}
