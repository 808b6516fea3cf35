import Foundation
import MarksCore
import Testing
@testable import MarksStorage

@Suite struct BookmarkStoreImportTests {
    @Test func importsThousandsInOneGo() throws {
        let f = try StoreFixture()
        let entries = (0..<3_000).map { NetscapeEntry(url: "https://site\($0).example/", title: "Entry \($0)", tags: ["bulk", "n\($0 % 7)"]) }
        let result = try f.store.importBookmarks(entries)
        #expect(result.total == 3_000 && result.success == 3_000 && result.created == 3_000 && result.failed == 0)
        #expect(try f.store.list(BookmarkListQuery(limit: 1)).count == 3_000)
        #expect(try f.store.tags().count == 8)
        #expect(try f.search("#n3").count == 429)
        #expect(try f.search("\"entry 2999\"").count == 1)
    }

    @Test func importUsesTheFilesDatesAndFlags() throws {
        let f = try StoreFixture()
        let added = Date(timeIntervalSince1970: 1_500_000_000)
        let modified = Date(timeIntervalSince1970: 1_600_000_000)
        _ = try f.store.importBookmarks([
            NetscapeEntry(url: "https://a.example", dateAdded: added, dateModified: modified, unread: true, shared: true, archived: true),
            NetscapeEntry(url: "https://b.example", dateAdded: added),
            NetscapeEntry(url: "https://c.example"),
        ])
        let a = try #require(try f.store.bookmark(matching: "https://a.example"))
        #expect(a.dateAdded == added && a.dateModified == modified && a.unread && a.isArchived && !a.shared)
        let b = try #require(try f.store.bookmark(matching: "https://b.example"))
        #expect(b.dateModified == added)
        let c = try #require(try f.store.bookmark(matching: "https://c.example"))
        #expect(c.dateAdded == f.clock.now() && c.dateModified == f.clock.now())
    }

    @Test func sharedComesFromPrivateOnlyWhenAsked() throws {
        let f = try StoreFixture()
        _ = try f.store.importBookmarks([NetscapeEntry(url: "https://a.example", shared: true)], mapPrivateFlag: true)
        #expect(try f.store.bookmark(matching: "https://a.example")?.shared == true)
    }

    @Test func anExistingBookmarkIsUpdatedAndKeepsWhatTheFileLacks() throws {
        let f = try StoreFixture()
        let old = try f.add("https://example.com/x/", title: "Old title", description: "Old description", tags: ["mine"], shared: true)
        try f.store.archive(id: old.id)
        let result = try f.store.importBookmarks([
            NetscapeEntry(url: "https://EXAMPLE.com/x", title: "", description: "New description", tags: ["theirs", "MINE"], unread: true,
                          archived: false),
        ])
        #expect(result.updated == 1 && result.created == 0)
        let read = try f.store.bookmark(id: old.id)
        #expect(read.url == "https://EXAMPLE.com/x")
        #expect(read.title == "Old title" && read.description == "New description")
        #expect(read.tagNames == ["mine", "theirs"])
        #expect(read.unread && read.shared && read.isArchived)
    }

    @Test func invalidAndRepeatedEntriesAreSkippedAndReported() throws {
        let f = try StoreFixture()
        let result = try f.store.importBookmarks([
            NetscapeEntry(url: "https://ok.example"),
            NetscapeEntry(url: "not a url"),
            NetscapeEntry(url: "https://OK.example/"),
            NetscapeEntry(url: "https://long.example", title: String(repeating: "t", count: 600)),
            NetscapeEntry(url: "https://tags.example", tags: [String(repeating: "x", count: 65), "fine"]),
        ])
        #expect(result.total == 5 && result.success == 2 && result.failed == 3)
        #expect(result.failures.map(\.index) == [1, 2, 3])
        #expect(result.failures[0].reason.contains("Enter a valid URL."))
        #expect(try f.store.bookmark(matching: "https://tags.example")?.tagNames == ["fine"])
    }

    @Test func anEmptyImportDoesNothing() throws {
        let f = try StoreFixture()
        #expect(try f.store.importBookmarks([]) == ImportResult())
    }

