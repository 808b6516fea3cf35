import Foundation
import MarksCore
import SQLiteDatabase
import Testing
@testable import MarksStorage

/// The plain list's page comes from a date index in list order (date, then id), so neither the first page nor a deep
/// offset sorts: a sort would read every row of the scope before the first one is returned.
@Suite struct StoreListPlanTests {
    static let sorts: [BookmarkSort] = [.addedDesc, .addedAsc, .modifiedDesc, .modifiedAsc]

    @Test(arguments: sorts)
    func thePlainListPageIsReadInIndexOrderWithoutASort(sort: BookmarkSort) throws {
        let f = try StoreFixture()
        let details = try Self.plan(f.path, sort: sort, filter: "")
        #expect(details.contains { $0.contains("COVERING INDEX store_bookmarks_") }, "\(details)")
        #expect(!details.contains { $0.contains("TEMP B-TREE") }, "\(details)")
        let unread = try Self.plan(f.path, sort: sort, filter: " AND b.unread = 1")
        #expect(!unread.contains { $0.contains("TEMP B-TREE") }, "\(unread)")
    }

    @Test func aStoreMadeBeforeTheListOrderIndexesUpgradesAndListsInOrder() throws {
        let f = try StoreFixture()
        let path = f.directory + "/before-order.sqlite"
        do {
            let database = try Database(path: path)
            try database.migrate(namespace: StoreSchema.namespace, Array(StoreSchema.migrations.prefix(3)))
            try database.write { db in
                // Equal dates: only the id tells the order.
                for i in 0..<30 {
                    try db.run("""
                        INSERT INTO store_bookmarks (url, url_normalized, date_added, date_modified) VALUES (?, ?, ?, 7)
                        """, [SQLValue("https://old\(i).example"), SQLValue("old\(i).example"), SQLValue(i / 10)])
                }
            }
            #expect(try Self.plan(path, sort: .addedDesc, filter: "").contains { $0.contains("TEMP B-TREE") })
        }
        let store = try BookmarkStore(path: path, now: { Date() })
        #expect(!(try Self.plan(path, sort: .addedDesc, filter: "").contains { $0.contains("TEMP B-TREE") }))
        let newest = try store.list(BookmarkListQuery(limit: 5, offset: 8)).results.map(\.id)
        #expect(newest == [22, 21, 20, 19, 18])
        let oldest = try store.list(BookmarkListQuery(limit: 4, offset: 12, sort: .modifiedAsc)).results.map(\.id)
        #expect(oldest == [13, 14, 15, 16])
        #expect(try store.list(BookmarkListQuery(limit: 1)).count == 30)
    }

    /// The details of `EXPLAIN QUERY PLAN` for the plain list's page query (as `BookmarkListRunner` builds it).
    private static func plan(_ path: String, sort: BookmarkSort, filter: String) throws -> [String] {
        let database = try Database(path: path)
        return try database.read { db in
            try db.query("""
                EXPLAIN QUERY PLAN SELECT b.id FROM store_bookmarks b WHERE \(BookmarkScope.unarchived.condition)\(filter)
                ORDER BY \(BookmarkListRunner.order(sort)) LIMIT 100 OFFSET 50000
                """).map { try $0.string(at: 3) }
        }
    }
}
