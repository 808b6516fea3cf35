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
        let path = f.directory + "/before-identity.sqlite"
        // A store at migration 4, its keys written as the old rule wrote them.
        do {
            let database = try Database(path: path)
            try database.migrate(namespace: StoreSchema.namespace, Array(StoreSchema.migrations.prefix(4)))
            try database.write { db in
                try db.execute("""
                    INSERT INTO store_bookmarks (url, url_normalized, title, date_added, date_modified) VALUES
                        ('https://example.com:443/a', 'https://example.com:443/a', 'plain', 1, 1),
                        ('https://example.com:8443/%62', 'https://example.com:8443/%62', 'ported', 2, 2),
                        ('https://example.org/cafe\u{301}', 'https://example.org/cafe%CC%81', 'accented', 3, 3),
                        ('http://example.net:80/t', 'http://example.net:80/t', 'trashed', 4, 4),
                        -- A second bookmark that the old rule kept apart from the first and the new one joins to it.
                        ('https://example.com/a/', 'https://example.com/a', 'twin', 5, 5);
                    """)
                try OldStoreTrash.move(4, deletedAt: 6, db)
            }
        }
        let reopened = try BookmarkStore(path: path, now: { Date(timeIntervalSince1970: 1_800_000_000) })
        #expect(try reopened.bookmark(matching: "https://example.com/a")?.title == "twin", "the key stays with the one that held it")
        #expect(try reopened.bookmark(matching: "https://example.com:8443/b")?.title == "ported")
        #expect(try reopened.bookmark(matching: "https://example.org/caf%C3%A9")?.title == "accented")
        let titles = try reopened.list(BookmarkListQuery()).results.map(\.title).sorted()
        #expect(titles == ["accented", "plain", "ported", "twin"], "the twin is kept, under its old key")
        _ = try reopened.restore(id: 4)
        #expect(try reopened.bookmark(matching: "http://example.net/t")?.id == 4)
        let db = try Connection(path: path, options: .init(readOnly: true))
        #expect(try db.queryOne("PRAGMA integrity_check")?.string(at: 0) == "ok")
    }
}
