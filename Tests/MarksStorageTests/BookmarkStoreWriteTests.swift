import Foundation
import MarksCore
import Testing
@testable import MarksStorage

@Suite struct BookmarkStoreWriteTests {
    @Test func createStoresEveryFieldAndStampsNow() throws {
        let f = try StoreFixture()
        let added = Date(timeIntervalSince1970: 1_600_000_000.25)
        let b = try f.store.create(BookmarkDraft(url: "https://example.com/a", title: "T", description: "D", notes: "N",
                                                 unread: true, shared: true, tagNames: ["b", "A", "a2"], dateAdded: added))
        #expect(b.url == "https://example.com/a" && b.title == "T" && b.description == "D" && b.notes == "N")
        #expect(b.unread && b.shared && !b.isArchived)
        #expect(b.dateAdded == added)
        #expect(b.dateModified == f.clock.now())
        #expect(try f.store.bookmark(id: b.id) == b)
    }

    @Test func createWithoutDateAddedUsesNow() throws {
        let f = try StoreFixture()
        let b = try f.add("https://example.com")
        #expect(b.dateAdded == Date(timeIntervalSince1970: 1_700_000_000))
    }

    @Test func tagNamesAreReturnedSortedCaseSensitively() throws {
        let f = try StoreFixture()
        let b = try f.add("https://example.com", tags: ["beta", "Alpha", "alpha2", "Zed", "#hash"])
        #expect(b.tagNames == ["#hash", "Alpha", "Zed", "alpha2", "beta"])
    }

    @Test func tagNamesAreCleanedLikeLinkding() throws {
        let f = try StoreFixture()
        let b = try f.add("https://example.com", tags: ["  swift  ", "self hosted", "a,b", "Swift"])
        #expect(b.tagNames == ["a", "b", "self-hosted", "swift"])
    }

    @Test func tagNamesMergeIntoTheExistingSpellingCaseInsensitively() throws {
        let f = try StoreFixture()
        try f.add("https://one.example", tags: ["SwiftUI"])
        let b = try f.add("https://two.example", tags: ["swiftui"])
        #expect(b.tagNames == ["SwiftUI"])
        #expect(try f.store.tags().count == 1)
    }

    @Test func nonASCIITagNamesDoNotMergeAcrossCase() throws {
        let f = try StoreFixture()
        try f.add("https://one.example", tags: ["Ärger"])
        let b = try f.add("https://two.example", tags: ["ärger"])
        #expect(b.tagNames == ["ärger"])
        #expect(try f.store.tags().count == 2)
    }

    @Test func webArchiveSnapshotFallsBackToTheArchiveLink() throws {
        let f = try StoreFixture()
        let b = try f.store.create(BookmarkDraft(url: "https://example.com/x?y=1", dateAdded: Date(timeIntervalSince1970: 1_705_314_600)))
        #expect(b.webArchiveSnapshotURL == "https://web.archive.org/web/20240115103000/https://example.com/x?y=1")
    }

    @Test func createOfAnExistingNormalisedURLOverwritesIt() throws {
        let f = try StoreFixture()
        let original = try f.store.create(BookmarkDraft(
            url: "https://Example.com/path/?b=2&a=1", title: "Old", description: "old", notes: "old", unread: true, shared: true,
            tagNames: ["keep?"], dateAdded: Date(timeIntervalSince1970: 1_000)))
        try f.store.archive(id: original.id)
        f.clock.advance(60)
        let again = try f.store.create(BookmarkDraft(url: "HTTPS://EXAMPLE.COM/path?a=1&b=2", title: "New", isArchived: false,
                                                     dateAdded: Date(timeIntervalSince1970: 5_000)))
        #expect(again.id == original.id)
        #expect(again.url == "https://Example.com/path/?b=2&a=1")
        #expect(again.title == "New" && again.description == "" && again.notes == "")
        #expect(!again.unread && !again.shared)
        #expect(again.tagNames == [])
        #expect(again.isArchived)
        #expect(again.dateAdded == Date(timeIntervalSince1970: 1_000))
        #expect(again.dateModified == f.clock.now())
    }

    @Test func createArchivedGoesToTheArchive() throws {
        let f = try StoreFixture()
        let b = try f.add("https://example.com", archived: true)
        #expect(b.isArchived)
        #expect(try f.ids() == [])
        #expect(try f.ids(BookmarkListQuery(archived: true)) == [b.id])
    }

    @Test func metadataFillsOnlyEmptyTitleAndDescription() throws {
        let f = try StoreFixture()
        let metadata = BookmarkCheck.Metadata(url: "https://example.com", title: "Page title", description: "Page description")
        let filled = try f.store.create(BookmarkDraft(url: "https://example.com"), fillingEmptyFrom: metadata)
        #expect(filled.title == "Page title" && filled.description == "Page description")
        let kept = try f.store.create(BookmarkDraft(url: "https://other.example", title: "Mine"), fillingEmptyFrom: metadata)
        #expect(kept.title == "Mine" && kept.description == "Page description")
    }

    @Test func nulBytesQuotesAndUnicodeRoundTrip() throws {
        let f = try StoreFixture()
        let text = "a\u{0}b \"quoted\" 'single' \\ back; DROP TABLE store_bookmarks; -- é e\u{301} 🧪"
        let b = try f.add("https://example.com/?q=%22x%22", title: text, description: text, notes: text, tags: ["nul\u{0}tag", "quo\"te"])
        let read = try f.store.bookmark(id: b.id)
        #expect(read.title == text && read.description == text && read.notes == text)
        #expect(read.tagNames == ["nul\u{0}tag", "quo\"te"])
        #expect(read.url == "https://example.com/?q=%22x%22")
    }

