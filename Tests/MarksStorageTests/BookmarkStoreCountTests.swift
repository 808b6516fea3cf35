import Foundation
import MarksCore
import SQLiteDatabase
import Testing
@testable import MarksStorage

/// The counts the store keeps for its lists (`store_counts`): after every kind of change they equal a fresh
/// `count(*)` over the file, the lists report them, and a damaged or missing row is rebuilt, never believed.
@Suite struct BookmarkStoreCountTests {
    /// The counts as `count(*)` over the file's rows, through a connection of its own (not the store's code).
    private static func counted(_ path: String) throws -> BookmarkCounts {
        let db = try Connection(path: path, options: .init(readOnly: true))
        func count(_ sql: String) throws -> Int { try db.queryOne(sql).map { try $0.int(at: 0) } ?? -1 }
        return BookmarkCounts(
            unarchived: try count("SELECT count(*) FROM store_bookmarks WHERE is_archived = 0"),
            unarchivedUnread: try count("SELECT count(*) FROM store_bookmarks WHERE is_archived = 0 AND unread = 1"),
            archived: try count("SELECT count(*) FROM store_bookmarks WHERE is_archived = 1"),
            archivedUnread: try count("SELECT count(*) FROM store_bookmarks WHERE is_archived = 1 AND unread = 1"),
            trash: try count("SELECT count(*) FROM store_trash"))
    }

    /// The rows of `store_counts` as stored.
    private static func keptRows(_ path: String) throws -> [String: Int] {
        let db = try Connection(path: path, options: .init(readOnly: true))
        var rows: [String: Int] = [:]
        for row in try db.query("SELECT bucket, n FROM store_counts") { rows[try row.string(at: 0)] = try row.int(at: 1) }
        return rows
    }

    /// The maintained counts, the lists' counts (All, Unread, read, Archived, archived unread) and the trash's size
    /// all equal a fresh count.
    private static func expectExact(_ f: StoreFixture, _ step: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let fresh = try counted(f.path)
        let rows = try keptRows(f.path)
        let kept = BookmarkCounts(
            unarchived: (rows["unarchived.read"] ?? -1) + (rows["unarchived.unread"] ?? -1),
            unarchivedUnread: rows["unarchived.unread"] ?? -1,
            archived: (rows["archived.read"] ?? -1) + (rows["archived.unread"] ?? -1),
            archivedUnread: rows["archived.unread"] ?? -1, trash: rows["trash"] ?? -1)
        #expect(kept == fresh, "store_counts after \(step)", sourceLocation: sourceLocation)
        #expect(try f.store.counts() == fresh, "counts() after \(step)", sourceLocation: sourceLocation)
        let lists: [(BookmarkListQuery, Int)] = [
            (BookmarkListQuery(limit: 1), fresh.unarchived),
            (BookmarkListQuery(limit: 1, unread: true), fresh.unarchivedUnread),
            (BookmarkListQuery(limit: 1, unread: false), fresh.unarchived - fresh.unarchivedUnread),
            (BookmarkListQuery(limit: 1, archived: true), fresh.archived),
            (BookmarkListQuery(limit: 1, archived: true, unread: true), fresh.archivedUnread),
        ]
        for (query, expected) in lists {
            #expect(try f.store.list(query).count == expected, "list \(query) after \(step)", sourceLocation: sourceLocation)
        }
        #expect(try f.store.trashed().count == fresh.trash, "trash after \(step)", sourceLocation: sourceLocation)
    }

