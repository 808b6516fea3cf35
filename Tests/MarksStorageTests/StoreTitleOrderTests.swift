import Foundation
import MarksCore
import SQLiteDatabase
import Testing
@testable import MarksStorage

/// The title sort (issue 36 item 8: 146 ms at 100k bookmarks, every title sorted) walks migration 7's index, whose
/// key is the list's own ORDER BY expression: the order is unchanged — the title, else the URL, ASCII-lower-cased,
/// compared as bytes, ties broken by id in the sort's direction — and SQLite no longer sorts.
@Suite struct StoreTitleOrderTests {
    /// Titles with mixed case, empty ones (the URL sorts then), non-ASCII ones (not folded) and ties.
    private static func fill(_ f: StoreFixture) throws {
        let titles = ["banana", "Apple", "apple", "", "Zebra", "éclair", "Éclair", "cherry pie", "Cherry", "apple", "", "mango"]
        for index in 0..<120 {
            _ = try f.add("https://\(["b", "a", "z"][index % 3])site.example/\(index)", title: titles[index % titles.count],
                          tags: index % 2 == 0 ? ["even"] : ["odd"], unread: index % 3 == 0, archived: index % 7 == 0)
        }
    }

    /// The order the list promises, computed here from the bookmarks themselves.
    private static func expected(_ bookmarks: [Bookmark], ascending: Bool) -> [Int] {
        func key(_ b: Bookmark) -> [UInt8] {
            Array((b.title.isEmpty ? b.url : b.title).utf8).map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }
        }
        return bookmarks.sorted { l, r in
            let (a, b) = (key(l), key(r))
            if a != b { return ascending ? a.lexicographicallyPrecedes(b) : b.lexicographicallyPrecedes(a) }
            return ascending ? l.id < r.id : r.id < l.id
        }.map(\.id)
    }

    @Test(arguments: [BookmarkSort.titleAsc, .titleDesc])
    func titleSortedListsKeepTheirOrderAndCounts(sort: BookmarkSort) throws {
        let f = try StoreFixture()
        try Self.fill(f)
        let all = try f.store.list(BookmarkListQuery(limit: 1_000)).results + f.store.list(BookmarkListQuery(limit: 1_000, archived: true)).results
        let ascending = sort == .titleAsc
        let cases: [(String, Bool?, Bool, (Bookmark) -> Bool)] = [
            ("", nil, false, { !$0.isArchived }),
            ("", true, false, { !$0.isArchived && $0.unread }),
            ("", nil, true, { $0.isArchived }),
            ("#even", nil, false, { !$0.isArchived && $0.tagNames == ["even"] }),
            ("apple", nil, false, { !$0.isArchived && $0.title.lowercased().contains("apple") }),
        ]
        for (search, unread, archived, keep) in cases {
            let want = Self.expected(all.filter(keep), ascending: ascending)
            for (limit, offset) in [(1, 0), (5, 0), (7, 20), (100, 0), (10, 95)] {
                let query = BookmarkListQuery(search: search, limit: limit, offset: offset, archived: archived, unread: unread, sort: sort)
                let page = try f.store.list(query)
                #expect(page.count == want.count, "\(search) \(String(describing: unread)) \(archived)")
                #expect(page.results.map(\.id) == Array(want.dropFirst(offset).prefix(limit)),
                        "\(search) \(String(describing: unread)) \(archived) \(limit) \(offset)")
            }
        }
    }

    @Test(arguments: [BookmarkSort.titleAsc, .titleDesc])
    func theTitleSortedPageIsReadFromTheTitleIndexWithoutASort(sort: BookmarkSort) throws {
        let f = try StoreFixture()
        for filter in ["", " AND b.unread = 1"] {
            let details = try Database(path: f.path).read { db in
                try db.query("""
                    EXPLAIN QUERY PLAN SELECT b.id FROM store_bookmarks b WHERE \(BookmarkScope.unarchived.condition)\(filter)
                    ORDER BY \(BookmarkListRunner.order(sort)) LIMIT 50
                    """).map { try $0.string(at: 3) }
            }
            #expect(details.contains { $0.contains("INDEX \(StoreSchema.titleIndex)") }, "\(details)")
            #expect(!details.contains { $0.contains("TEMP B-TREE") }, "\(details)")
        }
    }

    @Test func aStoreMadeBeforeTheTitleIndexUpgradesAndSortsTheSame() throws {
        let f = try StoreFixture()
        let path = f.directory + "/before-title.sqlite"
        do {
            let database = try Database(path: path)
            try database.define(WordTerms.function)  // the word index's triggers call it
            try database.migrate(namespace: StoreSchema.namespace, Array(StoreSchema.migrations.prefix(6)))
            try database.write { db in
                for (i, title) in ["b", "A", "", "a", "C"].enumerated() {
                    try db.run("""
                        INSERT INTO store_bookmarks (url, url_normalized, title, date_added, date_modified) VALUES (?, ?, ?, 1, 1)
                        """, [SQLValue("https://\(["z", "y", "b", "x", "w"][i]).example"), SQLValue("k\(i)"), SQLValue(title)])
                }
            }
        }
        let store = try BookmarkStore(path: path, now: { Date() })
        // A and a tie on the key (ids 2 then 4), then b, C, and the untitled one's URL (https://b.example).
        #expect(try store.list(BookmarkListQuery(sort: .titleAsc)).results.map(\.id) == [2, 4, 1, 5, 3])
        #expect(try store.list(BookmarkListQuery(sort: .titleDesc)).results.map(\.id) == [3, 5, 1, 4, 2])
    }
}
