import Foundation
import MarksCore
import Testing

/// Contract cases that write: create, overwrite, PATCH, tags, archive, delete, refusals.
extension ContractCase {
    static func createThenGet(_ f: ContractFixture) async throws {
        let made = try await f.create(BookmarkDraft(url: f.url("a"), title: "Title", tagNames: [f.tag()]))
        let fetched = try await f.source.bookmark(id: made.id)
        #expect(fetched == made)
        #expect(fetched.url == f.url("a"))
        #expect(fetched.title == "Title")
    }

    static func createKeepsEveryField(_ f: ContractFixture) async throws {
        let added = try #require(LinkdingDate.parse("2023-05-06T07:08:09.123456Z"))
        let modified = try #require(LinkdingDate.parse("2024-02-03T04:05:06.654321Z"))
        let draft = BookmarkDraft(url: f.url("every"), title: "T", description: "D", notes: "Some *markdown*", unread: true,
                                  shared: true, tagNames: ["zeta" + f.namespace, f.tag(), "Alpha" + f.namespace], dateAdded: added,
                                  dateModified: modified)
        let made = try await f.create(draft)
        #expect(made.title == "T" && made.description == "D" && made.notes == "Some *markdown*")
        #expect(made.unread && made.shared && !made.isArchived)
        #expect(made.tagNames == ["Alpha" + f.namespace, f.tag(), "zeta" + f.namespace])
        #expect(LinkdingDate.format(made.dateAdded) == "2023-05-06T07:08:09.123456Z")
        #expect(LinkdingDate.format(made.dateModified) == "2024-02-03T04:05:06.654321Z", "a create keeps the date_modified sent")
        #expect(made.webArchiveSnapshotURL == "https://web.archive.org/web/20230506070809/\(f.url("every"))")
        #expect(made.faviconURL == nil && made.previewImageURL == nil)
    }

    static func postOfAnExistingURLOverwrites(_ f: ContractFixture) async throws {
        let first = try await f.create(BookmarkDraft(url: "https://\(f.namespace).example.com/Page/?b=2&a=1", title: "T", description: "D",
                                                     notes: "N", unread: true, shared: true, tagNames: [f.tag(), f.tag("x")]))
        try await f.source.archive(id: first.id)
        let second = try await f.create(BookmarkDraft(url: "HTTPS://\(f.namespace).EXAMPLE.com/Page?a=1&b=2", title: "U", tagNames: [f.tag()]))
        #expect(second.id == first.id)
        #expect(second.url == first.url)
        #expect(second.title == "U" && second.description == "" && second.notes == "")
        #expect(!second.unread && !second.shared)
        #expect(second.tagNames == [f.tag()])
        #expect(second.isArchived)
        #expect(second.dateAdded == first.dateAdded)
        #expect(try await f.list(BookmarkListQuery(archived: true)).count == 1)
    }

    static func patchSendsOnlyChangedFields(_ f: ContractFixture) async throws {
        let made = try await f.create(BookmarkDraft(url: f.url("p"), title: "T", description: "D", notes: "N", unread: true,
                                                    shared: true, tagNames: [f.tag(), f.tag("a")]))
        let titled = try await f.source.update(id: made.id, BookmarkUpdate(title: "New"))
        #expect(titled.title == "New")
        #expect(titled.description == "D" && titled.notes == "N" && titled.url == made.url)
        #expect(titled.unread && titled.shared)
        #expect(titled.tagNames == made.tagNames)
        #expect(titled.dateAdded == made.dateAdded)
        #expect(titled.dateModified > made.dateModified)
        let read = try await f.source.update(id: made.id, BookmarkUpdate(unread: false))
        #expect(!read.unread && read.shared && read.title == "New")
        var edited = read
        edited.notes = "Edited"
        let diff = BookmarkUpdate(from: read, to: edited)
        #expect(diff.jsonFields.map(\.0) == ["notes"])
        let noted = try await f.source.update(id: made.id, diff)
        #expect(noted.notes == "Edited" && noted.description == "D" && !noted.unread)
    }

    static func patchClearsTagsOnlyWhenAskedTo(_ f: ContractFixture) async throws {
        let made = try await f.create(BookmarkDraft(url: f.url("t"), tagNames: [f.tag(), f.tag("a"), f.tag("b")]))
        let kept = try await f.source.update(id: made.id, BookmarkUpdate(notes: "n"))
        #expect(kept.tagNames == [f.tag(), f.tag("a"), f.tag("b")])
        let fewer = try await f.source.update(id: made.id, BookmarkUpdate(tagNames: [f.tag("b"), f.tag()]))
        #expect(fewer.tagNames == [f.tag(), f.tag("b")])
        let cleared = try await f.source.update(id: made.id, BookmarkUpdate(tagNames: []))
        #expect(cleared.tagNames.isEmpty)
        #expect(try await f.source.bookmark(id: made.id).tagNames.isEmpty)
    }

