import Foundation
import MarksCore
import MarksTestSupport
import SQLiteDatabase
import Testing
@testable import MarksBookmarks

/// Saved collections (issue 37 item 10): a refresh that makes mostly the same groups keeps each one's id (its URL),
/// the name the person gave it and the bookmarks the person took out. Real SQLite in a temporary directory.
@Suite struct CollectionStoreTests {
    static func store() throws -> (CollectionStore, Database, TemporaryDirectory) {
        let directory = try TemporaryDirectory(prefix: "marks-collections")
        let database = try Database(path: directory.url.appendingPathComponent("marks.sqlite").path)
        return (try CollectionStore(database: database, now: { Date(timeIntervalSince1970: 1_750_000_000) }), database, directory)
    }

    @Test func aRefreshKeepsIDsNamesAndRemovals() throws {
        let (store, _, directory) = try Self.store()
        defer { directory.cleanUp() }
        #expect(try store.refreshedGeneration() == nil)
        try store.replace(with: [SmartCollection(name: "Rust", description: "a", bookmarkIDs: [1, 2, 3, 4]),
                                 SmartCollection(name: "Bread", description: "b", bookmarkIDs: [10, 11, 12])], generation: 5)
        let first = try store.all()
        #expect(first.map(\.name) == ["Rust", "Bread"])
        #expect(try store.refreshedGeneration() == 5)
        let rust = first[0].id, bread = first[1].id
        try store.rename(rust, to: "  My Rust reading ")
        try store.remove(2, from: rust)
        #expect(try store.collection(rust).bookmarkIDs == [1, 3, 4])

        // The library changed: bread grew ahead of rust; rust lost one and gained one (2 is back in the group).
        try store.replace(with: [SmartCollection(name: "Baking & Bread", description: "b2", bookmarkIDs: [10, 11, 12, 13, 14]),
                                 SmartCollection(name: "Rust & Cargo", description: "a2", bookmarkIDs: [1, 2, 3, 5]),
                                 SmartCollection(name: "Chess", description: "c", bookmarkIDs: [20, 21, 22])], generation: 6)
        let second = try store.all()
        #expect(second.map(\.id).prefix(2) == [bread, rust], "same groups, same ids")
        #expect(second.map(\.name) == ["Baking & Bread", "My Rust reading", "Chess"], "the person's name stays")
        #expect(try store.collection(rust).bookmarkIDs == [1, 3, 5], "a removed bookmark stays out")
        #expect(!Set([rust, bread]).contains(second[2].id))
        #expect(try store.refreshedGeneration() == 6)
    }

    @Test func aGroupThatIsGoneIsDroppedUnlessThePersonNamedIt() throws {
        let (store, _, directory) = try Self.store()
        defer { directory.cleanUp() }
        try store.replace(with: [SmartCollection(name: "A", description: "", bookmarkIDs: [1, 2, 3]),
                                 SmartCollection(name: "B", description: "", bookmarkIDs: [4, 5, 6])], generation: 1)
        let ids = try store.all().map(\.id)
        try store.rename(ids[1], to: "Kept")
        try store.replace(with: [SmartCollection(name: "C", description: "", bookmarkIDs: [7, 8, 9])], generation: 2)
        let after = try store.all()
        #expect(after.map(\.name) == ["C", "Kept"])
        #expect(!after.map(\.id).contains(ids[0]))
        #expect(throws: CollectionError.notFound(ids[0])) { try store.collection(ids[0]) }
        #expect(after[0].id > ids[1], "an id is never given again")
    }

    @Test func namesAreCheckedAndUnknownCollectionsSaySo() throws {
        let (store, _, directory) = try Self.store()
        defer { directory.cleanUp() }
        try store.replace(with: [SmartCollection(name: "A", description: "", bookmarkIDs: [1, 2, 3])], generation: 1)
        let id = try #require(try store.all().first?.id)
        #expect(throws: CollectionError.invalidName) { try store.rename(id, to: "   ") }
        #expect(throws: CollectionError.invalidName) { try store.rename(id, to: String(repeating: "x", count: 201)) }
        #expect(throws: CollectionError.notFound(999)) { try store.rename(999, to: "Name") }
        #expect(throws: CollectionError.notFound(999)) { try store.remove(1, from: 999) }
    }

    @Test func matchingPairsTheBestOverlapsFirst() {
        let matches = CollectionStore.match(old: [(id: 7, members: [1, 2, 3, 4]), (id: 8, members: [5, 6])],
                                            new: [[1, 2, 3], [3, 4, 9, 10, 11, 12], [40, 41]])
        #expect(matches == [0: 7])
    }
}
