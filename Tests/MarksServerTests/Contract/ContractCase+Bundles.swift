import Foundation
import MarksCore
import Testing

/// Contract case for bundles (linkding 1.4x's saved searches): create, list, PATCH, list bookmarks with
/// `bundle=<id>`, delete.
extension ContractCase {
    static func bundlesAreSavedSearches(_ f: ContractFixture) async throws {
        let one = try await f.create(BookmarkDraft(url: f.url("b1"), title: "One", unread: true, tagNames: [f.tag(), f.tag("x")]))
        let two = try await f.create(BookmarkDraft(url: f.url("b2"), title: "Two", tagNames: [f.tag(), f.tag("x"), f.tag("y")]))
        _ = try await f.create(BookmarkDraft(url: f.url("b3"), title: "Three", tagNames: [f.tag(), f.tag("y")]))
        let bundle = try await f.source.createBundle(BookmarkBundleDraft(name: "Bundle " + f.namespace, anyTags: f.tag("x")))
        do {
            #expect(bundle.name == "Bundle " + f.namespace)
            #expect(bundle.anyTags == f.tag("x") && bundle.filterUnread == .off)
            let listed = try await f.source.bundles(limit: 100, offset: 0)
            #expect(listed.results.contains { $0.id == bundle.id && $0.name == bundle.name })
            #expect(Set(try await f.list(BookmarkListQuery(bundle: bundle.id)).results.map(\.id)) == [one.id, two.id])

            let changed = try await f.source.updateBundle(id: bundle.id, BookmarkBundleDraft(excludedTags: f.tag("y")))
            #expect(changed.name == bundle.name, "a PATCH keeps the fields it does not send")
            #expect(changed.anyTags == f.tag("x") && changed.excludedTags == f.tag("y"))
            #expect(try await f.list(BookmarkListQuery(bundle: bundle.id)).results.map(\.id) == [one.id])
            let unread = try await f.source.updateBundle(id: bundle.id, BookmarkBundleDraft(excludedTags: "", filterUnread: "no"))
            #expect(unread.filterUnread == .no)
            #expect(try await f.list(BookmarkListQuery(bundle: bundle.id)).results.map(\.id) == [two.id])
            await #expect(throws: BookmarkSourceError.self) {
                try await f.source.createBundle(BookmarkBundleDraft(name: ""))
            }
        } catch {
            try await f.source.deleteBundle(id: bundle.id)
            throw error
        }
        try await f.source.deleteBundle(id: bundle.id)
        #expect(!(try await f.source.bundles(limit: 100, offset: 0)).results.contains { $0.id == bundle.id })
    }
}
