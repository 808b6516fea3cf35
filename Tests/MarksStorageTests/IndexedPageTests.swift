import MarksTestSupport
import Foundation
import MarksCore
import Testing
@testable import MarksStorage

@Suite struct IndexedPageTests {
    /// Every way a page is made — a walk checking rows, a walk over read ids, keys sorted here, SQLite's sort, set
    /// algebra — gives the page and count of linkding's LIKE scan, at small and large limits and offsets.
    @Test func everyWayToAPageAgreesWithTheScan() throws {
        let f = try StoreFixture()
        let words = ["apple", "banana", "cherry", "pineapple", "grape"]
        for index in 0..<300 {
            _ = try f.add("https://fruit.example/\(index)", title: "\(words[index % 5]) \(words[index % 7 % 5]) \(index)",
                          tags: index % 3 == 0 ? ["tree"] : [], unread: index % 4 == 0, archived: index % 11 == 0)
        }
        let queries = ["apple", "apple and #tree", "#tree and not banana", "cherry or grape", "\"apple 1\"", "apple and !unread",
                       "pineapple and #tree and not grape", "e", "\"apple ap\"", ""]
        for search in queries {
            for (limit, offset) in [(1, 0), (5, 0), (5, 40), (20, 100), (100, 0), (1_000, 0)] {
                for sort in [BookmarkSort.addedDesc, .addedAsc, .titleAsc, .modifiedDesc] {
                    for scope in [BookmarkScope.unarchived, .archived, .shared] {
                        let query = BookmarkListQuery(search: search, limit: limit, offset: offset, sort: sort)
                        #expect(try f.store.list(query, scope: scope) == f.store.scanList(query, scope: scope),
                                "\(search) \(limit) \(offset) \(sort) \(scope)")
                    }
                }
            }
        }
    }
}