    /// The import indexes its new rows in one statement with its insert trigger dropped: the index must be exactly
    /// what the trigger would have written (archived rows negated), updates still reindexed, and the trigger back.
    @Test func theImportsFullTextIndexIsExactAndItsTriggerIsBack() throws {
        let f = try StoreFixture()
        let kept = try f.add("https://kept.example", title: "Keeper of walnuts")
        let updated = try f.add("https://updated.example", description: "stale pistachio")
        let result = try f.store.importBookmarks([
            NetscapeEntry(url: "https://new.example", title: "Fresh Hazelnut", tags: ["nuts"]),
            NetscapeEntry(url: "https://archived.example", description: "Archived almond", archived: true),
            NetscapeEntry(url: "https://updated.example", description: "fresh cashew"),
        ])
        #expect(result.created == 2 && result.updated == 1)
        let fresh = try #require(try f.store.bookmark(matching: "https://new.example"))
        #expect(try f.search("hazelnut") == [fresh.id])
        #expect(try f.search("walnut") == [kept.id])
        #expect(try f.search("cashew") == [updated.id])
        #expect(try f.search("pistachio").isEmpty)
        #expect(try f.search("almond").isEmpty)
        let archived = try #require(try f.store.bookmark(matching: "https://archived.example"))
        #expect(try f.store.list(BookmarkListQuery(search: "almond"), scope: .archived).results.map(\.id) == [archived.id])
        #expect(try f.search("fresh").sorted() == [updated.id, fresh.id].sorted())
        let later = try f.add("https://later.example", title: "Later pecan")
        #expect(try f.search("pecan") == [later.id])
        #expect(try f.search("azeln") == [fresh.id], "the vocabulary knows the imported terms")
        try f.store.delete(id: fresh.id)
        #expect(try f.search("hazelnut").isEmpty)
        #expect(try f.store.list(BookmarkListQuery(limit: 1)).count == 3, "the list counts took the import")
    }

    /// From 2,000 new bookmarks the vocabulary is refreshed from the whole index: its terms, their trigrams and the
    /// list counts must come out as the triggers would have made them.
    @Test func aLargeImportIndexesLikeTheTriggers() throws {
        let f = try StoreFixture()
        let entries = (0..<2_100).map { index in
            NetscapeEntry(url: "https://large.example/\(index)", title: "Entry zq\(index)xv", unread: index % 3 == 0,
                          archived: index % 10 == 0)
        }
        #expect(try f.store.importBookmarks(entries).created == 2_100)
        #expect(try f.search("q1234x").count == 1 && f.search("zq12").count == 100, "111 hold it, 11 of them archived")
        #expect(try f.store.list(BookmarkListQuery(search: "q1230x"), scope: .archived).count == 1)
        #expect(try f.store.list(BookmarkListQuery(limit: 1)).count == 1_890)
        #expect(try f.store.list(BookmarkListQuery(limit: 1, unread: true)).count == 630)
        let terms = try f.store.read { db in try db.queryOne("SELECT count(*) FROM store_terms WHERE term LIKE 'zq%xv'")?.int(at: 0) }
        #expect(terms == 2_100)
    }