    static func patchToAnotherBookmarksURLIs400(_ f: ContractFixture) async throws {
        let one = try await f.create(BookmarkDraft(url: f.url("one"), tagNames: [f.tag()]))
        let two = try await f.create(BookmarkDraft(url: f.url("two"), title: "two", tagNames: [f.tag()]))
        let error = await sourceError { _ = try await f.source.update(id: two.id, BookmarkUpdate(url: one.url)) }
        #expect(error == .invalid(["url": ["A bookmark with this URL already exists."]]))
        #expect(try await f.source.bookmark(id: two.id).url == f.url("two"))
        let moved = try await f.source.update(id: two.id, BookmarkUpdate(url: f.url("three")))
        #expect(moved.url == f.url("three") && moved.title == "two")
    }

    static func tagNamesAreCleaned(_ f: ContractFixture) async throws {
        let ns = f.namespace
        _ = try await f.create(BookmarkDraft(url: f.url("first"), tagNames: [f.tag(), "Swift" + ns]))
        let made = try await f.create(BookmarkDraft(url: f.url("second"), tagNames: [
            f.tag(), "  \(ns)two \(ns)words ", "\(ns)c,\(ns)d", "#\(ns)hash", "swift" + ns, "SWIFT" + ns,
        ]))
        #expect(made.tagNames == TagNames.sorted(["#\(ns)hash", "Swift" + ns, ns, "\(ns)c", "\(ns)d", "\(ns)two-\(ns)words"]))
        let blank = await sourceError { _ = try await f.create(BookmarkDraft(url: f.url("blank"), tagNames: [f.tag(), "   "])) }
        #expect(blank == .invalid(["tag_names.1": ["This field may not be blank."]]))
    }

    static func archiveAndUnarchiveAreIdempotent(_ f: ContractFixture) async throws {
        let made = try await f.create(BookmarkDraft(url: f.url("idem"), tagNames: [f.tag()]))
        try await f.source.archive(id: made.id)
        let once = try await f.source.bookmark(id: made.id)
        try await f.source.archive(id: made.id)
        let twice = try await f.source.bookmark(id: made.id)
        #expect(once.isArchived && twice.isArchived)
        #expect(once.dateModified > made.dateModified && twice.dateModified > once.dateModified)
        try await f.source.unarchive(id: made.id)
        try await f.source.unarchive(id: made.id)
        #expect(try await f.source.bookmark(id: made.id).isArchived == false)
    }

    static func deleteThenGone(_ f: ContractFixture) async throws {
        let made = try await f.create(BookmarkDraft(url: f.url("gone"), tagNames: [f.tag()]))
        try await f.source.delete(id: made.id)
        #expect(await sourceError { _ = try await f.source.bookmark(id: made.id) } == .notFound)
        #expect(try await f.list().count == 0)
        #expect(await sourceError { try await f.source.delete(id: made.id) } == .notFound)
    }

    static func missingBookmarksAre404(_ f: ContractFixture) async throws {
        let missing = 987_654_321
        #expect(await sourceError { _ = try await f.source.bookmark(id: missing) } == .notFound)
        #expect(await sourceError { _ = try await f.source.update(id: missing, BookmarkUpdate(title: "x")) } == .notFound)
        #expect(await sourceError { try await f.source.delete(id: missing) } == .notFound)
        #expect(await sourceError { try await f.source.archive(id: missing) } == .notFound)
        #expect(await sourceError { try await f.source.unarchive(id: missing) } == .notFound)
    }

    static func invalidInputIs400WithFieldMessages(_ f: ContractFixture) async throws {
        #expect(await sourceError { _ = try await f.create(BookmarkDraft(url: "notaurl")) } == .invalid(["url": ["Enter a valid URL."]]))
        #expect(await sourceError { _ = try await f.create(BookmarkDraft(url: "javascript:alert(1)")) }
                == .invalid(["url": ["Enter a valid URL."]]))
        #expect(await sourceError { _ = try await f.create(BookmarkDraft(url: "")) } == .invalid(["url": ["This field may not be blank."]]))
        let long = String(repeating: "x", count: 513)
        #expect(await sourceError { _ = try await f.create(BookmarkDraft(url: f.url("long"), title: long)) }
                == .invalid(["title": ["Ensure this field has no more than 512 characters."]]))
        #expect(try await f.list().count == 0)
    }

    static func scrapingFillsAnEmptyTitle(_ f: ContractFixture) async throws {
        let quiet = try await f.create(BookmarkDraft(url: f.url("quiet"), tagNames: [f.tag()]))
        #expect(quiet.title == "" && quiet.description == "")
        let scraped = try await f.source.create(BookmarkDraft(url: f.url("scraped"), tagNames: [f.tag()]), scrape: true)
        f.remember(scraped.id)
        if f.stubbedMetadata {
            #expect(scraped.title == "Page \(f.url("scraped"))")
            #expect(scraped.description == "About \(f.url("scraped"))")
        }
        let titled = try await f.source.create(BookmarkDraft(url: f.url("titled"), title: "Mine", tagNames: [f.tag()]), scrape: true)
        f.remember(titled.id)
        #expect(titled.title == "Mine")
    }
}
