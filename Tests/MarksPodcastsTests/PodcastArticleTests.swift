import Foundation
import MarksCore
import MarksPodcasts
import Testing

@Suite struct PodcastArticleTests {
    @Test func keepsTheArticlesStructure() throws {
        let html = """
            <!doctype html><html lang="en-GB"><head><title>Field notes | Site</title></head><body>
            <nav><a href="/">Home</a></nav>
            <article><h1>Field notes</h1>
            <p>The first paragraph is long enough to count as the article's real text, with a footnote.<sup>3</sup></p>
            <h2>Tools</h2>
            <ul><li>A hammer for the nails in the old shed</li><li>A saw for the planks of the fence</li></ul>
            <blockquote><p>Measure twice and cut once, as the carpenters say.</p></blockquote>
            <pre><code>let x = 1</code></pre>
            <table><caption>Costs</caption><tr><th>Item</th></tr><tr><td>Nails</td></tr></table>
            <h3>Care</h3><p>Oil the blades after use so they do not rust in the damp.</p>
            </article><footer>Copyright</footer></body></html>
            """
        let source = try PodcastArticle.source(html: Data(html.utf8), url: try #require(URL(string: "https://www.example.org/notes")))
        #expect(source.title == "Field notes")
        #expect(source.language == "en-GB")
        #expect(source.origin == .article(site: "example.org"))
        #expect(source.blocks.contains(.heading(level: 2, text: "Tools")))
        #expect(source.blocks.contains(.heading(level: 3, text: "Care")))
        #expect(source.blocks.contains(.listItem("A hammer for the nails in the old shed")))
        #expect(source.blocks.contains(.quote("Measure twice and cut once, as the carpenters say.")))
        #expect(source.blocks.contains(.code("let x = 1")))
        #expect(source.blocks.contains(.table(rows: 2, caption: "Costs")))
        let first = try #require(source.blocks.first { if case .paragraph = $0 { true } else { false } })
        #expect(first == .paragraph("The first paragraph is long enough to count as the article's real text, with a footnote."))
        #expect(!source.blocks.contains { if case .paragraph(let text) = $0 { text.contains("Copyright") || text.contains("Home") } else { false } })
    }
}
