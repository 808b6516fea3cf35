import MarksTestSupport
import Foundation
import MarksCore
import SQLiteDatabase
import Testing
@testable import MarksStorage

@Suite struct MatchMemoTests {
    /// A remembered count is read only in a snapshot of the same data: a write through the store, and one through
    /// another connection (as another process would make it), both change the count the next list gives — on every
    /// reader, for a count made by SQLite on a walk, a count of a row-by-row filter and a remembered list of ids.
    @Test func aRememberedCountFollowsEveryWrite() throws {
        let f = try StoreFixture()
        for index in 0..<200 { _ = try f.add("https://m.example/\(index)", title: "Marmalade \(index)", tags: index < 20 ? ["jar"] : [], unread: index < 50)
        }
        let word = BookmarkListQuery(search: "marmalade", limit: 5)
        let unread = BookmarkListQuery(search: "!unread", limit: 5)
        let jar = BookmarkListQuery(search: "#jar", limit: 5)
        func expectCounts(_ words: Int, _ unreads: Int, _ jars: Int, _ comment: Comment) throws {
            for _ in 0..<8 {  // more lists than readers: each reader remembers its own
                #expect(try f.store.list(word).count == words, comment)
                #expect(try f.store.list(unread).count == unreads, comment)
                #expect(try f.store.list(jar).count == jars, comment)
            }
        }
        try expectCounts(200, 50, 20, "first")
        _ = try f.add("https://m.example/new", title: "More marmalade", tags: ["jar"], unread: true)
        try expectCounts(201, 51, 21, "after a write through the store")
        let other = try Connection(path: f.path)
        try other.define(WordTerms.function)
        try other.run("UPDATE store_bookmarks SET title = 'plain', unread = 0 WHERE url = 'https://m.example/0'")
        try other.run("DELETE FROM store_bookmark_tags WHERE bookmark_id = (SELECT id FROM store_bookmarks WHERE url = 'https://m.example/1')")
        try expectCounts(200, 50, 20, "after a write through another connection")
        f.store.rememberCounts(false)
        try expectCounts(200, 50, 20, "not remembering")
    }
}
