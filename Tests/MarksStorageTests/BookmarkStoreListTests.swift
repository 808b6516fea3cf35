import Foundation
import MarksCore
import Testing
@testable import MarksStorage

@Suite struct BookmarkStoreListTests {
    @Test func unarchivedAndArchivedListsSplitTheBookmarks() throws {
        let f = try StoreFixture()
        let a = try f.add("https://a.example")
        let b = try f.add("https://b.example", archived: true)
        #expect(try f.ids() == [a.id])
        #expect(try f.ids(BookmarkListQuery(archived: true)) == [b.id])
    }

    @Test func unreadAndSharedFilters() throws {
        let f = try StoreFixture()
        let plain = try f.add("https://a.example")
        let unread = try f.add("https://b.example", unread: true)
        let shared = try f.add("https://c.example", shared: true)
        #expect(try f.ids(BookmarkListQuery(unread: true)) == [unread.id])
        #expect(try f.ids(BookmarkListQuery(unread: false)) == [shared.id, plain.id])
        #expect(try f.ids(BookmarkListQuery(shared: true)) == [shared.id])
        #expect(try f.ids(BookmarkListQuery(shared: false)) == [unread.id, plain.id])
    }

    @Test func sharedScopeListsSharedBookmarksArchivedOnesToo() throws {
        let f = try StoreFixture()
        let live = try f.add("https://a.example", shared: true)
        let archived = try f.add("https://b.example", shared: true, archived: true)
        try f.add("https://c.example")
        #expect(try f.store.list(BookmarkListQuery(), scope: .shared).results.map(\.id) == [archived.id, live.id])
    }

    @Test func sinceFiltersAreStrictlyAfter() throws {
        let f = try StoreFixture()
        let first = try f.add("https://a.example")
        let second = try f.add("https://b.example")
        #expect(try f.ids(BookmarkListQuery(addedSince: first.dateAdded)) == [second.id])
        #expect(try f.ids(BookmarkListQuery(modifiedSince: first.dateModified)) == [second.id])
        f.clock.advance()
        _ = try f.store.update(id: first.id, BookmarkUpdate(title: "touched"))
        #expect(try f.ids(BookmarkListQuery(modifiedSince: second.dateModified)) == [first.id])
        #expect(try f.ids(BookmarkListQuery(addedSince: second.dateAdded)) == [])
    }

    @Test func sortsByDates() throws {
        let f = try StoreFixture()
        let a = try f.add("https://a.example")
        let b = try f.add("https://b.example")
        let c = try f.add("https://c.example")
        _ = try f.store.update(id: a.id, BookmarkUpdate(notes: "touched"))
        #expect(try f.ids(BookmarkListQuery(sort: .addedDesc)) == [c.id, b.id, a.id])
        #expect(try f.ids(BookmarkListQuery(sort: .addedAsc)) == [a.id, b.id, c.id])
        #expect(try f.ids(BookmarkListQuery(sort: .modifiedDesc)) == [a.id, c.id, b.id])
        #expect(try f.ids(BookmarkListQuery(sort: .modifiedAsc)) == [b.id, c.id, a.id])
    }

    @Test func titleSortsUseTheTitleLowerCasedElseTheURL() throws {
        let f = try StoreFixture()
        let banana = try f.add("https://z.example", title: "banana")
        let apple = try f.add("https://y.example", title: "Apple")
        let noTitle = try f.add("https://b-untitled.example")
        let cherry = try f.add("https://a.example", title: "Cherry")
        #expect(try f.ids(BookmarkListQuery(sort: .titleAsc)) == [apple.id, banana.id, cherry.id, noTitle.id])
        #expect(try f.ids(BookmarkListQuery(sort: .titleDesc)) == [noTitle.id, cherry.id, banana.id, apple.id])
    }

    @Test func searchCombinesWithSortAndFilters() throws {
        let f = try StoreFixture()
        let b1 = try f.add("https://z.example", title: "swift b", unread: true)
        let b2 = try f.add("https://y.example", title: "swift a")
        try f.add("https://x.example", title: "rust")
        #expect(try f.ids(BookmarkListQuery(search: "swift", sort: .titleAsc)) == [b2.id, b1.id])
        #expect(try f.ids(BookmarkListQuery(search: "swift", unread: true)) == [b1.id])
    }

    @Test func pagesCountTheWholeListAndRunPastTheEnd() throws {
        let f = try StoreFixture()
        var ids: [Int] = []
        for index in 0..<7 { ids.insert(try f.add("https://\(index).example", title: "page item").id, at: 0) }
        for search in ["", "page"] {
            let first = try f.store.list(BookmarkListQuery(search: search, limit: 3))
            #expect(first.count == 7 && first.results.map(\.id) == Array(ids[0..<3]))
            let last = try f.store.list(BookmarkListQuery(search: search, limit: 3, offset: 6))
            #expect(last.count == 7 && last.results.map(\.id) == [ids[6]])
            let past = try f.store.list(BookmarkListQuery(search: search, limit: 3, offset: 50))
            #expect(past.count == 7 && past.results.isEmpty)
            #expect(try f.store.list(BookmarkListQuery(search: search, limit: 0)).results.count == 7)
            #expect(try f.store.list(BookmarkListQuery(search: search, limit: 2, offset: Int.max)).results.isEmpty)
        }
    }

    @Test func listedBookmarksCarryTheirTags() throws {
        let f = try StoreFixture()
        try f.add("https://a.example", tags: ["b", "a"])
        try f.add("https://b.example")
        let results = try f.store.list(BookmarkListQuery()).results
        #expect(results.map(\.tagNames) == [[], ["a", "b"]])
    }
}