    @Test func everyWriteKeepsTheCountsEqualToAFreshCount() throws {
        let f = try StoreFixture()
        try Self.expectExact(f, "opening an empty store")
        let a = try f.add("https://example.com/a", title: "A", tags: ["x"], unread: true)
        let b = try f.add("https://example.com/b", title: "B", archived: true)
        let c = try f.add("https://example.com/c", title: "C", unread: true, archived: true)
        _ = try f.add("https://example.com/d", title: "D", shared: true)
        try Self.expectExact(f, "creates")
        _ = try f.store.create(BookmarkDraft(url: "https://example.com/a", title: "A again", unread: false))
        try Self.expectExact(f, "a create of a stored URL (an update of its unread flag)")
        _ = try f.store.update(id: a.id, BookmarkUpdate(unread: true))
        _ = try f.store.update(id: b.id, BookmarkUpdate(title: "B renamed"))
        try Self.expectExact(f, "updates of unread and of the title")
        _ = try f.store.update(id: b.id, BookmarkUpdate(isArchived: false, unread: true))
        _ = try f.store.replace(id: c.id, BookmarkUpdate(url: "https://example.com/c2", isArchived: false))
        try Self.expectExact(f, "unarchiving through update and replace")
        try f.store.archive(id: a.id)
        try f.store.archive(id: a.id)
        try f.store.unarchive(id: c.id)
        try Self.expectExact(f, "archive (twice) and unarchive")
        try f.store.delete(id: a.id)
        try f.store.delete(id: b.id)
        #expect(throws: BookmarkStoreError.notFound(kind: "Bookmark")) { try f.store.delete(id: a.id) }
        try Self.expectExact(f, "deletes to the trash (and a repeated one refused)")
        _ = try f.store.restore(id: a.id)
        try Self.expectExact(f, "a restore")
        try f.store.delete(id: a.id)
        try Self.expectExact(f, "the restored bookmark deleted again (its old trash row replaced)")
        try f.store.purgeTrashed(id: b.id)
        try Self.expectExact(f, "one purge")
        f.clock.advance(86_400)
        _ = try f.store.purgeTrash(deletedBefore: f.clock.date)
        try Self.expectExact(f, "a purge by age")
        let e = try f.add("https://example.com/e")
        try f.store.delete(id: e.id)
        _ = try f.store.purgeTrash(deletedBefore: nil)
        try Self.expectExact(f, "emptying the trash")
    }

    @Test func importsKeepTheCountsEqualToAFreshCount() throws {
        let f = try StoreFixture()
        _ = try f.add("https://example.com/kept", unread: false, archived: true)
        let entries = (0..<1_500).map {
            NetscapeEntry(url: "https://site\($0).example/", title: "Entry \($0)", tags: ["n\($0 % 5)"], unread: $0 % 3 == 0,
                          archived: $0 % 4 == 0)
        }
        _ = try f.store.importBookmarks(entries + [NetscapeEntry(url: "not a url"), NetscapeEntry(url: "https://site1.example/")])
        try Self.expectExact(f, "a large import with invalid and repeated entries")
        // Importing again updates every stored bookmark's unread flag and keeps its archive state.
        let again = (0..<1_500).map { NetscapeEntry(url: "https://site\($0).example/", unread: $0 % 2 == 0) }
        _ = try f.store.importBookmarks(again + [NetscapeEntry(url: "https://example.com/kept", unread: true)])
        try Self.expectExact(f, "an import over stored bookmarks")
    }

    @Test func aFailedWriteLeavesTheCountsAsTheRowsAre() throws {
        let f = try StoreFixture()
        let a = try f.add("https://example.com/a")
        _ = try f.add("https://example.com/b", unread: true)
        #expect(throws: BookmarkStoreError.self) { _ = try f.store.update(id: a.id, BookmarkUpdate(url: "https://example.com/b")) }
        try f.store.delete(id: a.id)
        _ = try f.add("https://example.com/a", unread: true)
        #expect(throws: BookmarkStoreError.invalid(["url": [BookmarkStore.restoreConflict]])) { try f.store.restore(id: a.id) }
        try Self.expectExact(f, "refused writes")
    }

