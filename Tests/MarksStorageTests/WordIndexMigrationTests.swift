import MarksTestSupport
import Foundation
import MarksCore
import SQLiteDatabase
import Testing
@testable import MarksStorage

@Suite struct WordIndexMigrationTests {
    /// A store from before migration 6 (the trigram index and its triggers, no word index) gains the word index, its
    /// vocabulary and their triggers when it opens, with every bookmark searchable as before and nothing lost.
    @Test func aStoreFromBeforeTheWordIndexIsIndexedWhenItOpens() throws {
        let f = try StoreFixture()
        let plain = try f.add("https://jam.example/a", title: "Quince marmalade", tags: ["jar"])
        let archived = try f.add("https://jam.example/b", description: "Archived damson jelly", archived: true)
        let accented = try f.add("https://jam.example/c", title: "Confiture de café")
        // Put the schema back as migration 5 left it, and forget migration 6.
        do {
            let db = try Connection(path: f.path)
            try db.execute("""
                DROP TRIGGER store_words_insert; DROP TRIGGER store_words_delete; DROP TRIGGER store_words_update;
                DROP TRIGGER store_terms_trigrams_insert;
                DROP TABLE store_words; DROP TABLE store_terms_trigrams; DROP TABLE store_terms;
                CREATE VIRTUAL TABLE store_bookmarks_fts USING fts5 (
                    title, description, notes, url, content = '', tokenize = 'trigram case_sensitive 1'
                );
                CREATE TRIGGER store_bookmarks_fts_insert AFTER INSERT ON store_bookmarks BEGIN
                    INSERT INTO store_bookmarks_fts (rowid, title, description, notes, url)
                    VALUES (new.id, lower(new.title), lower(new.description), lower(new.notes), lower(new.url));
                END;
                DELETE FROM schema_migrations WHERE namespace = 'store' AND id = 6;
                """)
        }
        let reopened = try BookmarkStore(path: f.path, now: { Date() })
        func search(_ q: String, _ scope: BookmarkScope = .unarchived) throws -> [Int] {
            try reopened.list(BookmarkListQuery(search: q, limit: 100), scope: scope).results.map(\.id)
        }
        #expect(try search("marmal") == [plain.id])
        #expect(try search("quince and #jar") == [plain.id])
        #expect(try search("damson", .archived) == [archived.id])
        #expect(try search("café") == [accented.id])
        #expect(try search("jam.example/a") == [plain.id])
        let tables = try reopened.database.read { db in
            try db.query("SELECT name FROM sqlite_schema WHERE name LIKE 'store_bookmarks_fts%'").count
        }
        #expect(tables == 0, "the trigram index is gone")
        let added = try reopened.create(BookmarkDraft(url: "https://jam.example/d", title: "Rhubarb chutney"))
        #expect(try search("hubar") == [added.id], "the triggers are back")
        #expect(try reopened.list(BookmarkListQuery(limit: 1)).count == 3)
    }
}
