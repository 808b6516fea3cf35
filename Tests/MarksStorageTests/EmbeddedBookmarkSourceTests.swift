import Foundation
import MarksCore
import Synchronization
import Testing
@testable import MarksStorage

@Suite struct EmbeddedBookmarkSourceTests {
    /// The URLs the metadata closure was asked for.
    final class FetchLog: Sendable {
        let urls = Mutex<[String]>([])
    }

    private static func source(_ f: StoreFixture, fetches: FetchLog? = nil) -> EmbeddedBookmarkSource {
        EmbeddedBookmarkSource(store: f.store, baseURL: "http://127.0.0.1:8080/") { url in
            fetches?.urls.withLock { $0.append(url) }
            return BookmarkCheck.Metadata(url: "ignored", title: "Fetched title", description: "Fetched description")
        }
    }

    @Test func followingNextLinksVisitsEveryBookmarkOnce() async throws {
        let f = try StoreFixture()
        var expected: [Int] = []
        for index in 0..<7 { expected.insert(try f.add("https://\(index).example", title: "c++ item").id, at: 0) }
        let source = Self.source(f)
        var page = try await source.list(BookmarkListQuery(search: "c++", limit: 3))
        #expect(page.previous == nil)
        #expect(page.next == "http://127.0.0.1:8080/api/bookmarks/?limit=3&offset=3&q=c%2B%2B")
        var seen = page.results.map(\.id)
        while let next = page.next {
            page = try await source.page(at: next)
            seen += page.results.map(\.id)
        }
        #expect(seen == expected)
        #expect(page.count == 7)
        #expect(page.previous == "http://127.0.0.1:8080/api/bookmarks/?limit=3&offset=3&q=c%2B%2B")
    }

    @Test func previousLinkDropsAnOffsetOfZero() async throws {
        let f = try StoreFixture()
        for index in 0..<5 { try f.add("https://\(index).example") }
        let page = try await Self.source(f).list(BookmarkListQuery(limit: 2, offset: 2, sort: .titleAsc))
        #expect(page.previous == "http://127.0.0.1:8080/api/bookmarks/?limit=2&sort=title_asc")
        #expect(page.next == "http://127.0.0.1:8080/api/bookmarks/?limit=2&offset=4&sort=title_asc")
    }

    @Test func archivedAndSharedLinksKeepTheirScope() async throws {
        let f = try StoreFixture()
        for index in 0..<3 { try f.add("https://\(index).example", shared: true, archived: true) }
        let source = Self.source(f)
        let archived = try await source.list(BookmarkListQuery(limit: 1, archived: true))
        let next = try #require(archived.next)
        #expect(next.hasPrefix("http://127.0.0.1:8080/api/bookmarks/archived/?"))
        #expect(try await source.page(at: next).results.count == 1)
        let shared = try source.page(BookmarkListQuery(limit: 2), scope: .shared)
        #expect(shared.count == 3)
        #expect(try await source.page(at: try #require(shared.next)).results.count == 1)
    }

    @Test func checkFindsTheBookmarkByNormalisedURLAndEchoesTheInput() async throws {
        let f = try StoreFixture()
        let b = try f.add("https://example.com/a/?y=2&x=1")
        try f.store.archive(id: b.id)
        let check = try await Self.source(f).check(url: "HTTPS://example.com/a?x=1&y=2")
        #expect(check.bookmark?.id == b.id && check.bookmark?.isArchived == true)
        #expect(check.metadata.url == "HTTPS://example.com/a?x=1&y=2" && check.metadata.title == "Fetched title")
        #expect(check.autoTags == [])
        #expect(try await Self.source(f).check(url: "https://other.example").bookmark == nil)
    }

    @Test func createScrapesOnlyWhenAskedAndNeeded() async throws {
        let f = try StoreFixture()
        let fetches = FetchLog()
        let source = Self.source(f, fetches: fetches)
        let scraped = try await source.create(BookmarkDraft(url: "https://a.example"), scrape: true)
        #expect(scraped.title == "Fetched title" && scraped.description == "Fetched description")
        let plain = try await source.create(BookmarkDraft(url: "https://b.example"), scrape: false)
        #expect(plain.title == "" && plain.description == "")
        _ = try await source.create(BookmarkDraft(url: "https://c.example", title: "t", description: "d"), scrape: true)
        #expect(fetches.urls.withLock { $0 } == ["https://a.example"])
    }

    @Test func storeErrorsBecomeTheSeamsErrors() async throws {
        let f = try StoreFixture()
        let source = Self.source(f)
        await #expect(throws: BookmarkSourceError.notFound) { try await source.bookmark(id: 5) }
        await #expect(throws: BookmarkSourceError.notFound) { try await source.archive(id: 5) }
        await #expect(throws: BookmarkSourceError.invalid(["url": ["Enter a valid URL."]])) {
            try await source.create(BookmarkDraft(url: "nope"), scrape: false)
        }
    }

    @Test func writesThroughTheSeam() async throws {
        let f = try StoreFixture()
        let source = Self.source(f)
        let b = try await source.create(BookmarkDraft(url: "https://a.example", tagNames: ["t"]), scrape: false)
        #expect(try await source.update(id: b.id, BookmarkUpdate(title: "x")).title == "x")
        try await source.archive(id: b.id)
        #expect(try await source.bookmark(id: b.id).isArchived)
        try await source.unarchive(id: b.id)
        let tags = try await source.tags(limit: 10, offset: 0)
        #expect(tags.count == 1 && tags.next == nil && tags.results.map(\.name) == ["t"])
        try await source.delete(id: b.id)
        await #expect(throws: BookmarkSourceError.notFound) { try await source.bookmark(id: b.id) }
        #expect(try await source.health() == ServerHealth(version: "1.46.2", status: "healthy"))
    }

    @Test func pageLinksEncodeAndParseLikeDjango() {
        #expect(PageLinks.encode("a b+c/é&=") == "a+b%2Bc%2F%C3%A9%26%3D")
        let parsed = PageLinks.parse("https://host:1/prefix/api/bookmarks/?q=a+b%2Bc&limit=5&flag#frag")
        #expect(parsed.path == "/prefix/api/bookmarks/")
        #expect(parsed.parameters.map(\.0) == ["q", "limit", "flag"])
        #expect(parsed.parameters.map(\.1) == ["a b+c", "5", ""])
        #expect(PageLinks.parse("/api/tags/").parameters.isEmpty)
        #expect(PageLinks.parse("%zz?q=%zz").parameters.map(\.1) == ["%zz"])
    }
}
