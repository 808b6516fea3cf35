import Foundation
import MarksClients
import MarksCore
import Testing

/// Contract cases that read: lists, search, pagination, check, dates, tags, health.
extension ContractCase {
    static func plusSignsInQueriesAreEncoded(_ f: ContractFixture) async throws {
        let plus = try await f.create(BookmarkDraft(url: f.url("cpp"), title: "c++ tips", tagNames: [f.tag(), f.tag("c++")]))
        _ = try await f.create(BookmarkDraft(url: f.url("c"), title: "c  tips", tagNames: [f.tag()]))
        #expect(try await f.list(BookmarkListQuery(search: "c++")).results.map(\.id) == [plus.id])
        #expect(try await f.list(BookmarkListQuery(search: "#\(f.tag("c++"))")).results.map(\.id) == [plus.id])
    }

    static func searchLanguage(_ f: ContractFixture) async throws {
        let ns = f.namespace
        let a = try await f.create(BookmarkDraft(url: f.url("a"), title: "alpha swift", tagNames: [f.tag(), ns + "docs"]))
        let b = try await f.create(BookmarkDraft(url: f.url("b"), title: "beta swift", tagNames: [f.tag()]))
        let c = try await f.create(BookmarkDraft(url: f.url("c"), title: "gamma", notes: "about swift-less things", tagNames: [f.tag(), ns + "selfhosted"]))
        func ids(_ q: String) async throws -> Set<Int> { Set(try await f.list(BookmarkListQuery(search: q)).results.map(\.id)) }
        #expect(try await ids("SWIFT") == [a.id, b.id, c.id])
        #expect(try await ids("swift not #\(ns)DOCS") == [b.id, c.id])
        #expect(try await ids("(#\(ns)docs or #\(ns)selfhosted)") == [a.id, c.id])
        #expect(try await ids("\"alpha swift\"") == [a.id])
        #expect(try await ids("'beta swift'") == [b.id])
        #expect(try await ids("(unclosed") == [])
        #expect(try await ids("!foo") == [a.id, b.id, c.id])
        #expect(try await ids("gamma or beta") == [b.id, c.id])
    }

    static func paginationFollowsNext(_ f: ContractFixture) async throws {
        var made: [Int] = []
        for index in 1...5 {
            made.append(try await f.create(BookmarkDraft(url: f.url("page\(index)"), title: "Page \(index)", tagNames: [f.tag()])).id)
        }
        var page = try await f.list(BookmarkListQuery(limit: 2))
        #expect(page.count == 5 && page.results.count == 2 && page.previous == nil)
        var seen = page.results.map(\.id)
        var pages = 1
        while let next = page.next, pages < 10 {
            page = try await f.source.page(at: next)
            #expect(page.previous != nil)
            #expect(page.count == 5)
            seen += page.results.map(\.id)
            pages += 1
        }
        #expect(pages == 3)
        #expect(seen == made.reversed())
        let past = try await f.list(BookmarkListQuery(limit: 2, offset: 50))
        #expect(past.results.isEmpty && past.count == 5 && past.next == nil)
    }

    static func archivedBookmarksHaveTheirOwnList(_ f: ContractFixture) async throws {
        let a = try await f.create(BookmarkDraft(url: f.url("a"), tagNames: [f.tag()]))
        let b = try await f.create(BookmarkDraft(url: f.url("b"), tagNames: [f.tag()]))
        try await f.source.archive(id: a.id)
        #expect(try await f.list().results.map(\.id) == [b.id])
        #expect(try await f.list(BookmarkListQuery(archived: true)).results.map(\.id) == [a.id])
        #expect(try await f.source.bookmark(id: a.id).isArchived)
        let born = try await f.create(BookmarkDraft(url: f.url("born"), isArchived: true, tagNames: [f.tag()]))
        #expect(born.isArchived)
        #expect(try await f.list(BookmarkListQuery(archived: true)).results.map(\.id) == [born.id, a.id])
        try await f.source.unarchive(id: a.id)
        #expect(try await f.list().results.map(\.id) == [b.id, a.id])
    }

