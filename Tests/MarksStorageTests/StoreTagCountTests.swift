import Foundation
import MarksCore
import SQLiteDatabase
import Testing
@testable import MarksStorage

/// The bookmarks per tag the store keeps (`store_tag_counts`, migration 8) for the Tags tab: after every kind of
/// change they equal a fresh count of the links — and the size of the tag's own list — and damaged rows are rebuilt
/// when the store opens, never believed.
@Suite struct StoreTagCountTests {
    /// Tag name → unarchived bookmarks carrying it, counted here from the file's rows (not the store's code).
    private static func counted(_ path: String) throws -> [String: Int] {
        let db = try Connection(path: path, options: .init(readOnly: true))
        var counts: [String: Int] = [:]
        for row in try db.query("""
            SELECT t.name, count(*) FROM store_bookmark_tags bt JOIN store_tags t ON t.id = bt.tag_id
            JOIN store_bookmarks b ON b.id = bt.bookmark_id WHERE b.is_archived = 0 GROUP BY t.id
            """) { counts[try row.string(at: 0)] = try row.int(at: 1) }
        return counts
    }

    private static func expectExact(_ f: StoreFixture, _ step: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let fresh = try counted(f.path)
        let kept = try f.store.liveTagCounts()
        #expect(kept == fresh, "after \(step)", sourceLocation: sourceLocation)
        for (name, count) in kept {
            #expect(try f.store.list(BookmarkListQuery(search: "#" + name, limit: 1)).count == count, "#\(name) after \(step)",
                    sourceLocation: sourceLocation)
        }
        let archived = try Connection(path: f.path, options: .init(readOnly: true)).queryOne("""
            SELECT count(*) FROM store_tag_counts c WHERE c.archived <> (SELECT count(*) FROM store_bookmark_tags bt
            WHERE bt.tag_id = c.tag_id AND bt.archived = 1)
            """).map { try $0.int(at: 0) }
        #expect(archived == 0, "archived counts after \(step)", sourceLocation: sourceLocation)
    }

    @Test func theKeptCountsFollowEveryChange() throws {
        let f = try StoreFixture()
        try Self.expectExact(f, "nothing")
        let one = try f.add("https://one.example", tags: ["python", "Rust"])
        let two = try f.add("https://two.example", tags: ["python"])
        let three = try f.add("https://three.example", tags: ["go", "python"], archived: true)
        try Self.expectExact(f, "create")
        _ = try f.store.update(id: two.id, BookmarkUpdate(tagNames: ["rust", "new"]))
        try Self.expectExact(f, "retag")
        try f.store.archive(id: one.id)
        try f.store.unarchive(id: three.id)
        try Self.expectExact(f, "archive and unarchive")
        try f.store.delete(id: two.id)
        try Self.expectExact(f, "delete to the trash")
        _ = try f.store.restore(id: two.id)
        try Self.expectExact(f, "restore")
        _ = try f.store.bulk(.addTag("bulk"), ids: [one.id, two.id, three.id])
        _ = try f.store.bulk(.removeTag("python"), ids: [three.id])
        _ = try f.store.bulk(.archive(markingRead: false), ids: [two.id])
        try Self.expectExact(f, "bulk edits")
        let go = try #require(f.store.tags(limit: 100).results.first { $0.name == "go" })
        try f.store.deleteTag(id: go.id)
        try Self.expectExact(f, "tag deleted")
        _ = try f.store.importBookmarks([
            NetscapeEntry(url: "https://one.example", title: "again", tags: ["imported", "python"]),
            NetscapeEntry(url: "https://four.example", title: "new", tags: ["imported", "bulk"]),
            NetscapeEntry(url: "https://five.example", title: "archived", tags: ["imported"], archived: true),
        ])
        try Self.expectExact(f, "import of new and existing bookmarks")
        _ = try f.store.bulk(.delete, ids: [one.id, three.id])
        try Self.expectExact(f, "bulk delete")
        _ = try f.store.purgeTrash(deletedBefore: nil)
        try Self.expectExact(f, "purge")
        // A second import (the triggers it dropped were made again) and a change after it.
        _ = try f.store.importBookmarks([NetscapeEntry(url: "https://six.example", tags: ["later"])])
        _ = try f.add("https://seven.example", tags: ["later", "python"])
        try Self.expectExact(f, "second import and a create")
    }

    @Test func damagedCountsAreRebuiltWhenTheStoreOpens() throws {
        let f = try StoreFixture()
        try f.add("https://one.example", tags: ["python", "rust"])
        try f.add("https://two.example", tags: ["python"])
        let writer = try Connection(path: f.path)
        try writer.execute("""
            UPDATE store_tag_counts SET live = live + 5 WHERE tag_id = (SELECT id FROM store_tags WHERE name = 'python');
            DELETE FROM store_tag_counts WHERE tag_id = (SELECT id FROM store_tags WHERE name = 'rust');
            """)
        #expect(try f.store.liveTagCounts() != (try Self.counted(f.path)))
        let reopened = try BookmarkStore(path: f.path, now: { Date() })
        #expect(try reopened.liveTagCounts() == ["python": 2, "rust": 1])
    }

    @Test func aStoreMadeBeforeTheTagCountsIsCountedOnUpgrade() throws {
        let f = try StoreFixture()
        let path = f.directory + "/before-tag-counts.sqlite"
        do {
            let database = try Database(path: path)
            try database.define(WordTerms.function)  // the word index's triggers call it
            try database.migrate(namespace: StoreSchema.namespace, Array(StoreSchema.migrations.prefix(7)))
            try database.write { db in
                try db.execute("""
                    INSERT INTO store_bookmarks (url, url_normalized, date_added, date_modified, is_archived)
                        VALUES ('https://a.example', 'a', 1, 1, 0), ('https://b.example', 'b', 1, 1, 1);
                    INSERT INTO store_tags (name, name_folded, date_added) VALUES ('Python', 'python', 1), ('idle', 'idle', 1);
                    INSERT INTO store_bookmark_tags (bookmark_id, tag_id, archived) VALUES (1, 1, 0), (2, 1, 1);
                    """)
            }
        }
        let store = try BookmarkStore(path: path, now: { Date() })
        #expect(try store.liveTagCounts() == ["Python": 1])
    }
}
