import Foundation
import MarksCore
import Testing
@testable import MarksStorage

/// The whole lists the library reads from the store instead of keeping a copy (issue 36).
@Suite struct BookmarkStoreWholeListTests {
    /// Five bookmarks a second apart, the fourth archived, the second trashed; two share a date (ties: higher id first).
    private func fixture() throws -> (StoreFixture, [Bookmark]) {
        let f = try StoreFixture()
        var made: [Bookmark] = []
        made.append(try f.add("https://a.example", title: "A", tags: ["Swift", "web"]))
        made.append(try f.add("https://b.example", title: "B", tags: ["web"]))
        made.append(try f.add("https://c.example", title: "C"))
        made.append(try f.add("https://d.example", title: "D", tags: ["old"], archived: true))
        f.clock.advance(-1)
        made.append(try f.add("https://e.example", title: "E", tags: ["Swift"]))
        try f.store.delete(id: made[1].id)
        return (f, made)
    }

    @Test func bookmarksComeNewestFirstWithTiesByIDAndALimit() throws {
        let (f, made) = try fixture()
        let live = try f.store.bookmarksNewestFirst(archived: false)
        #expect(live.map(\.id) == [made[4].id, made[2].id, made[0].id])
        #expect(live == (try f.store.bookmarks(ids: live.map(\.id))))
        #expect(try f.store.bookmarksNewestFirst(archived: false, limit: 2).map(\.id) == [made[4].id, made[2].id])
        #expect(try f.store.bookmarksNewestFirst(archived: true).map(\.id) == [made[3].id])
        #expect(try f.store.bookmarksNewestFirst(archived: nil).map(\.id) == [made[4].id, made[3].id, made[2].id, made[0].id])
        #expect(try f.store.idsNewestFirst(archived: false) == [made[4].id, made[2].id, made[0].id])
    }

    @Test func urlsComeLiveFirstThenArchived() throws {
        let (f, _) = try fixture()
        #expect(try f.store.urlsNewestFirst(archived: nil) == ["https://e.example", "https://c.example", "https://a.example", "https://d.example"])
        #expect(try f.store.urlsNewestFirst(archived: true) == ["https://d.example"])
    }

    @Test func tagNamesArePerBookmarkNewestFirstAndSorted() throws {
        let (f, made) = try fixture()
        let live = try f.store.tagNamesNewestFirst(archived: false)
        #expect(live.map(\.id) == [made[4].id, made[2].id, made[0].id])
        #expect(live.map(\.tags) == [["Swift"], [], ["Swift", "web"]])
        let archived = try f.store.tagNamesNewestFirst(archived: true)
        #expect(archived.map(\.id) == [made[3].id])
        #expect(archived.map(\.tags) == [["old"]])
    }
}
