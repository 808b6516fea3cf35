import Foundation
import MarksCore
import SQLiteDatabase
import Testing
@testable import MarksStorage

/// Store migration 9: a bookmark is found by its URL's 64-bit key, and a key is not an identity — two URLs that share
/// one are two bookmarks, each found, overwritten, refused and restored as its own URL.
@Suite struct BookmarkStoreURLKeyTests {
    /// A store whose every URL has the key 7: each lookup must tell the URLs apart itself.
    private static func colliding(_ f: StoreFixture) throws -> BookmarkStore {
        let clock = f.clock
        return try BookmarkStore(database: try Database(path: f.directory + "/colliding.sqlite"), now: { clock.now() },
                                 urlIdentity: StoreURLIdentity(key: { _ in 7 }))
    }

    @Test func twoURLsWithOneKeyAreTwoBookmarks() throws {
        let f = try StoreFixture()
        let store = try Self.colliding(f)
        let a = try store.create(BookmarkDraft(url: "https://a.example/page", title: "A", tagNames: ["one"]))
        let b = try store.create(BookmarkDraft(url: "https://b.example/other", title: "B", tagNames: ["two"]))
        #expect(a.id != b.id)
        #expect(try store.bookmark(matching: "HTTPS://a.example/page/")?.id == a.id)
        #expect(try store.bookmark(matching: "https://b.example/other")?.id == b.id)
        #expect(try store.bookmark(matching: "https://c.example/")?.id == nil, "a key match alone is not the URL")

        // Saving A again overwrites A, and only A.
        let again = try store.create(BookmarkDraft(url: "https://a.example:443/page", title: "A again"))
        #expect(again.id == a.id && again.title == "A again")
        #expect(try store.bookmark(id: b.id) == b)

        // A's URL is refused for B; another URL (with the same key) is not.
        #expect(throws: BookmarkStoreError.invalid(["url": [BookmarkValidator.duplicateURL]])) {
            try store.update(id: b.id, BookmarkUpdate(url: "https://a.example/page"))
        }
        let moved = try store.update(id: b.id, BookmarkUpdate(url: "https://b.example/moved"))
        #expect(moved.url == "https://b.example/moved")
        #expect(try store.update(id: b.id, BookmarkUpdate(url: "https://b.example/moved/")).id == b.id, "its own URL is not a duplicate")

        // A restore is refused only by a live bookmark with its own URL.
        try store.delete(id: a.id)
        #expect(try store.restore(id: a.id).id == a.id, "B shares the key, not the URL")
        try store.delete(id: a.id)
        let resaved = try store.create(BookmarkDraft(url: "https://a.example/page", title: "A, saved again"))
        #expect(throws: BookmarkStoreError.invalid(["url": [BookmarkStore.restoreConflict]])) { try store.restore(id: a.id) }
        try store.delete(id: resaved.id)
        #expect(try store.restore(id: a.id).title == "A again")

        // An import matches by URL too: one entry updates A, the other is new, B is untouched.
        let result = try store.importBookmarks([
            NetscapeEntry(url: "https://a.example/page", title: "A imported", description: "", tags: []),
            NetscapeEntry(url: "https://d.example/", title: "D", description: "", tags: []),
        ])
        #expect(result.created == 1 && result.updated == 1 && result.failed == 0)
        #expect(try store.bookmark(id: a.id).title == "A imported")
        #expect(try store.bookmark(id: b.id).title == "B")
        let d = try #require(try store.bookmark(matching: "https://d.example"))
        #expect(d.title == "D")

        // A, B and D are live (the second A waits in the trash), every one under the key 7.
        #expect(try store.list(BookmarkListQuery()).results.map(\.id).sorted() == [a.id, b.id, d.id])
        let db = try Connection(path: f.directory + "/colliding.sqlite", options: .init(readOnly: true))
        #expect(try db.queryOne("SELECT count(*) FROM store_bookmarks WHERE url_key = 7")?.int(at: 0) == 3)
    }

    @Test func eachRowKeepsTheKeyOfItsNormalisedURLUnderAnIndexThatIsNotUnique() throws {
        let f = try StoreFixture()
        let saved = try f.add("https://Example.com:443/a/?b=2&a=1", title: "kept")
        let moved = try f.add("https://example.org/x")
        _ = try f.store.update(id: moved.id, BookmarkUpdate(url: "https://example.org/y"))
        _ = try f.store.importBookmarks([NetscapeEntry(url: "https://example.net/z", title: "", description: "", tags: [])])
        let db = try Connection(path: f.path, options: .init(readOnly: true))
        for row in try db.query("SELECT url, url_key FROM store_bookmarks") {
            let url = try row.string(at: 0)
            #expect(try row.int64(at: 1) == URLKey.of(url: url), "\(url)")
        }
        #expect(try !db.query("SELECT name FROM pragma_table_info('store_bookmarks')").contains { try $0.string(at: 0) == "url_normalized" },
                "the key alone, no normalised URL (migration 10)")
        #expect(try f.store.bookmark(matching: "https://example.com/a?a=1&b=2")?.id == saved.id)
        let indexes = try db.query("SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'store_bookmarks'")
        #expect(try !indexes.contains { try $0.string(at: 0).hasPrefix("sqlite_autoindex") }, "no UNIQUE index on the URL")
        #expect(try indexes.contains { try $0.string(at: 0) == URLKeyMigration.index })
        let plan = try db.query("EXPLAIN QUERY PLAN SELECT id, url FROM store_bookmarks WHERE url_key = ? ORDER BY id", [.integer(1)])
            .map { try $0.string(at: 3) }
        #expect(plan.contains { $0.contains(URLKeyMigration.index) } && !plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
    }

    @Test func theKeyIsTheNormalisedURLsContentHashKey() {
        #expect(URLKey.of(normalized: "https://example.com/a") == ContentHash("https://example.com/a").key)
        #expect(URLKey.of(url: "HTTPS://example.com:443/a/") == URLKey.of(normalized: "https://example.com/a"))
        #expect(URLKey.of(url: "https://example.com/a") != URLKey.of(url: "https://example.com/b"))
    }
}
