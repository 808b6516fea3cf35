import Foundation
import MarksCore
import Testing
@testable import MarksBookmarks

/// With the linkding server unreachable, reads come from the local copy and say so; with it reachable, reads that
/// depend on the copy refresh it first.
@Suite struct LibraryOfflineTests {
    /// A library on the linkding side with three live bookmarks (one unread, one tagged) and one archived, synced.
    func syncedLibrary() async throws -> (LibraryFixture, Date) {
        let f = try LibraryFixture(.linkding)
        try f.add("https://example.com/one", title: "One swift thing", unread: true)
        try f.add("https://example.com/two", title: "Two", tags: ["docs"])
        try f.add("https://example.com/three", title: "Three")
        try f.add("https://example.com/old", title: "Old swift", archived: true)
        let syncedAt = f.clock.date
        _ = try await f.library.sync()
        f.clock.advance(3600)
        return (f, syncedAt)
    }

    @Test func listsComeFromTheCopyWhenTheServerCannotBeReached() async throws {
        let (f, syncedAt) = try await syncedLibrary()
        f.server.failAfter(0)
        let all = try await f.library.loadOrCopy(LibraryFilter())
        #expect(all.offline?.syncedAt == syncedAt)
        #expect(all.offline?.reason.contains("linkding.test") == true)
        #expect(all.value.bookmarks.map(\.title) == ["Three", "Two", "One swift thing"])
        #expect(all.value.count == 3 && all.value.next == nil)
        #expect(try await f.library.loadOrCopy(LibraryFilter(tag: "docs")).value.bookmarks.map(\.title) == ["Two"])
        #expect(try await f.library.loadOrCopy(LibraryFilter(unreadOnly: true)).value.bookmarks.map(\.title) == ["One swift thing"])
        #expect(try await f.library.loadOrCopy(LibraryFilter(search: "SWIFT")).value.bookmarks.map(\.title) == ["One swift thing"])
        #expect(try await f.library.loadOrCopy(LibraryFilter(search: "swift", archived: true)).value.bookmarks.map(\.title) == ["Old swift"])
        #expect(try await f.library.loadOrCopy(LibraryFilter(search: "(unclosed")).value.bookmarks.isEmpty)
        let limited = try await f.library.loadOrCopy(LibraryFilter(limit: 2)).value
        #expect(limited.bookmarks.count == 2 && limited.count == 3)
    }

    @Test func oneBookmarkComesFromTheCopyWhenTheServerCannotBeReached() async throws {
        let (f, syncedAt) = try await syncedLibrary()
        let id = try #require(try f.cache.bookmarks().first { $0.title == "Two" }).id
        f.server.failAfter(0)
        let read = try await f.library.bookmarkOrCopy(id: id)
        #expect(read.value.title == "Two" && read.value.tagNames == ["docs"])
        #expect(read.offline?.syncedAt == syncedAt)
        await #expect(throws: BookmarkSourceError.self) { _ = try await f.library.bookmarkOrCopy(id: 987_654) }
    }

    @Test func aReachableServerIsReadAndSaysNothingOfACopy() async throws {
        let (f, _) = try await syncedLibrary()
        try f.add("https://example.com/four", title: "Four")
        let read = try await f.library.loadOrCopy(LibraryFilter())
        #expect(read.offline == nil)
        #expect(read.value.bookmarks.first?.title == "Four")
    }

    @Test func withNothingCachedAnUnreachableServerIsStillAnError() async throws {
        let f = try LibraryFixture(.linkding)
        try f.add("https://example.com/one", title: "One")
        f.server.failAfter(0)
        await #expect(throws: BookmarkSourceError.self) { _ = try await f.library.loadOrCopy(LibraryFilter()) }
        await #expect(throws: BookmarkSourceError.self) { _ = try await f.library.refreshedTagCounts() }
    }

    @Test func tagCountsAreRefreshedFromTheServerFirst() async throws {
        let (f, _) = try await syncedLibrary()
        try f.add("https://example.com/new", title: "New", tags: ["fresh"])
        let read = try await f.library.refreshedTagCounts()
        #expect(read.offline == nil)
        #expect(read.value.map(\.name).contains("fresh"))
        f.server.failAfter(0)
        let offline = try await f.library.refreshedTagCounts()
        #expect(offline.offline != nil)
        #expect(Set(offline.value.map(\.name)) == ["docs", "fresh"])
    }

    @Test func refreshRewritesTheWidgetDataFromTheServer() async throws {
        let (f, _) = try await syncedLibrary()
        try f.add("https://example.com/latest", title: "Latest")
        #expect(try await f.library.refresh() == nil)
        let widget = try WidgetDataStore(directory: f.dir.url).loadBookmarks()
        #expect(widget.recent.first?.title == "Latest")
        f.server.failAfter(0)
        #expect(try await f.library.refresh() != nil)
    }

    @Test(arguments: [BookmarkSourceError.unreachable(host: "h", reason: "r"), .timeout(seconds: 30),
                      .server(status: 502, message: "Bad Gateway"), .server(status: 503, message: ""), .server(status: 504, message: "")])
    func unavailableMeansTheServerIsNotThere(_ error: BookmarkSourceError) {
        #expect(LibraryService.isUnavailable(error))
    }

    @Test(arguments: [BookmarkSourceError.unauthorized, .notFound, .invalid(["url": ["Enter a valid URL."]]),
                      .server(status: 500, message: "boom"), .notLinkding("html")])
    func otherFailuresAreNotOffline(_ error: BookmarkSourceError) {
        #expect(!LibraryService.isUnavailable(error))
    }
}