    /// An import that fails (or is killed) after dropping the insert triggers rolls the drops back with the rest.
    @Test func aFailedImportLeavesTheInsertTriggerInPlace() throws {
        struct Abort: Error {}
        let f = try StoreFixture()
        #expect(throws: BookmarkStoreError.self) {
            try f.store.write { db in
                _ = try DeferredIndexing(db)
                throw Abort()
            }
        }
        let later = try f.add("https://later.example", title: "Later pecan")
        #expect(try f.search("pecan") == [later.id])
        #expect(try f.search("ecan") == [later.id], "the vocabulary and its trigrams took the new term")
        #expect(try f.store.list(BookmarkListQuery(limit: 1)).count == 1, "the list count took the new bookmark")
    }

    /// What a bulk import reads back (thousands of consecutive ids, in the entries' order, merged from two walks in
    /// id order) must be what reading each bookmark alone gives: its own fields and its own tags, none shifted to a
    /// neighbour. A list that is not one range, and one below the bulk size, take the general path: the same.
    @Test func bookmarksReadBackInBulkAreThoseReadOneByOne() throws {
        let f = try StoreFixture()
        let entries = (0..<1_500).map { index in
            NetscapeEntry(url: "https://bulk.example/\(index)", title: "Bulk \(index)", notes: index % 7 == 0 ? "note \(index)" : "",
                          tags: index % 5 == 0 ? [] : ["t\(index % 11)", "Shared", "only\(index)"], unread: index % 3 == 0,
                          archived: index % 4 == 0)
        }
        let result = try f.store.importBookmarks(entries)
        #expect(result.created == 1_500)
        var generator = SystemRandomNumberGenerator()
        let shuffled = result.savedIDs.shuffled(using: &generator)
        for ids in [result.savedIDs, shuffled, Array(shuffled.prefix(999)), result.savedIDs.enumerated().filter { $0.offset % 2 == 0 }.map(\.element) + [result.savedIDs[1]]] {
            let bulk = try f.store.bookmarks(ids: ids)
            #expect(bulk.map(\.id) == ids)
            #expect(bulk == (try ids.map { try f.store.bookmark(id: $0) }))
        }
        #expect(try f.store.bookmarks(ids: result.savedIDs + [result.savedIDs.last! + 1]).count == 1_500, "a missing id is left out")
    }

    /// What an import hands on, part by part, is what reading the bookmarks back gives: created ones built from what
    /// was written (a tag's stored spelling when the file spells it otherwise, two spellings linked once, the
    /// fallback snapshot link, dates and flags), updated ones read back with what they kept.
    @Test func theBookmarksAnImportHandsOnAreThoseReadBack() throws {
        let f = try StoreFixture()
        _ = try f.store.createTag(name: "Python")
        let old = try f.add("https://old.example/page", title: "Old", description: "Kept", tags: ["mine"], shared: true)
        var entries: [NetscapeEntry] = []
        for index in 0..<2_500 {
            let title = index % 9 == 0 ? "" : "Hand \(index)"
            let description = index % 4 == 0 ? "about \(index)" : ""
            let notes = index % 7 == 0 ? "note \(index)" : ""
            let tags: [String] = index % 5 == 0 ? [] : ["python", "Dup", "dup", "t\(index % 13)"]
            let added: Date? = index % 3 == 0 ? nil : Date(timeIntervalSince1970: 1_600_000_000 + Double(index))
            entries.append(NetscapeEntry(url: "https://hand.example/\(index)", title: title, description: description, notes: notes,
                                         tags: tags, dateAdded: added, unread: index % 2 == 0, shared: index % 6 == 0,
                                         archived: index % 8 == 0))
        }
        entries.append(NetscapeEntry(url: "https://OLD.example/page", description: "New", tags: ["theirs"], unread: true))
        var parts = [Array(entries[..<1_200]), Array(entries[1_200...])]
        var handed: [Bookmark] = []
        let result = try f.store.importBookmarks(parts: { parts.isEmpty ? nil : parts.removeFirst() }, mapPrivateFlag: true,
                                                 saved: { handed += $0 })
        #expect(result.created == 2_500 && result.updated == 1)
        #expect(handed.map(\.id) == result.savedIDs)
        #expect(handed == (try f.store.bookmarks(ids: result.savedIDs)))
        let updated = try #require(handed.last)
        #expect(updated.id == old.id && updated.description == "New" && updated.title == "Old" && updated.shared)
        #expect(updated.tagNames == ["mine", "theirs"])
        #expect(handed[1].tagNames == ["Dup", "Python", "t1"], "the stored spelling, each tag once")
    }

    /// New bookmarks take their ids from where the store's sequence was, and it goes on from there; every tag link
    /// points at a bookmark with its archive state and at a tag (the import checks none of them row by row).
    @Test func anImportLeavesEveryReferenceSoundAndTheSequenceOnward() throws {
        let f = try StoreFixture()
        let first = try f.add("https://first.example")
        try f.store.delete(id: first.id)
        let result = try f.store.importBookmarks((0..<1_500).map {
            NetscapeEntry(url: "https://seq.example/\($0)", tags: ["a\($0 % 3)", "b"], archived: $0 % 2 == 0)
        })
        #expect(result.savedIDs.first == first.id + 1 && result.savedIDs == Array(result.savedIDs.first!...result.savedIDs.last!))
        let later = try f.add("https://later.example")
        #expect(later.id == result.savedIDs.last! + 1)
        let problems = try f.store.database.read { db in try db.query("PRAGMA foreign_key_check") }
        #expect(problems.isEmpty)
        #expect(try f.search("#b").count == 1_500 - 750, "archived links carry their state: the live search sees the live ones")
    }
}

