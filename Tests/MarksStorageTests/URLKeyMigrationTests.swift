import Foundation
import MarksCore
import SQLiteDatabase
import Testing
@testable import MarksStorage

/// Store migration 9 on a data directory written by the schema before it (migrations 1–8): the table is rebuilt
/// without losing a row, a tag link, an index, a trigger (the store's, or another module's) or the id counter. (The
/// store opens at today's schema, so migration 10 runs after it: `url_normalized` is read before, not after.)
@Suite struct URLKeyMigrationTests {
    private static let rowColumns = """
        id, url, title, description, notes, web_archive_snapshot_url, is_archived, unread, shared, date_added,
        date_modified
        """

    /// A database at migration 8, written through its triggers: three bookmarks with tags, the newest (id 3) moved to
    /// the trash, and a view and a trigger of another module on `store_bookmarks`.
    private static func makeBeforeKeys(_ path: String) throws {
        let database = try Database(path: path)
        try database.define(WordTerms.function)  // the word index's triggers call it
        try database.migrate(namespace: StoreSchema.namespace, Array(StoreSchema.migrations.prefix(8)))
        try database.write { db in
            try db.execute("""
                INSERT INTO store_bookmarks (url, url_normalized, title, description, notes, is_archived, unread, shared,
                                             date_added, date_modified) VALUES
                    ('https://a.example/one', 'https://a.example/one', 'Alpha', 'first of all', 'n', 0, 1, 0, 10, 11),
                    ('HTTPS://B.example:443/two/', 'https://b.example/two', 'Beta', 'second', '', 1, 0, 1, 20, 21),
                    ('https://c.example/three', 'https://c.example/three', 'Gamma', 'third', '', 0, 0, 0, 30, 31);
                INSERT INTO store_tags (name, name_folded, date_added) VALUES ('Python', 'python', 1), ('rust', 'rust', 1);
                INSERT INTO store_bookmark_tags (bookmark_id, tag_id, archived) VALUES (1, 1, 0), (2, 1, 1), (2, 2, 1), (3, 2, 0);
                CREATE TABLE other_log (bookmark_id INTEGER, title TEXT);
                CREATE VIEW other_titles AS SELECT s.id, s.title FROM store_bookmarks s;
                CREATE TRIGGER other_title_after_update AFTER UPDATE OF title ON store_bookmarks BEGIN
                    INSERT INTO other_log (bookmark_id, title) VALUES (new.id, new.title);
                END;
                """)
            try OldStoreTrash.move(3, deletedAt: 40, db)
        }
    }

    private static func rows(_ db: Connection) throws -> [[SQLValue]] {
        try db.query("SELECT \(rowColumns) FROM store_bookmarks ORDER BY id").map(\.values)
    }

    /// Every index and trigger on `store_bookmarks`, by name, with its SQL.
    private static func schema(_ db: Connection) throws -> [String: String] {
        Dictionary(uniqueKeysWithValues: try db.query("""
            SELECT name, sql FROM sqlite_schema WHERE tbl_name = 'store_bookmarks' AND type IN ('index', 'trigger') AND sql IS NOT NULL
            """).map { (try $0.string(at: 0), try $0.string(at: 1)) })
    }

    private static func links(_ db: Connection) throws -> [[SQLValue]] {
        try db.query("SELECT bookmark_id, tag_id, archived FROM store_bookmark_tags ORDER BY bookmark_id, tag_id").map(\.values)
    }

