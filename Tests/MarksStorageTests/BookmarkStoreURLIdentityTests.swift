import Foundation
import MarksCore
import SQLiteDatabase
import Testing
@testable import MarksStorage

/// Issue 16 fix 10 in the store: a default port, an escaped unreserved character, an NFD spelling or a Unicode host
/// find the bookmark saved under the plain form; a store written before the rule learns it when it opens.
@Suite struct BookmarkStoreURLIdentityTests {
    @Test func everySpellingOfTheURLIsTheSameBookmark() throws {
        let f = try StoreFixture()
        let saved = try f.add("https://bücher.de/café/~notes", title: "Books")
        for spelling in ["https://BÜCHER.de:443/cafe\u{301}/%7Enotes", "https://xn--bcher-kva.de/caf%C3%A9/%7enotes/",
                         "https://bu\u{308}cher.de/caf%c3%a9/~notes"] {
            #expect(try f.store.bookmark(matching: spelling)?.id == saved.id, "\(spelling)")
        }
        let again = try f.add("https://xn--bcher-kva.de:443/cafe%CC%81/%7Enotes", title: "Books, again")
        #expect(again.id == saved.id && again.title == "Books, again" && again.url == saved.url)
        #expect(try f.store.list(BookmarkListQuery()).count == 1)
        #expect(try f.add("https://bücher.de:8443/café/~notes").id != saved.id, "another port is another site")
    }

    @Test func aStoreFromBeforeTheRuleLearnsItWhenItOpensAndLosesNothing() throws {
        let f = try StoreFixture()
        let plain = try f.add("https://example.com/a", title: "plain")
        let ported = try f.add("https://example.com:8443/b", title: "ported")
        let accented = try f.add("https://example.org/cafe\u{301}", title: "accented")
        let trashed = try f.add("http://example.net:80/t", title: "trashed")
        try f.store.delete(id: trashed.id)
        // Write the keys as the old rule did, and forget migration 5.
        do {
            let db = try Connection(path: f.path)
            try db.define(WordTerms.function)  // the word index's triggers call it
            try db.run("UPDATE store_bookmarks SET url = 'https://example.com:443/a', url_normalized = 'https://example.com:443/a' WHERE id = ?",
                       [SQLValue(plain.id)])
            try db.run("UPDATE store_bookmarks SET url = 'https://example.com:8443/%62', url_normalized = 'https://example.com:8443/%62' WHERE id = ?",
                       [SQLValue(ported.id)])
            try db.run("UPDATE store_bookmarks SET url_normalized = 'https://example.org/cafe%CC%81' WHERE id = ?", [SQLValue(accented.id)])
            try db.run("UPDATE store_trash SET url_normalized = 'http://example.net:80/t' WHERE id = ?", [SQLValue(trashed.id)])
            // A second bookmark that the old rule kept apart from the first and the new one joins to it.
            try db.run("""
                INSERT INTO store_bookmarks (url, url_normalized, title, description, notes, web_archive_snapshot_url, is_archived,
                                             unread, shared, date_added, date_modified)
                SELECT 'https://example.com/a/', 'https://example.com/a', 'twin', '', '', '', 0, 0, 0, date_added + 1, date_modified
                FROM store_bookmarks WHERE id = ?
                """, [SQLValue(plain.id)])
            try db.run("DELETE FROM schema_migrations WHERE namespace = 'store' AND id = 5")
        }
        let reopened = try BookmarkStore(path: f.path, now: { Date(timeIntervalSince1970: 1_800_000_000) })
        #expect(try reopened.bookmark(matching: "https://example.com/a")?.title == "twin", "the key stays with the one that held it")
        #expect(try reopened.bookmark(matching: "https://example.com:8443/b")?.id == ported.id)
        #expect(try reopened.bookmark(matching: "https://example.org/caf%C3%A9")?.id == accented.id)
        let titles = try reopened.list(BookmarkListQuery()).results.map(\.title).sorted()
        #expect(titles == ["accented", "plain", "ported", "twin"], "the twin is kept, under its old key")
        _ = try reopened.restore(id: trashed.id)
        #expect(try reopened.bookmark(matching: "http://example.net/t")?.id == trashed.id)
        let db = try Connection(path: f.path, options: .init(readOnly: true))
        #expect(try db.queryOne("PRAGMA integrity_check")?.string(at: 0) == "ok")
    }
}
