import Foundation
import MarksCore
import Testing
@testable import MarksStorage

@Suite struct BookmarkStoreTagTests {
    @Test func tagsListInCreationOrderWithCountAndPages() throws {
        let f = try StoreFixture()
        try f.add("https://one.example", tags: ["zeta", "alpha"])
        try f.add("https://two.example", tags: ["Mid"])
        let all = try f.store.tags()
        #expect(all.count == 3)
        #expect(Set(all.results.prefix(2).map(\.name)) == ["zeta", "alpha"])
        #expect(all.results.last?.name == "Mid")
        #expect(all.results.map(\.id) == all.results.map(\.id).sorted())
        let page = try f.store.tags(limit: 1, offset: 2)
        #expect(page.count == 3 && page.results.map(\.name) == ["Mid"])
        #expect(try f.store.tags(limit: 5, offset: 10).results.isEmpty)
        #expect(try f.store.tags(limit: 0).results.count == 3)
    }

    @Test func createTagIsGetOrCreateCaseInsensitive() throws {
        let f = try StoreFixture()
        let first = try f.store.createTag(name: "Swift")
        f.clock.advance()
        let again = try f.store.createTag(name: "sWIFT")
        #expect(again == first)
        #expect(first.dateAdded == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(try f.store.tag(id: first.id) == first)
    }

    @Test func createTagDoesNotCleanTheName() throws {
        let f = try StoreFixture()
        #expect(try f.store.createTag(name: "  two words  ").name == "two words")
    }

    @Test(arguments: [
        (nil, ["name": ["This field is required."]]),
        ("", ["name": ["This field may not be blank."]]),
        ("   ", ["name": ["This field may not be blank."]]),
        (String(repeating: "n", count: 65), ["name": ["Ensure this field has no more than 64 characters."]]),
    ] as [(String?, [String: [String]])])
    func createTagValidatesTheName(name: String?, expected: [String: [String]]) throws {
        let f = try StoreFixture()
        #expect(throws: BookmarkStoreError.invalid(expected)) { try f.store.createTag(name: name) }
    }

    @Test func deletingATagRemovesItFromBookmarksWithoutBumpingThem() throws {
        let f = try StoreFixture()
        let b = try f.add("https://example.com", tags: ["gone", "kept"])
        let gone = try #require(try f.store.tags().results.first { $0.name == "gone" })
        f.clock.advance(100)
        try f.store.deleteTag(id: gone.id)
        let read = try f.store.bookmark(id: b.id)
        #expect(read.tagNames == ["kept"])
        #expect(read.dateModified == b.dateModified)
        #expect(throws: BookmarkStoreError.notFound(kind: "Tag")) { try f.store.tag(id: gone.id) }
        #expect(throws: BookmarkStoreError.notFound(kind: "Tag")) { try f.store.deleteTag(id: gone.id) }
        #expect(try f.search("#gone") == [])
    }
}
