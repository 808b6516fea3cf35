import Foundation
import HTTPServer
import MarksCore
import MarksStorage
import Testing
@testable import MarksServer

/// Lists: DRF's limit/offset pagination with absolute links from the Host seen, and linkding's filters.
@Suite struct APIListTests {
    /// A fixture with `count` bookmarks added one after another (ids 1…count, newest last).
    static func fixture(count: Int) throws -> APIFixture {
        let fixture = try APIFixture()
        var entries: [NetscapeEntry] = []
        for index in 1...count {
            let added = Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 60)
            let tags: [String] = index % 2 == 0 ? ["even"] : ["odd"]
            entries.append(NetscapeEntry(url: "https://example.com/\(index)", title: "Bookmark \(index)", tags: tags,
                                         dateAdded: added, unread: index % 3 == 0))
        }
        _ = try fixture.store.importBookmarks(entries)
        return fixture
    }

    @Test func nextAndPreviousAreAbsoluteLinksOnTheHostTheRequestCameTo() async throws {
        let fixture = try Self.fixture(count: 5)
        defer { fixture.cleanUp() }
        let first = try await fixture.send(.get, "/api/bookmarks/?limit=2")
        var object = try first.object()
        #expect(object["count"] as? Int == 5)
        #expect(object["next"] as? String == "http://marks.test:8080/api/bookmarks/?limit=2&offset=2")
        #expect(object["previous"] is NSNull)
        #expect(try first.results().map { $0["id"] as? Int } == [5, 4])
        let second = try await fixture.send(.get, "/api/bookmarks/?limit=2&offset=2")
        object = try second.object()
        #expect(object["next"] as? String == "http://marks.test:8080/api/bookmarks/?limit=2&offset=4")
        #expect(object["previous"] as? String == "http://marks.test:8080/api/bookmarks/?limit=2")
        let last = try await fixture.send(.get, "/api/bookmarks/?offset=4&limit=2")
        object = try last.object()
        #expect(object["next"] is NSNull)
        #expect(object["previous"] as? String == "http://marks.test:8080/api/bookmarks/?limit=2&offset=2")
        #expect(try last.results().map { $0["id"] as? Int } == [1])
    }

    @Test func otherParametersAreKeptSortedAndEncodedInTheLinks() async throws {
        let fixture = try Self.fixture(count: 5)
        defer { fixture.cleanUp() }
        let reply = try await fixture.send(.get, "/api/bookmarks/?sort=title_asc&q=bookmark%20%2Bx%20or%20bookmark&limit=1", host: "[::1]:9000")
        #expect(try reply.object()["next"] as? String == "http://[::1]:9000/api/bookmarks/?limit=1&offset=1&q=bookmark+%2Bx+or+bookmark&sort=title_asc")
    }

    @Test(arguments: [nil, "", "bad host", "evil.com/path", "x:99999999"])
    func aMissingOrMalformedHostFallsBackToTheConfiguredOrigin(host: String?) async throws {
        let fixture = try Self.fixture(count: 3)
        defer { fixture.cleanUp() }
        let reply = try await fixture.send(.get, "/api/bookmarks/?limit=1", host: host)
        #expect(try reply.object()["next"] as? String == "http://fallback.test/api/bookmarks/?limit=1&offset=1")
    }

    @Test(arguments: ["0", "-5", "abc", "", "1.5", "0x10"])
    func aLimitThatIsNotAPositiveNumberIs100(limit: String) async throws {
        let fixture = try Self.fixture(count: 105)
        defer { fixture.cleanUp() }
        let reply = try await fixture.send(.get, "/api/bookmarks/?limit=\(limit)")
        #expect(try reply.results().count == 100)
        #expect(try reply.object()["next"] as? String == "http://marks.test:8080/api/bookmarks/?limit=100&offset=100")
    }

    @Test func aLimitUpToTheMaximumIsKeptAndAnOffsetPastTheEndIsEmptyWithTheTrueCount() async throws {
        let fixture = try Self.fixture(count: 105)
        defer { fixture.cleanUp() }
        let all = try await fixture.send(.get, "/api/bookmarks/?limit=1000")
        #expect(try all.results().count == 105)
        #expect(try all.object()["next"] is NSNull)
        let past = try await fixture.send(.get, "/api/bookmarks/?offset=500")
        #expect(try past.results().isEmpty)
        #expect(try past.object()["count"] as? Int == 105)
        #expect(try past.object()["previous"] as? String == "http://marks.test:8080/api/bookmarks/?limit=100&offset=400")
        let negative = try await fixture.send(.get, "/api/bookmarks/?offset=-3&limit=2")
        #expect(try negative.results().map { $0["id"] as? Int } == [105, 104])
        let spaced = try await fixture.send(.get, "/api/bookmarks/?limit=%202%20")
        #expect(try spaced.results().count == 2, "Python's int() trims white space")
    }

    /// Issue 35 item 5: a huge `limit` was built in memory whole; now it is `PageRequest.maxLimit` and `next` pages on.
    @Test(arguments: ["1001", "10000000", "99999999999999999999999"])
    func aLimitAboveTheMaximumIsCutToItAndNextPagesOn(limit: String) async throws {
        let fixture = try Self.fixture(count: 1003)
        defer { fixture.cleanUp() }
        let first = try await fixture.send(.get, "/api/bookmarks/?limit=\(limit)")
        #expect(try first.results().count == PageRequest.maxLimit)
        #expect(try first.object()["count"] as? Int == 1003)
        let next = try #require(try first.object()["next"] as? String)
        #expect(next == "http://marks.test:8080/api/bookmarks/?limit=1000&offset=1000")
        let second = try await fixture.send(.get, "/api/bookmarks/?limit=1000&offset=1000")
        #expect(try second.results().map { $0["id"] as? Int } == [3, 2, 1])
        #expect(try second.object()["next"] is NSNull)
        #expect(try second.object()["previous"] as? String == "http://marks.test:8080/api/bookmarks/?limit=1000")
        let tags = try await fixture.send(.get, "/api/tags/?limit=\(limit)")
        #expect(try tags.object()["next"] is NSNull)
    }

    /// Issue 35 item 4: repeated terms are one term (the answer of `q=e` for `q=e+e+e…`), and a search past the bounds
    /// on work is a clear 400 naming `q`.
    @Test func repeatedTermsAreOneAndACostlySearchIs400() async throws {
        let fixture = try Self.fixture(count: 5)
        defer { fixture.cleanUp() }
        let once = try await fixture.send(.get, "/api/bookmarks/?q=bookmark")
        let repeated = try await fixture.send(.get, "/api/bookmarks/?q=" + Array(repeating: "bookmark", count: 255).joined(separator: "+"))
        #expect(repeated.status == 200)
        #expect(try repeated.results().map { $0["id"] as? Int } == (try once.results().map { $0["id"] as? Int }))
        let short = try await fixture.send(.get, "/api/bookmarks/?limit=1&q=a+or+b+or+c+or+d+or+e+or+f+or+g+or+h+or+i")
        #expect(short.status == 400)
        let messages = try #require(try short.object()["q"] as? [String])
        #expect(messages.first?.contains("shorter than three characters") == true)
    }

    @Test func filtersSearchSortAndDatesBehaveAsLinkdings() async throws {
        let fixture = try Self.fixture(count: 6)
        defer { fixture.cleanUp() }
        func ids(_ target: String) async throws -> [Int] {
            try await fixture.send(.get, target).results().compactMap { $0["id"] as? Int }
        }
        #expect(try await ids("/api/bookmarks/?q=%23EVEN") == [6, 4, 2])
        #expect(try await ids("/api/bookmarks/?q=%23even%20or%20%23odd&limit=2") == [6, 5])
        #expect(try await ids("/api/bookmarks/?unread=yes") == [6, 3])
        #expect(try await ids("/api/bookmarks/?unread=no&q=%23odd") == [5, 1])
        #expect(try await ids("/api/bookmarks/?sort=added_asc&limit=2") == [1, 2])
        #expect(try await ids("/api/bookmarks/?sort=nonsense&limit=2") == [6, 5])
        #expect(try await ids("/api/bookmarks/?q=%28unclosed") == [])
        #expect(try await ids("/api/bookmarks/?q=!foo&limit=1") == [6])
        // 1_700_000_000 + 4 * 60 is 2023-11-14T22:17:20Z; added_since is strictly after.
        #expect(try await ids("/api/bookmarks/?added_since=2023-11-14T23:17:20%2B01:00") == [6, 5])
        #expect(try await ids("/api/bookmarks/?added_since=2023-11-14T23:17:20+01:00").count == 6, "an unencoded + is a space: a bad date is ignored")
        #expect(try await ids("/api/bookmarks/?q=nothing&q=%23odd") == [5, 3, 1], "the last of a repeated parameter wins")
    }

    @Test func archivedBookmarksHaveTheirOwnList() async throws {
        let fixture = try Self.fixture(count: 3)
        defer { fixture.cleanUp() }
        #expect(try await fixture.send(.post, "/api/bookmarks/2/archive/").status == 204)
        #expect(try await fixture.send(.get, "/api/bookmarks/").results().compactMap { $0["id"] as? Int } == [3, 1])
        let archived = try await fixture.send(.get, "/api/bookmarks/archived/?limit=1")
        #expect(try archived.results().compactMap { $0["id"] as? Int } == [2])
        #expect(try archived.object()["next"] is NSNull)
        #expect(try await fixture.send(.post, "/api/bookmarks/2/unarchive/").status == 204)
        #expect(try await fixture.send(.get, "/api/bookmarks/archived/").object()["count"] as? Int == 0)
    }

    @Test func modifiedSinceSeesArchivingButNotTagDeletion() async throws {
        let fixture = try Self.fixture(count: 2)
        defer { fixture.cleanUp() }
        fixture.clock.advance(3600)
        let marker = LinkdingDate.format(fixture.clock.now())
        let encoded = LinkdingQueryEncoding.encode(marker)
        #expect(try await fixture.send(.get, "/api/bookmarks/?modified_since=\(encoded)").results().isEmpty)
        #expect(try await fixture.send(.delete, "/api/tags/1/").status == 204)
        #expect(try await fixture.send(.get, "/api/bookmarks/?modified_since=\(encoded)").results().isEmpty)
        #expect(try await fixture.send(.post, "/api/bookmarks/1/archive/").status == 204)
        let archived = try await fixture.send(.get, "/api/bookmarks/archived/?modified_since=\(encoded)")
        #expect(try archived.results().compactMap { $0["id"] as? Int } == [1])
    }
}
