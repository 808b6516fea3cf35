import Foundation
import MarksCore
import Testing
@testable import MarksStorage

@Suite struct BookmarkValidationTests {
    private static let tooLong2048 = "Ensure this field has no more than 2048 characters."

    @Test(arguments: [
        ("", ["url": ["This field may not be blank."]]),
        ("   ", ["url": ["This field may not be blank."]]),
        ("not a url", ["url": ["Enter a valid URL."]]),
        ("http://intranet/", ["url": ["Enter a valid URL."]]),
        ("javascript:alert(1)", ["url": ["Enter a valid URL."]]),
        ("https://example.com/" + String(repeating: "a", count: 2100), ["url": ["Enter a valid URL.", tooLong2048]]),
    ] as [(String, [String: [String]])])
    func refusesBadURLsInLinkdingsWords(url: String, expected: [String: [String]]) throws {
        let f = try StoreFixture()
        #expect(throws: BookmarkStoreError.invalid(expected)) { try f.store.create(BookmarkDraft(url: url)) }
        #expect(try f.store.list(BookmarkListQuery()).count == 0)
    }

    @Test func urlIsTrimmed() throws {
        let f = try StoreFixture()
        #expect(try f.store.create(BookmarkDraft(url: "  https://example.com/x \n")).url == "https://example.com/x")
    }

    @Test func titleUpTo512CharactersIsAccepted() throws {
        let f = try StoreFixture()
        let title = String(repeating: "é", count: 512)
        #expect(try f.store.create(BookmarkDraft(url: "https://example.com", title: title)).title == title)
    }

    @Test func titleOver512CharactersIsRefused() throws {
        let f = try StoreFixture()
        #expect(throws: BookmarkStoreError.invalid(["title": ["Ensure this field has no more than 512 characters."]])) {
            try f.store.create(BookmarkDraft(url: "https://example.com", title: String(repeating: "x", count: 513)))
        }
    }

    @Test func aTenMegabyteTitleIsAClearInvalid() throws {
        let f = try StoreFixture()
        let huge = String(repeating: "0123456789", count: 1_048_576)
        #expect(throws: BookmarkStoreError.invalid(["title": ["Ensure this field has no more than 512 characters."]])) {
            try f.store.create(BookmarkDraft(url: "https://example.com", title: huge))
        }
        let b = try f.add("https://example.com")
        #expect(throws: BookmarkStoreError.invalid(["title": ["Ensure this field has no more than 512 characters."]])) {
            try f.store.update(id: b.id, BookmarkUpdate(title: huge))
        }
    }

    @Test func textFieldsAreTrimmedAsDRFDoes() throws {
        let f = try StoreFixture()
        let b = try f.store.create(BookmarkDraft(url: "https://example.com", title: "  T \t", description: "\n D ", notes: " N\u{A0}"))
        #expect(b.title == "T" && b.description == "D" && b.notes == "N")
    }

    @Test func aBlankTagEntryIsRefusedByItsIndex() throws {
        let f = try StoreFixture()
        #expect(throws: BookmarkStoreError.invalid(["tag_names.1": ["This field may not be blank."]])) {
            try f.store.create(BookmarkDraft(url: "https://example.com", tagNames: ["ok", "  "]))
        }
    }

    @Test func aTagNameOver64CharactersIsRefusedByItsIndex() throws {
        let f = try StoreFixture()
        #expect(throws: BookmarkStoreError.invalid(["tag_names.0": ["Ensure this field has no more than 64 characters."]])) {
            try f.store.create(BookmarkDraft(url: "https://example.com", tagNames: [String(repeating: "t", count: 65)]))
        }
        #expect(try f.add("https://example.com", tags: [String(repeating: "t", count: 64)]).tagNames.count == 1)
    }

    @Test func everyFieldErrorIsReportedAtOnce() throws {
        let f = try StoreFixture()
        #expect(throws: BookmarkStoreError.invalid([
            "url": ["Enter a valid URL."], "title": ["Ensure this field has no more than 512 characters."],
            "tag_names.0": ["This field may not be blank."],
        ])) {
            try f.store.create(BookmarkDraft(url: "nope", title: String(repeating: "x", count: 600), tagNames: [""]))
        }
    }

    @Test func invalidInputChangesNothing() throws {
        let f = try StoreFixture()
        let b = try f.add("https://example.com", title: "T", tags: ["a"])
        #expect(throws: BookmarkStoreError.self) { try f.store.update(id: b.id, BookmarkUpdate(title: "new", tagNames: ["", "b"])) }
        #expect(try f.store.bookmark(id: b.id) == b)
        #expect(try f.store.tags().results.map(\.name) == ["a"])
    }

    @Test func errorsMapToTheSeamsErrors() {
        #expect(BookmarkStoreError.notFound(kind: "Bookmark").sourceError == .notFound)
        #expect(BookmarkStoreError.invalid(["url": ["x"]]).sourceError == .invalid(["url": ["x"]]))
    }
}
