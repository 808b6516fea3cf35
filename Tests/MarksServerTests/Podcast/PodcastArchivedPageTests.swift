import Foundation
import HTTPServer
import MarksCore
import MarksFetch
import MarksReading
import MarksTestSupport
import SQLiteDatabase
import Testing
@testable import MarksServer

/// A podcast of a page the page-text archive keeps is made from the kept text, as the reader reads it: with the
/// site gone (or page fetching off) the episode is still made, headings and all. Before, podcasts always fetched.
@Suite struct PodcastArchivedPageTests {
    @Test func anArchivedPageIsReadAloudWithTheSiteGone() async throws {
        let site = try LiveServer { _, _ in
            HTTPResponse(status: 200, headers: ["Content-Type": "text/html; charset=utf-8"], body: .bytes(Data("""
                <html><head><title>Heron migration</title></head><body><article><h1>Heron migration</h1>
                <p>Grey herons leave the northern lakes in October and fly south along the river valleys.</p>
                <h2>Nesting</h2><p>They nest in tall reeds and return to the same colony every spring.</p></article></body></html>
                """.utf8)))
        }
        let directory = try TemporaryDirectory(prefix: "marks-podcast-archived")
        defer { directory.cleanUp() }
        let fetcher = PageFetcher(policy: FetchPolicy(timeout: .seconds(60), connectTimeout: .seconds(30), allowInternalAddresses: true))
        let archive = try PageArchive(database: try Database(path: directory.file("marks.sqlite").path), fetcher: fetcher, now: { Date() })
        let page = try #require(URL(string: site.baseURL.absoluteString + "/herons"))
        _ = try await archive.article(for: page.absoluteString)
        await site.stop()

        await #expect(throws: (any Error).self, "the site is gone") { try await PodcastPages.read(page, fetcher: fetcher) }
        let source = try await PodcastPages.read(page, archive: archive, fetcher: fetcher)
        #expect(source.title == "Heron migration")
        #expect(source.blocks.contains(.heading(level: 2, text: "Nesting")))
        #expect(source.blocks.contains(.paragraph("They nest in tall reeds and return to the same colony every spring.")))
        #expect(site.requests.count == 1, "fetched once, by the archive")
    }

    @Test func aPageTheArchiveDoesNotKeepIsFetched() async throws {
        let site = try LiveServer { _, _ in
            HTTPResponse(status: 200, headers: ["Content-Type": "text/plain; charset=utf-8"], body: .bytes(Data("Plain words for the ear.".utf8)))
        }
        defer { Task { await site.stop() } }
        let directory = try TemporaryDirectory(prefix: "marks-podcast-unarchived")
        defer { directory.cleanUp() }
        let fetcher = PageFetcher(policy: FetchPolicy(timeout: .seconds(60), connectTimeout: .seconds(30), allowInternalAddresses: true))
        let archive = try PageArchive(database: try Database(path: directory.file("marks.sqlite").path), fetcher: fetcher, now: { Date() })
        let page = try #require(URL(string: site.baseURL.absoluteString + "/notes.txt"))
        let source = try await PodcastPages.read(page, archive: archive, fetcher: fetcher)
        #expect(source.blocks == [.paragraph("Plain words for the ear.")])
    }
}
