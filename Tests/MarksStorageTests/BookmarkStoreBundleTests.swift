import Foundation
import MarksCore
import Testing
@testable import MarksStorage

@Suite struct BookmarkStoreBundleTests {
    @Test func bundlesAreCreatedInOrderAndRenumberedOnDelete() throws {
        let f = try StoreFixture()
        let a = try f.store.createBundle(BookmarkBundleDraft(name: "A"))
        let b = try f.store.createBundle(BookmarkBundleDraft(name: "B"))
        let c = try f.store.createBundle(BookmarkBundleDraft(name: "C"))
        #expect(a.order == 0 && b.order == 1 && c.order == 2)
        try f.store.deleteBundle(id: a.id)
        #expect(try f.store.bundles().results.map(\.order) == [0, 1])
        #expect(try f.store.bundles().results.map(\.name) == ["B", "C"])
        #expect(throws: BookmarkStoreError.notFound(kind: "BookmarkBundle")) { try f.store.bundle(id: a.id) }
    }

    @Test func bundleFieldsValidateInLinkdingsWords() throws {
        let f = try StoreFixture()
        #expect(throws: BookmarkStoreError.invalid(["name": ["This field is required."]])) { try f.store.createBundle(BookmarkBundleDraft()) }
        #expect(throws: BookmarkStoreError.invalid(["name": ["This field may not be blank."], "filter_unread": ["\"maybe\" is not a valid choice."]])) {
            try f.store.createBundle(BookmarkBundleDraft(name: " ", filterUnread: "maybe"))
        }
        let bundle = try f.store.createBundle(BookmarkBundleDraft(name: "x"))
        #expect(throws: BookmarkStoreError.invalid(["name": ["This field is required."]])) {
            try f.store.updateBundle(id: bundle.id, BookmarkBundleDraft(search: "y"), partial: false)
        }
        f.clock.advance()
        let patched = try f.store.updateBundle(id: bundle.id, BookmarkBundleDraft(search: "y", filterShared: "yes"))
        #expect(patched.name == "x" && patched.search == "y" && patched.filterShared == .yes)
        #expect(patched.dateModified == f.clock.now() && patched.dateCreated < patched.dateModified)
    }

    @Test func listingWithABundleAppliesItsFilters() throws {
        let f = try StoreFixture()
        let swift = try f.add("https://a.example", title: "Swift server", tags: ["swift", "server"])
        let swiftRead = try f.add("https://b.example", title: "Swift client", tags: ["Swift"], unread: true)
        let rust = try f.add("https://c.example", title: "Rust server", tags: ["rust", "server"], shared: true)
        try f.add("https://d.example", title: "Cooking", tags: ["food"])
        func ids(_ draft: BookmarkBundleDraft, q: String = "") throws -> [Int] {
            let bundle = try f.store.createBundle(draft)
            return try f.ids(BookmarkListQuery(search: q, bundle: bundle.id))
        }
        #expect(try ids(BookmarkBundleDraft(name: "any", anyTags: "swift rust")) == [rust.id, swiftRead.id, swift.id])
        #expect(try ids(BookmarkBundleDraft(name: "all", allTags: "SWIFT server")) == [swift.id])
        #expect(try ids(BookmarkBundleDraft(name: "none", anyTags: "server", excludedTags: "rust")) == [swift.id])
        #expect(try ids(BookmarkBundleDraft(name: "words", search: "server #ignored -ignored")) == [rust.id, swift.id])
        #expect(try ids(BookmarkBundleDraft(name: "unread", anyTags: "swift", filterUnread: "no")) == [swift.id])
        #expect(try ids(BookmarkBundleDraft(name: "shared", filterShared: "yes")) == [rust.id])
        #expect(try ids(BookmarkBundleDraft(name: "and q", anyTags: "server"), q: "rust") == [rust.id])
        #expect(try f.ids(BookmarkListQuery(bundle: 9_999)).count == 4)
    }

    @Test func bundleWordsStayStrictInLaxMode() throws {
        let f = try StoreFixture()
        try f.add("https://a.example", title: "nothing here", tags: ["server"])
        let bundle = try f.store.createBundle(BookmarkBundleDraft(name: "b", search: "server"))
        #expect(try f.ids(BookmarkListQuery(bundle: bundle.id), tagSearch: .lax) == [])
    }

    @Test func bundleJSONFollowsLinkdingsFieldOrder() throws {
        let f = try StoreFixture()
        let bundle = try f.store.createBundle(BookmarkBundleDraft(name: "n"))
        guard case .object(let fields) = bundle.jsonValue else {
            Issue.record("not an object")
            return
        }
        #expect(fields.map(\.0) == ["id", "name", "search", "any_tags", "all_tags", "excluded_tags", "filter_unread",
                                    "filter_shared", "order", "date_created", "date_modified"])
    }
}