    @Test func aStoreFromBeforeTheKeyIsRebuiltWithoutLosingAnything() throws {
        let f = try StoreFixture()
        let path = f.directory + "/before-keys.sqlite"
        try Self.makeBeforeKeys(path)
        let (rows, schema, links, counter, normalized) = try {
            let db = try Connection(path: path, options: .init(readOnly: true))
            #expect(try db.queryOne("SELECT 1 FROM sqlite_schema WHERE name = 'sqlite_autoindex_store_bookmarks_1'") != nil)
            return (try Self.rows(db), try Self.schema(db), try Self.links(db),
                    try db.queryOne("SELECT seq FROM sqlite_sequence WHERE name = 'store_bookmarks'")?.int(at: 0),
                    try Dictionary(uniqueKeysWithValues: db.query("SELECT id, url_normalized FROM store_bookmarks").map {
                        (try $0.int(at: 0), try $0.string(at: 1))
                    }))
        }()
        #expect(rows.count == 2 && links.count == 3 && counter == 3)
        #expect(schema["other_title_after_update"] != nil && schema["store_words_insert"] != nil)

        let clock = f.clock
        let store = try BookmarkStore(path: path, now: { clock.now() })
        do {
            let db = try Connection(path: path, options: .init(readOnly: true))
            #expect(try Self.rows(db) == rows, "every row, column for column")
            for row in try db.query("SELECT id, url_key FROM store_bookmarks") {
                let stored = try #require(normalized[try row.int(at: 0)])
                #expect(try row.int64(at: 1) == URLKey.of(normalized: stored), "the key of the normalised URL it was stored under")
            }
            var expected = schema
            expected[URLKeyMigration.index] = "CREATE INDEX \(URLKeyMigration.index) ON store_bookmarks (url_key)"
            #expect(try Self.schema(db) == expected, "the same indexes and triggers, created from the same SQL, and the key's index")
            #expect(try db.queryOne("SELECT 1 FROM sqlite_schema WHERE name LIKE 'sqlite_autoindex_store_bookmarks%'") == nil)
            #expect(try db.queryOne("SELECT 1 FROM sqlite_schema WHERE name = 'other_titles' AND type = 'view'") != nil)
            #expect(try Self.links(db) == links)
            #expect(try db.query("PRAGMA foreign_key_check").isEmpty)
            #expect(try db.queryOne("PRAGMA integrity_check")?.string(at: 0) == "ok")
            #expect(try db.queryOne("SELECT seq FROM sqlite_sequence WHERE name = 'store_bookmarks'")?.int(at: 0) == 3)
            #expect(try db.queryOne("SELECT count(*) FROM sqlite_schema WHERE name LIKE '%store_bookmarks_before%'")?.int(at: 0) == 0)
        }

        // Found by URL, counted, tagged and searched as before.
        #expect(try store.bookmark(matching: "https://b.example/two")?.id == 2)
        #expect(try store.counts() == BookmarkCounts(unarchived: 1, unarchivedUnread: 1, archived: 1, archivedUnread: 0, trash: 1))
        #expect(try store.liveTagCounts() == ["Python": 1])
        #expect(try store.list(BookmarkListQuery(search: "first")).results.map(\.id) == [1])

        // The id counter survived: a new bookmark does not take the trashed one's id, which comes back with its tag.
        let fresh = try store.create(BookmarkDraft(url: "https://d.example/four", title: "Delta"))
        #expect(fresh.id == 4)
        let restored = try store.restore(id: 3)
        #expect(restored.id == 3 && restored.tagNames == ["rust"])
        #expect(try store.bookmark(matching: "https://c.example/three")?.id == 3)

        // The triggers fire: the word index, the other module's, and the tag links follow the row (foreign keys on).
        _ = try store.update(id: 1, BookmarkUpdate(title: "Zebra"))
        #expect(try store.list(BookmarkListQuery(search: "zebra")).results.map(\.id) == [1])
        #expect(try store.list(BookmarkListQuery(search: "alpha")).results.isEmpty)
        _ = try store.update(id: 2, BookmarkUpdate(isArchived: false))
        try store.delete(id: 1)
        let db = try Connection(path: path, options: .init(readOnly: true))
        #expect(try db.query("SELECT bookmark_id, title FROM other_log").map(\.values) == [[.integer(1), .text("Zebra")]])
        #expect(try Self.links(db) == [[.integer(2), .integer(1), .integer(0)], [.integer(2), .integer(2), .integer(0)],
                                       [.integer(3), .integer(2), .integer(0)]])
        #expect(try store.liveTagCounts() == ["Python": 1, "rust": 2])
        #expect(try db.queryOne("SELECT max(id) FROM schema_migrations WHERE namespace = 'store'")?.int(at: 0) == 10)
    }

    @Test func anEmptyStoreFromBeforeTheKeyKeepsItsCounter() throws {
        let f = try StoreFixture()
        let path = f.directory + "/empty-before-keys.sqlite"
        do {
            let database = try Database(path: path)
            try database.define(WordTerms.function)
            try database.migrate(namespace: StoreSchema.namespace, Array(StoreSchema.migrations.prefix(8)))
            try database.write { db in
                try db.run("INSERT INTO store_bookmarks (url, url_normalized, date_added, date_modified) VALUES ('https://x.example', 'https://x.example', 1, 1)")
                try OldStoreTrash.move(1, deletedAt: 2, db)
            }
        }
        let store = try BookmarkStore(path: path, now: { Date(timeIntervalSince1970: 1_800_000_000) })
        #expect(try store.create(BookmarkDraft(url: "https://y.example")).id == 2, "id 1 is in the trash")
        #expect(try store.restore(id: 1).url == "https://x.example")
    }
}