    @Test func patchKeepsOmittedFieldsAndBumpsDateModified() throws {
        let f = try StoreFixture()
        let b = try f.add("https://example.com", title: "T", description: "D", tags: ["x"], unread: true)
        f.clock.advance(10)
        let patched = try f.store.update(id: b.id, BookmarkUpdate(title: "T2"))
        #expect(patched.title == "T2" && patched.description == "D" && patched.unread && patched.tagNames == ["x"])
        #expect(patched.dateModified == f.clock.now())
        #expect(patched.dateAdded == b.dateAdded)
    }

    @Test func patchWithEmptyTagNamesClearsThem() throws {
        let f = try StoreFixture()
        let b = try f.add("https://example.com", tags: ["x", "y"])
        #expect(try f.store.update(id: b.id, BookmarkUpdate(tagNames: [])).tagNames == [])
    }

    @Test func patchChangesFlagsURLAndDateAdded() throws {
        let f = try StoreFixture()
        let b = try f.add("https://example.com")
        let date = Date(timeIntervalSince1970: 12_345)
        let patched = try f.store.update(id: b.id, BookmarkUpdate(url: "https://moved.example", isArchived: true, unread: true,
                                                                  shared: true, dateAdded: date))
        #expect(patched.url == "https://moved.example" && patched.isArchived && patched.unread && patched.shared)
        #expect(patched.dateAdded == date)
        #expect(try f.store.bookmark(matching: "https://MOVED.example/")?.id == b.id)
        #expect(try f.store.bookmark(matching: "https://example.com") == nil)
    }

    @Test(arguments: ["https://taken.example", "https://TAKEN.example/"])
    func patchToAnotherBookmarksURLIsRefused(url: String) throws {
        let f = try StoreFixture()
        try f.add("https://taken.example")
        let b = try f.add("https://mine.example")
        #expect(throws: BookmarkStoreError.invalid(["url": ["A bookmark with this URL already exists."]])) {
            try f.store.update(id: b.id, BookmarkUpdate(url: url))
        }
        #expect(try f.store.bookmark(id: b.id).url == "https://mine.example")
    }

    @Test func patchToItsOwnURLIsAllowed() throws {
        let f = try StoreFixture()
        let b = try f.add("https://mine.example")
        #expect(try f.store.update(id: b.id, BookmarkUpdate(url: "https://MINE.example/")).url == "https://MINE.example/")
    }

    @Test func putRequiresTheURL() throws {
        let f = try StoreFixture()
        let b = try f.add("https://example.com", title: "T")
        #expect(throws: BookmarkStoreError.invalid(["url": ["This field is required."]])) {
            try f.store.replace(id: b.id, BookmarkUpdate(title: "x"))
        }
        let put = try f.store.replace(id: b.id, BookmarkUpdate(url: "https://example.com", description: "D"))
        #expect(put.title == "T" && put.description == "D")
    }

    @Test func missingBookmarksAreNotFound() throws {
        let f = try StoreFixture()
        let missing = BookmarkStoreError.notFound(kind: "Bookmark")
        #expect(throws: missing) { try f.store.bookmark(id: 42) }
        #expect(throws: missing) { try f.store.update(id: 42, BookmarkUpdate(title: "x")) }
        #expect(throws: missing) { try f.store.replace(id: 42, BookmarkUpdate(url: "https://a.example")) }
        #expect(throws: missing) { try f.store.delete(id: 42) }
        #expect(throws: missing) { try f.store.archive(id: 42) }
        #expect(throws: missing) { try f.store.unarchive(id: 42) }
        #expect(missing.message == "No Bookmark matches the given query.")
    }

    @Test func notFoundComesBeforeValidation() throws {
        let f = try StoreFixture()
        #expect(throws: BookmarkStoreError.notFound(kind: "Bookmark")) {
            try f.store.update(id: 7, BookmarkUpdate(url: "not a url"))
        }
    }

    @Test func archiveAndUnarchiveAreIdempotentAndBumpDateModified() throws {
        let f = try StoreFixture()
        let b = try f.add("https://example.com")
        for _ in 0..<2 {
            f.clock.advance()
            try f.store.archive(id: b.id)
            #expect(try f.store.bookmark(id: b.id).dateModified == f.clock.now())
            #expect(try f.store.bookmark(id: b.id).isArchived)
        }
        f.clock.advance()
        try f.store.unarchive(id: b.id)
        try f.store.unarchive(id: b.id)
        let read = try f.store.bookmark(id: b.id)
        #expect(!read.isArchived && read.dateModified == f.clock.now())
    }

    @Test func deleteRemovesTheBookmarkButKeepsItsTags() throws {
        let f = try StoreFixture()
        let b = try f.add("https://example.com", tags: ["kept"])
        try f.store.delete(id: b.id)
        #expect(throws: BookmarkStoreError.notFound(kind: "Bookmark")) { try f.store.bookmark(id: b.id) }
        #expect(try f.store.tags().results.map(\.name) == ["kept"])
        #expect(try f.search("example") == [])
    }

    @Test func idsAreNotReusedAfterDelete() throws {
        let f = try StoreFixture()
        let first = try f.add("https://one.example")
        try f.store.delete(id: first.id)
        #expect(try f.add("https://two.example").id == first.id + 1)
    }

    @Test func reopeningTheFileKeepsDataAndSkipsMigrations() throws {
        let f = try StoreFixture()
        let b = try f.add("https://example.com", tags: ["t"])
        let reopened = try BookmarkStore(path: f.path, now: { Date(timeIntervalSince1970: 0) })
        #expect(try reopened.bookmark(id: b.id) == b)
    }
}