    @Test func aStoreMadeBeforeTheCountsTableIsBackfilled() throws {
        let f = try StoreFixture()
        let path = f.directory + "/before-counts.sqlite"
        do {
            let database = try Database(path: path)
            try database.migrate(namespace: StoreSchema.namespace, Array(StoreSchema.migrations.prefix(2)))
            try database.write { db in
                for i in 0..<40 {
                    try db.run("""
                        INSERT INTO store_bookmarks (url, url_normalized, is_archived, unread, date_added, date_modified)
                        VALUES (?, ?, ?, ?, 0, 0)
                        """, [SQLValue("https://old\(i).example"), SQLValue("old\(i).example"), SQLValue(i % 5 == 0), SQLValue(i % 3 == 0)])
                }
                try db.run("""
                    INSERT INTO store_trash (id, url, url_normalized, title, description, notes, web_archive_snapshot_url,
                                             is_archived, unread, shared, date_added, date_modified, tag_names, deleted_at)
                    VALUES (99, 'https://t.example', 't.example', '', '', '', '', 0, 0, 0, 0, 0, '[]', 0)
                    """)
            }
        }
        let store = try BookmarkStore(path: path, now: { Date() })
        let fresh = try Self.counted(path)
        #expect(fresh == BookmarkCounts(unarchived: 32, unarchivedUnread: 11, archived: 8, archivedUnread: 3, trash: 1))
        #expect(try store.counts() == fresh)
        #expect(try store.list(BookmarkListQuery(limit: 1)).count == 32)
        #expect(try store.list(BookmarkListQuery(limit: 1, archived: true, unread: true)).count == 3)
    }

    @Test(arguments: [
        "DELETE FROM store_counts WHERE bucket = 'unarchived.read'",
        "UPDATE store_counts SET n = -3 WHERE bucket = 'unarchived.unread'",
        "UPDATE store_counts SET n = 'many' WHERE bucket = 'unarchived.read'",
        "UPDATE store_counts SET n = 2.5 WHERE bucket = 'archived.read'",
        "DELETE FROM store_counts",
    ])
    func aDamagedCountsRowIsNotBelievedAndIsRebuilt(damage: String) throws {
        let f = try StoreFixture()
        _ = try f.add("https://example.com/a")
        _ = try f.add("https://example.com/b", unread: true)
        _ = try f.add("https://example.com/c", archived: true)
        try Self.damage(f.path, damage)

        // The list counts its rows instead, and the table is whole again afterwards.
        #expect(try f.store.list(BookmarkListQuery(limit: 1)).count == 2)
        #expect(try f.store.list(BookmarkListQuery(limit: 1, archived: true)).count == 1)
        #expect(try Self.keptRows(f.path).count == 5)
        try Self.expectExact(f, "a damaged row")
        _ = try f.add("https://example.com/d", unread: true)
        try Self.expectExact(f, "a create after the repair")
    }

    @Test func countsThatLookRightButAreWrongAreRebuiltWhenTheStoreOpens() throws {
        let f = try StoreFixture()
        _ = try f.add("https://example.com/a")
        _ = try f.add("https://example.com/b", unread: true)
        try Self.damage(f.path, "UPDATE store_counts SET n = 500 WHERE bucket = 'unarchived.read'")
        let reopened = try BookmarkStore(path: f.path, now: { Date() })
        #expect(try reopened.counts() == Self.counted(f.path))
        #expect(try reopened.list(BookmarkListQuery(limit: 1)).count == 2)
        #expect(try Self.keptRows(f.path)["unarchived.read"] == 1)
    }

    @Test func filteredListsStillCountTheirMatches() throws {
        let f = try StoreFixture()
        _ = try f.add("https://example.com/a", title: "Sourdough", tags: ["bread"], unread: true)
        _ = try f.add("https://example.com/b", title: "Rye", tags: ["bread"], shared: true)
        _ = try f.add("https://example.com/c", title: "Espresso")
        // A wrong but plausible kept count must not leak into any filtered list.
        try Self.damage(f.path, "UPDATE store_counts SET n = 40 WHERE bucket = 'unarchived.read'")
        #expect(try f.store.list(BookmarkListQuery(search: "#bread", limit: 1)).count == 2)
        #expect(try f.store.list(BookmarkListQuery(search: "sourdough", limit: 1)).count == 1)
        #expect(try f.store.list(BookmarkListQuery(limit: 1, shared: true)).count == 1)
        #expect(try f.store.list(BookmarkListQuery(limit: 1), scope: .shared).count == 1)
        #expect(try f.store.list(BookmarkListQuery(limit: 1, addedSince: Date(timeIntervalSince1970: 0))).count == 3)
    }

    /// Changes `store_counts` behind the store's back, through a connection of its own.
    private static func damage(_ path: String, _ sql: String) throws {
        let db = try Connection(path: path)
        try db.execute(sql)
    }
}