    static func checkFindsByNormalizedURL(_ f: ContractFixture) async throws {
        let made = try await f.create(BookmarkDraft(url: "https://\(f.namespace).example.com/Path/?b=1&a=2", tagNames: [f.tag()]))
        try await f.source.archive(id: made.id)
        let asked = "HTTPS://\(f.namespace.uppercased()).EXAMPLE.COM/Path?a=2&b=1"
        let check = try await f.source.check(url: asked)
        #expect(check.bookmark?.id == made.id)
        #expect(check.bookmark?.isArchived == true)
        #expect(check.metadata.url == asked)
        if f.stubbedMetadata { #expect(check.metadata.title == "Page \(asked)") }
        let otherPath = try await f.source.check(url: "https://\(f.namespace).example.com/path?a=2&b=1")
        #expect(otherPath.bookmark == nil, "the path keeps its case")
    }

    static func checkWithoutABookmark(_ f: ContractFixture) async throws {
        let check = try await f.source.check(url: f.url("nothing here"))
        #expect(check.bookmark == nil)
        #expect(check.metadata.url == f.url("nothing here"))
        if f.isolated { #expect(check.autoTags.isEmpty) }
    }

    static func datesRoundTripInEveryForm(_ f: ContractFixture) async throws {
        for (index, (input, output)) in [("2024-01-15T10:30:00.218339Z", "2024-01-15T10:30:00.218339Z"),
                                         ("2024-01-15T10:30:00Z", "2024-01-15T10:30:00Z"),
                                         ("2024-01-15T11:30:00.5+01:00", "2024-01-15T10:30:00.500000Z"),
                                         ("2024-01-15T05:30:00-05:00", "2024-01-15T10:30:00Z")].enumerated() {
            let date = try #require(LinkdingDate.parse(input))
            let made = try await f.create(BookmarkDraft(url: f.url("date\(index)"), tagNames: [f.tag()], dateAdded: date))
            #expect(LinkdingDate.format(made.dateAdded) == output)
            let moved = try await f.source.update(id: made.id, BookmarkUpdate(dateAdded: date.addingTimeInterval(86_400)))
            #expect(moved.dateAdded.timeIntervalSince(made.dateAdded).rounded() == 86_400)
            #expect(moved.dateModified >= made.dateModified)
        }
        let since = try #require(LinkdingDate.parse("2024-01-16T10:30:00.3Z"))
        #expect(try await f.list(BookmarkListQuery(addedSince: since)).count == 1, "only the .5 s one is strictly later")
    }

    static func modifiedSinceIsStrictlyAfter(_ f: ContractFixture) async throws {
        let a = try await f.create(BookmarkDraft(url: f.url("a"), tagNames: [f.tag()]))
        let b = try await f.create(BookmarkDraft(url: f.url("b"), tagNames: [f.tag()]))
        #expect(try await f.list(BookmarkListQuery(modifiedSince: a.dateModified)).results.map(\.id) == [b.id])
        let touched = try await f.source.update(id: a.id, BookmarkUpdate(notes: "touched"))
        #expect(try await f.list(BookmarkListQuery(modifiedSince: b.dateModified)).results.map(\.id) == [a.id])
        #expect(try await f.list(BookmarkListQuery(modifiedSince: touched.dateModified)).results.isEmpty)
    }

    static func unreadAndSharedFilters(_ f: ContractFixture) async throws {
        let a = try await f.create(BookmarkDraft(url: f.url("a"), unread: true, tagNames: [f.tag()]))
        let b = try await f.create(BookmarkDraft(url: f.url("b"), shared: true, tagNames: [f.tag()]))
        let c = try await f.create(BookmarkDraft(url: f.url("c"), tagNames: [f.tag()]))
        #expect(try await f.list(BookmarkListQuery(unread: true)).results.map(\.id) == [a.id])
        #expect(try await f.list(BookmarkListQuery(unread: false)).results.map(\.id) == [c.id, b.id])
        #expect(try await f.list(BookmarkListQuery(shared: true)).results.map(\.id) == [b.id])
        #expect(try await f.list(BookmarkListQuery(shared: false)).results.map(\.id) == [c.id, a.id])
        #expect(try await f.list(BookmarkListQuery(search: "!unread")).results.map(\.id) == [a.id])
    }

    static func sortOrders(_ f: ContractFixture) async throws {
        let b = try await f.create(BookmarkDraft(url: f.url("1"), title: "bravo", tagNames: [f.tag()]))
        let a = try await f.create(BookmarkDraft(url: f.url("2"), title: "alpha", tagNames: [f.tag()]))
        let c = try await f.create(BookmarkDraft(url: f.url("3"), title: "charlie", tagNames: [f.tag()]))
        func ids(_ sort: BookmarkSort) async throws -> [Int] { try await f.list(BookmarkListQuery(sort: sort)).results.map(\.id) }
        #expect(try await ids(.addedDesc) == [c.id, a.id, b.id])
        #expect(try await ids(.addedAsc) == [b.id, a.id, c.id])
        #expect(try await ids(.titleAsc) == [a.id, b.id, c.id])
        #expect(try await ids(.titleDesc) == [c.id, b.id, a.id])
        _ = try await f.source.update(id: b.id, BookmarkUpdate(notes: "touched"))
        #expect(try await ids(.modifiedDesc) == [b.id, c.id, a.id])
        #expect(try await ids(.modifiedAsc) == [a.id, c.id, b.id])
    }

    static func tagsListInCreationOrder(_ f: ContractFixture) async throws {
        _ = try await f.create(BookmarkDraft(url: f.url("1"), tagNames: [f.tag(), f.tag("z")]))
        _ = try await f.create(BookmarkDraft(url: f.url("2"), tagNames: [f.tag(), f.tag("y")]))
        var names: [String] = []
        var offset = 0
        while true {
            let page = try await f.source.tags(limit: 2, offset: offset)
            names += page.results.map(\.name)
            offset += 2
            if page.next == nil || page.results.isEmpty || offset > 100_000 { break }
        }
        let ours = names.filter { $0.hasPrefix(f.namespace) }
        #expect(ours == [f.tag(), f.tag("z"), f.tag("y")])
        if f.isolated {
            #expect(names == ours)
            let first = try await f.source.tags(limit: 1, offset: 0)
            #expect(first.count == 3 && first.next != nil && first.previous == nil)
        }
    }

    static func healthReportsAVersion(_ f: ContractFixture) async throws {
        let health = try await f.source.health()
        #expect(health.status == "healthy")
        if f.isolated {
            #expect(health.version == "1.46.2")
        } else {
            #expect(LinkdingVersion(health.version).map { $0 >= LinkdingVersion("1.19.0") ?? $0 } == true)
        }
    }
}
