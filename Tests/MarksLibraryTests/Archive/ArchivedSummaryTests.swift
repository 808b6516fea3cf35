import Foundation
import MarksBookmarks
import MarksCore
import MarksEngine
import MarksFetch
import MarksReading
import MarksTestSupport
import Testing

/// A bookmark with archived text is summarised from that text (issue 36 item 6): the archive gives enrichment the
/// article's prose — no headings, no code, no "¶" — and the live service reads it without fetching the page again.
@Suite struct ArchivedSummaryTests {
    @Test func theArchivedTextReadsAsProse() async throws {
        let site = try ArchiveSite()
        let archive = try site.archive()
        _ = try await archive.article(for: site.url("/docs"))
        let page = try #require(try archive.readablePage(url: site.url("/docs")))
        #expect(page.title == "Logging in small programs — Example docs" || page.title == SphinxArticle.title)
        #expect(page.text.contains(SphinxArticle.highlightedSentence), "a sentence across inline code and a link is one sentence")
        #expect(!page.text.contains("¶"))
        #expect(!page.text.contains("import logging") && !page.text.contains("RotatingFileHandler(\""), "code blocks are left out")
        #expect(!page.text.contains("Choosing a level"), "headings are left out")
        #expect(!page.text.contains("Table of contents") && !page.text.contains("Copyright"))
        #expect(try archive.readablePage(url: site.url("/never-fetched")) == nil)
    }

    @Test func enrichmentSummarisesTheArchivedTextWithThePageGone() async throws {
        let site = try ArchiveSite()
        let archive = try site.archive()
        let url = site.url("/docs")
        _ = try await archive.article(for: url)
        await site.server.stop()  // only the archive has the text now
        let fixture = try LibraryFixture(.embedded)
        let saved = try fixture.add(url, title: "Logging notes", notes: "Notes on logging. Read later.")
        let config = MarksConfig()
        let engine = try ConfiguredEngine(config: config, environment: [:], embedder: TestEmbedder())
        let service = EnrichmentService.live(library: fixture.library, config: config, local: engine, fetcher: site.fetcher(),
                                             dataDirectory: fixture.dir.url, appVersion: "test",
                                             archivedPage: { try archive.readablePage(url: $0) })
        let outcome = try await service.enrich(id: saved.id)
        #expect(!outcome.fromTitleOnly)
        let text = try #require(try archive.readablePage(url: url)).text
        let sentences = SentenceSplitter().split(text).filter(outcome.summary.contains)
        #expect(sentences.count >= 2, "several sentences of the archived text: \(outcome.summary)")
        #expect(sentences.joined(separator: " ") == outcome.summary)
        #expect(try await fixture.library.bookmark(id: saved.id).distinctAISummary == outcome.summary, "labelled as the AI summary it is")
        #expect(site.hits("/docs") == 1, "the page was fetched once, by the archive")
    }
}
