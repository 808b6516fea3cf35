import Foundation
import Testing
@testable import HTMLExtraction

@Suite struct PerformanceTests {
    /// A typical article page parses and yields metadata, links and readable text in a few ms
    /// (release: see the report; this debug-build bound only catches gross regressions).
    @Test func typicalPageIsFast() throws {
        let data = try Fixture.data("news-article.html")
        let url = URL(string: "https://ledger.example.com/news/library")
        let rounds = 50
        let clock = ContinuousClock()
        let elapsed = try clock.measure {
            for _ in 0..<rounds {
                let page = try HTMLDocument(html: data, url: url)
                _ = page.metadata
                _ = page.links
                _ = page.readableText()
            }
        }
        let perPage = elapsed / rounds
        #expect(perPage < .milliseconds(50))
    }
}
