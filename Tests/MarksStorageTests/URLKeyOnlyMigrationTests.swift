import Foundation
import MarksCore
import SQLiteDatabase
import Testing
@testable import MarksStorage

/// Store migration 10 on a data directory at migration 9: `url_normalized` is dropped from the bookmarks and the trash
/// without losing a row, a tag link, a count, an index, a trigger or the id counter, and every URL finds the bookmark
/// it found before — a bookmark migration 5 kept apart from its twin included, live or in the trash.
@Suite struct URLKeyOnlyMigrationTests {
    private static let rowColumns = """
        id, url, url_key, title, description, notes, web_archive_snapshot_url, is_archived, unread, shared, date_added,
        date_modified
        """
    private static let trashColumns = """
        id, url, title, description, notes, web_archive_snapshot_url, is_archived, unread, shared, date_added,
        date_modified, tag_names, deleted_at
        """

    /// Spellings looked up before and after: each finds the same bookmark (or none) both times.
    private static let lookups = [
        "https://example.com/a", "HTTPS://Example.com:443/a/", "https://example.com:443/a", "http://example.net/t",
        "https://example.org/x", "https://example.org:443/x", "https://d.example/four", "https://e.example/five/",
        "https://f.example/six", "https://nowhere.example/",
    ]

    /// A data directory written by migrations 1–4, then 5–9 (each row as that schema had it), then at migration 9:
    /// - 1 `plain` and 2 `twin`: one URL under the old rule's two spellings; migration 5 gave it to 2, so 1 kept its old
    ///   normalised URL, and migration 9 filed it under that URL's key;
    /// - 3 `ported`: re-normalised by migration 5;
    /// - 4 `apart` and 5 `x-twin`: the same as 1 and 2, and 4 moved to the trash at migration 9;
    /// - 6 (archived) and 7 (moved to the trash) written at migration 9, 8 written and trashed last (the counter is 8);
    /// - another module's view and triggers on both tables.
    private static func makeAtKeys(_ path: String) throws {
        let database = try Database(path: path)
        try database.define(WordTerms.function)  // the word index's triggers call it
        try database.migrate(namespace: StoreSchema.namespace, Array(StoreSchema.migrations.prefix(4)))
        try database.write { db in
            try db.execute("""
                INSERT INTO store_bookmarks (url, url_normalized, title, description, notes, is_archived, unread, shared,
                                             date_added, date_modified) VALUES
                    ('https://example.com:443/a', 'https://example.com:443/a', 'plain', 'kept apart', '', 0, 1, 0, 10, 11),
                    ('https://example.com/a/', 'https://example.com/a', 'twin', 'holds the URL', 'n', 0, 0, 1, 20, 21),
                    ('http://example.net:80/t', 'http://example.net:80/t', 'ported', '', '', 0, 0, 0, 30, 31),
                    ('https://example.org:443/x', 'https://example.org:443/x', 'apart', 'kept apart, trashed', '', 0, 0, 0, 40, 41),
                    ('https://example.org/x', 'https://example.org/x', 'x-twin', '', '', 0, 0, 0, 50, 51);
                INSERT INTO store_tags (name, name_folded, date_added) VALUES ('Python', 'python', 1), ('rust', 'rust', 1);
                INSERT INTO store_bookmark_tags (bookmark_id, tag_id, archived) VALUES (1, 1, 0), (2, 2, 0), (4, 1, 0), (4, 2, 0);
                """)
        }
        try database.migrate(namespace: StoreSchema.namespace, Array(StoreSchema.migrations.prefix(9)))
        try database.write { db in
            #expect(try db.queryOne("SELECT url_normalized FROM store_bookmarks WHERE id = 1")?.string(at: 0)
                    == "https://example.com:443/a", "migration 5 kept 1 apart")
            let insert = try db.prepare("""
                INSERT INTO store_bookmarks (url, url_normalized, url_key, title, is_archived, unread, date_added, date_modified)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """)
            for (i, (url, title, archived)) in [("https://d.example/four", "Delta", true), ("https://e.example/five", "Echo", false),
                                                 ("https://f.example/six", "Foxtrot", false)].enumerated() {
                let normalized = URLNormalizer.normalize(url)
                try insert.bind([SQLValue(url), SQLValue(normalized), SQLValue(URLKey.of(normalized: normalized)), SQLValue(title),
                                 SQLValue(archived), SQLValue(i == 1), SQLValue(60 + 10 * i), SQLValue(61 + 10 * i)])
                try insert.run()
                insert.reset()
            }
            try db.execute("""
                INSERT INTO store_bookmark_tags (bookmark_id, tag_id, archived) VALUES (6, 1, 1), (6, 2, 1), (7, 2, 0);
                CREATE TABLE other_log (what TEXT, id INTEGER);
                CREATE VIEW other_urls AS SELECT s.id, s.url, s.url_key FROM store_bookmarks s;
                CREATE TRIGGER other_url_after_update AFTER UPDATE OF url, title ON store_bookmarks BEGIN
                    INSERT INTO other_log (what, id) VALUES ('updated', new.id);
                END;
                CREATE TRIGGER other_trash_after_insert AFTER INSERT ON store_trash BEGIN
                    INSERT INTO other_log (what, id) VALUES ('trashed', new.id);
                END;
                """)
            try OldStoreTrash.move(4, deletedAt: 100, db)
            try OldStoreTrash.move(7, deletedAt: 101, db)
            try OldStoreTrash.move(8, deletedAt: 102, db)
        }
    }

    /// Everything the migration must keep, read at migration 9 and again after it.
    private struct Kept: Equatable {
        var rows: [[SQLValue]]
        var trash: [[SQLValue]]
        var links: [[SQLValue]]
        var counts: [[SQLValue]]
        var tagCounts: [[SQLValue]]
        var schema: [String: String]
        var counter: Int?
        var found: [String: Int]

        init(_ db: Connection) throws {
            rows = try db.query("SELECT \(URLKeyOnlyMigrationTests.rowColumns) FROM store_bookmarks ORDER BY id").map(\.values)
            trash = try db.query("SELECT \(URLKeyOnlyMigrationTests.trashColumns) FROM store_trash ORDER BY id").map(\.values)
            links = try db.query("SELECT bookmark_id, tag_id, archived FROM store_bookmark_tags ORDER BY bookmark_id, tag_id").map(\.values)
            counts = try db.query("SELECT * FROM store_counts ORDER BY 1").map(\.values)
            tagCounts = try db.query("SELECT * FROM store_tag_counts ORDER BY 1").map(\.values)
            // Every index, trigger and view on the two tables, by name, with its SQL (the tables' own SQL changes).
            schema = Dictionary(uniqueKeysWithValues: try db.query("""
                SELECT name, sql FROM sqlite_schema WHERE type IN ('index', 'trigger', 'view') AND sql IS NOT NULL
                """).map { (try $0.string(at: 0), try $0.string(at: 1)) })
            counter = try db.queryOne("SELECT seq FROM sqlite_sequence WHERE name = 'store_bookmarks'")?.int(at: 0)
            // What `StoreURLIdentity` finds for each spelling, with this database's columns.
            var found: [String: Int] = [:]
            for url in URLKeyOnlyMigrationTests.lookups {
                found[url] = try StoreURLIdentity.standard.bookmarkID(normalized: URLNormalizer.normalize(url), db)
            }
            self.found = found
        }
    }

    private static func columns(_ table: String, _ db: Connection) throws -> [String] {
        try db.query("SELECT name FROM pragma_table_info('\(table)')").map { try $0.string(at: 0) }
    }

    @Test func theNormalisedURLGoesAndEveryBookmarkStaysWhereItWasFound() throws {
        let f = try StoreFixture()
        let path = f.directory + "/at-keys.sqlite"
        try Self.makeAtKeys(path)
        let (before, trashKeys) = try {
            let db = try Connection(path: path, options: .init(readOnly: true))
            let keys = try db.query("SELECT id, url_normalized FROM store_trash ORDER BY id").map {
                [try $0.int(at: 0), Int(URLKey.of(normalized: try $0.string(at: 1)))]
            }
            return (try Kept(db), keys)
        }()
        #expect(before.rows.map { $0[0] } == [1, 2, 3, 5, 6].map { SQLValue.integer(Int64($0)) })
        #expect(before.trash.map { $0[0] } == [4, 7, 8].map { SQLValue.integer(Int64($0)) } && before.counter == 8)
        #expect(before.found == ["https://example.com/a": 2, "HTTPS://Example.com:443/a/": 2, "https://example.com:443/a": 2,
                                 "http://example.net/t": 3, "https://example.org/x": 5, "https://example.org:443/x": 5,
                                 "https://d.example/four": 6], "the twins hold the URLs; 1 and 4 are found by none")
        #expect(before.schema["other_url_after_update"] != nil && before.schema["store_words_insert"] != nil
                && before.schema[URLKeyMigration.index] != nil && before.schema["other_urls"] != nil)

        let clock = f.clock
        let store = try BookmarkStore(path: path, now: { clock.now() })
        do {
            let db = try Connection(path: path, options: .init(readOnly: true))
            #expect(try !Self.columns("store_bookmarks", db).contains("url_normalized"))
            #expect(try !Self.columns("store_trash", db).contains("url_normalized"))
            #expect(try Kept(db) == before, "every row (its key as stored), trash row, link, count, index, trigger, view, the counter and every lookup")
            let keys = try db.query("SELECT id, url_key FROM store_trash ORDER BY id").map { [try $0.int(at: 0), try $0.int(at: 1)] }
            #expect(keys == trashKeys, "the trash keeps each row's key: that of the normalised URL it held")
            #expect(try db.query("PRAGMA foreign_key_check").isEmpty)
            #expect(try db.queryOne("PRAGMA integrity_check")?.string(at: 0) == "ok")
            #expect(try db.queryOne("SELECT max(id) FROM schema_migrations WHERE namespace = 'store'")?.int(at: 0) == 10)
        }
        #expect(try store.counts() == BookmarkCounts(unarchived: 4, unarchivedUnread: 1, archived: 1, archivedUnread: 0, trash: 3))
        #expect(try store.liveTagCounts() == ["Python": 1, "rust": 1])

        // The same URL saved again, spelled another way, overwrites the bookmark that holds it; the one kept apart stays.
        let again = try store.create(BookmarkDraft(url: "https://EXAMPLE.com:443/a", title: "twin, saved again"))
        #expect(again.id == 2 && again.url == "https://example.com/a/")
        #expect(try store.bookmark(id: 1).title == "plain")
        #expect(try store.create(BookmarkDraft(url: "HTTP://example.net/t/", title: "ported again")).id == 3)
        #expect(try store.counts().unarchived == 4)

        // A trashed bookmark comes back with its id and tags, refused while its URL was saved again.
        let readded = try store.create(BookmarkDraft(url: "https://e.example:443/five/", title: "Echo again"))
        #expect(readded.id == 9, "the counter survived: 8 is in the trash")
        #expect(throws: BookmarkStoreError.invalid(["url": [BookmarkStore.restoreConflict]])) { try store.restore(id: 7) }
        try store.delete(id: readded.id)
        let echo = try store.restore(id: 7)
        #expect(echo.title == "Echo" && echo.tagNames == ["rust"])
        #expect(try store.bookmark(matching: "https://e.example/five")?.id == 7)

        // The trashed one migration 5 kept apart comes back beside its twin, still under its old key, as it did before.
        let apart = try store.restore(id: 4)
        #expect(apart.title == "apart" && apart.tagNames.sorted() == ["Python", "rust"])
        #expect(try store.bookmark(matching: "https://example.org:443/x")?.id == 5)
        #expect(try store.restore(id: 8).url == "https://f.example/six")
        #expect(try store.bookmark(matching: "https://f.example/six")?.id == 8)
        #expect(try store.counts() == BookmarkCounts(unarchived: 7, unarchivedUnread: 2, archived: 1, archivedUnread: 0, trash: 1))

        // The triggers fire: the word index's, the other module's on both tables.
        _ = try store.update(id: 1, BookmarkUpdate(title: "Zebra"))
        #expect(try store.list(BookmarkListQuery(search: "zebra")).results.map(\.id) == [1])
        try store.delete(id: 3)
        let db = try Connection(path: path, options: .init(readOnly: true))
        let log = try db.query("SELECT what, id FROM other_log ORDER BY rowid").map(\.values)
        #expect(log.suffix(2) == [[.text("updated"), .integer(1)], [.text("trashed"), .integer(3)]])
        let moved = try db.queryOne("SELECT url_key FROM store_trash WHERE id = 3")?.int64(at: 0)
        #expect(moved == URLKey.of(url: "http://example.net/t"), "the trash takes the row's key")
    }
}
