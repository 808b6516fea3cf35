import Foundation
import MarksCore
import Testing
@testable import MarksStorage

/// The store's trash: a delete is recorded at once and keeps the whole bookmark; a restore is exact; purges are final.
@Suite struct BookmarkStoreTrashTests {
    @Test func aDeletedBookmarkLeavesEveryListSearchAndTagCountButWaitsInTheTrash() throws {
        let f = try StoreFixture()
        let kept = try f.add("https://example.com/kept", title: "Kept sourdough", tags: ["bread"])
        let gone = try f.add("https://example.com/gone", title: "Gone sourdough", notes: "my notes", tags: ["bread", "Baking"],
                             unread: true, shared: true)
        try f.store.delete(id: gone.id)

        #expect(try f.ids() == [kept.id])
        #expect(try f.search("sourdough") == [kept.id])
        #expect(try f.search("#baking").isEmpty)
        #expect(throws: BookmarkStoreError.notFound(kind: "Bookmark")) { try f.store.bookmark(id: gone.id) }
        #expect(try f.store.bookmark(matching: gone.url) == nil)
        let trashed = try f.store.trashed()
        #expect(trashed.map(\.bookmark) == [gone])
        #expect(trashed.first?.deletedAt == f.clock.date)
        #expect(trashed.first?.restore == .exact)
        #expect(throws: BookmarkStoreError.notFound(kind: "Bookmark")) { try f.store.delete(id: gone.id) }
    }

    @Test func aRestoreBringsItBackExactlyWithItsIDTagsDatesAndFlags() throws {
        let f = try StoreFixture()
        let archived = try f.add("https://example.com/a", title: "Archived one", description: "d", notes: "n", tags: ["x", "y"],
                                 unread: true, shared: true, archived: true)
        try f.store.delete(id: archived.id)
        f.clock.advance(3600)
        let restored = try f.store.restore(id: archived.id)
        #expect(restored == archived)
        #expect(try f.store.bookmark(id: archived.id) == archived)
        #expect(try f.store.list(BookmarkListQuery(search: "archived", archived: true), scope: .archived).results == [archived])
        #expect(try f.store.trashed().isEmpty)
        #expect(throws: BookmarkStoreError.notFound(kind: "Bookmark")) { try f.store.restore(id: archived.id) }
    }

    @Test func theSameURLSavedAgainIsAFreshBookmarkAndTheTrashedOneWaitsItsTurn() throws {
        let f = try StoreFixture()
        let first = try f.add("https://example.com/again", title: "First")
        try f.store.delete(id: first.id)
        let second = try f.add("https://example.com/again", title: "Second")
        #expect(second.id != first.id, "ids are never reused")
        #expect(throws: BookmarkStoreError.invalid(["url": [BookmarkStore.restoreConflict]])) { try f.store.restore(id: first.id) }
        try f.store.delete(id: second.id)
        #expect(try f.store.restore(id: first.id) == first)
        #expect(try f.store.trashed().map(\.bookmark.id) == [second.id])
    }

    @Test func purgesAreFinalAndRespectTheCutoff() throws {
        let f = try StoreFixture()
        let old = try f.add("https://example.com/old")
        try f.store.delete(id: old.id)
        f.clock.advance(10 * 86_400)
        let recent = try f.add("https://example.com/recent")
        try f.store.delete(id: recent.id)
        #expect(try f.store.purgeTrash(deletedBefore: f.clock.date.addingTimeInterval(-86_400)) == [old.id])
        #expect(try f.store.trashed().map(\.bookmark.id) == [recent.id])
        try f.store.purgeTrashed(id: recent.id)
        #expect(try f.store.trashed().isEmpty)
        #expect(throws: BookmarkStoreError.notFound(kind: "Bookmark")) { try f.store.restore(id: recent.id) }
        #expect(throws: BookmarkStoreError.notFound(kind: "Bookmark")) { try f.store.purgeTrashed(id: recent.id) }
    }

    @Test func theTrashSurvivesReopeningTheFile() throws {
        let f = try StoreFixture()
        let gone = try f.add("https://example.com/gone", tags: ["t"])
        try f.store.delete(id: gone.id)
        let reopened = try BookmarkStore(path: f.path, now: { Date(timeIntervalSince1970: 0) })
        #expect(try reopened.trashed().map(\.bookmark) == [gone])
        #expect(try reopened.list(BookmarkListQuery()).results.isEmpty)
    }
}
