import Foundation
import HTTPClient
import Testing
import MarksClients
import MarksCore

@Suite struct LinkdingClientTests {
    @Test func listsAndDecodesEveryDateForm() async throws {
        let page = """
        {"count":4,"next":"http://internal:9090/linkding/api/bookmarks/?limit=4&offset=4","previous":null,"results":[
        \(bookmarkJSON(id: 1, added: "2026-11-29T12:01:55.218339Z", modified: "2026-11-29T12:01:55.218339Z")),
        \(bookmarkJSON(id: 2, added: "2024-01-15T10:30:00Z", modified: "2024-01-15T11:30:00+01:00")),
        \(bookmarkJSON(id: 3, added: "2024-01-15T11:30:00.500+01:00", modified: "2024-01-15T05:00:00-05:30")),
        \(bookmarkJSON(id: 4, added: "2024-01-15T10:30:00.000001Z", modified: "2024-01-15T10:30:00.1Z", tags: ##"["a","#b"]"##))]}
        """
        let stub = StubTransport(.json(page))
        let result = try await stub.client().list(BookmarkListQuery(search: "c++", limit: 4))
        #expect(result.count == 4)
        #expect(result.next == "http://internal:9090/linkding/api/bookmarks/?limit=4&offset=4")
        #expect(result.results.map(\.id) == [1, 2, 3, 4])
        let seconds = result.results.flatMap { [$0.dateAdded.timeIntervalSince1970, $0.dateModified.timeIntervalSince1970] }
        let expected = [1_795_953_715.218339, 1_795_953_715.218339, 1_705_314_600, 1_705_314_600,
                        1_705_314_600.5, 1_705_314_600, 1_705_314_600.000001, 1_705_314_600.1]
        for (got, want) in zip(seconds, expected) { #expect(abs(got - want) < 0.000_01) }
        #expect(result.results[3].tagNames == ["a", "#b"])
        #expect(result.results[0].unread)
        let url = try #require(stub.requests.first?.url.absoluteString)
        #expect(url == "https://links.example.com:8443/linkding/api/bookmarks/?q=c%2B%2B&limit=4")
    }

    @Test func followsNextOnTheConfiguredOrigin() async throws {
        let stub = StubTransport(.json(#"{"count":0,"next":null,"previous":null,"results":[]}"#))
        _ = try await stub.client().page(at: "http://127.0.0.1:9090/linkding/api/bookmarks/?limit=100&offset=100&q=c%2B%2B")
        #expect(stub.requests.map { $0.url.absoluteString } == [
            "https://links.example.com:8443/linkding/api/bookmarks/?limit=100&offset=100&q=c%2B%2B",
        ])
    }

    @Test func refusesAnUndecodableDate() async {
        let page = #"{"count":1,"next":null,"previous":null,"results":["# + bookmarkJSON(id: 1, added: "yesterday") + "]}"
        let error = await sourceError { _ = try await StubTransport(.json(page)).client().list(BookmarkListQuery()) }
        guard case .malformedResponse(let detail) = error else {
            Issue.record("expected malformedResponse, got \(String(describing: error))")
            return
        }
        #expect(detail.contains("results[0].date_added"))
    }

    @Test func sendsEveryOperationToItsEndpoint() async throws {
        let stub = StubTransport { request in
            switch (request.method, request.path) {
            case ("DELETE", _), (_, "/linkding/api/bookmarks/7/archive/"), (_, "/linkding/api/bookmarks/7/unarchive/"):
                return .empty(204)
            case ("POST", "/linkding/api/bookmarks/"):
                return .json(bookmarkJSON(id: 7), status: 201)
            case (_, "/linkding/api/bookmarks/check/"):
                return .json(#"{"bookmark":null,"metadata":{"url":"https://example.com/","title":"Ex","description":null,"preview_image":null},"auto_tags":["x"]}"#)
            case (_, "/linkding/api/tags/"):
                return .json(#"{"count":1,"next":null,"previous":null,"results":[{"id":1,"name":"swift","date_added":"2024-01-15T11:30:00+01:00"}]}"#)
            default:
                return .json(bookmarkJSON(id: 7))
            }
        }
        let client = stub.client()
        #expect(try await client.bookmark(id: 7).id == 7)
        #expect(try await client.check(url: "https://example.com/").autoTags == ["x"])
        #expect(try await client.create(BookmarkDraft(url: "https://example.com/", title: "Known")).id == 7)
        #expect(try await client.create(BookmarkDraft(url: "https://example.com/")).id == 7)
        #expect(try await client.update(id: 7, BookmarkUpdate(shared: true)).id == 7)
        try await client.archive(id: 7)
        try await client.unarchive(id: 7)
        try await client.delete(id: 7)
        let tags = try await client.tags(limit: 5, offset: 0)
        #expect(tags.results.first?.dateAdded == Date(timeIntervalSince1970: 1_705_314_600))
        #expect(stub.requests.map(\.requestLine) == [
            "GET /linkding/api/bookmarks/7/",
            "GET /linkding/api/bookmarks/check/?url=https://example.com/",
            "POST /linkding/api/bookmarks/?disable_scraping",
            "POST /linkding/api/bookmarks/",
            "PATCH /linkding/api/bookmarks/7/",
            "POST /linkding/api/bookmarks/7/archive/",
            "POST /linkding/api/bookmarks/7/unarchive/",
            "DELETE /linkding/api/bookmarks/7/",
            "GET /linkding/api/tags/?limit=5",
        ])
        #expect(stub.requests[4].body == Data(#"{"shared":true}"#.utf8))
    }

    @Test func followsEveryTagPage() async throws {
        let stub = StubTransport { request in
            switch request.url.query {
            case "limit=1000":
                return .json(#"{"count":3,"next":"http://internal/linkding/api/tags/?limit=1000&offset=1","previous":null,"results":[{"id":1,"name":"a","date_added":"2024-01-15T10:30:00Z"}]}"#)
            case "limit=1000&offset=1":
                return .json(#"{"count":3,"next":"http://internal/api/tags/?limit=1000&offset=2","previous":null,"results":[{"id":2,"name":"b","date_added":"2024-01-15T10:30:00Z"}]}"#)
            case "limit=1000&offset=2":
                return .json(#"{"count":3,"next":null,"previous":null,"results":[{"id":3,"name":"c","date_added":"2024-01-15T10:30:00Z"}]}"#)
            default:
                throw StubError.unexpectedRequest
            }
        }
        let tags = try await stub.client().allTags()
        #expect(tags.map(\.name) == ["a", "b", "c"])
        #expect(stub.requests.allSatisfy { $0.url.host == "links.example.com" && $0.url.port == 8443 })
    }

    @Test func stopsWhenANextLinkRepeats() async throws {
        let loop = #"{"count":9,"next":"http://internal/linkding/api/tags/?limit=1000&offset=1","previous":null,"results":[{"id":1,"name":"a","date_added":"2024-01-15T10:30:00Z"}]}"#
        let stub = StubTransport(.json(loop))
        let tags = try await stub.client().allTags()
        #expect(stub.requests.count == 2)
        #expect(tags.count == 2)
    }

    @Test func verifiesAHealthyServerAndToken() async throws {
        let stub = StubTransport(sequence: [
            .json(#"{"version":"1.46.2","status":"healthy"}"#),
            .json(#"{"count":0,"next":null,"previous":null,"results":[]}"#),
        ])
        let health = try await stub.client().verifyConnection()
        #expect(health == ServerHealth(version: "1.46.2", status: "healthy"))
        #expect(stub.requests.map { $0.url.absoluteString } == [
            "https://links.example.com:8443/linkding/health",
            "https://links.example.com:8443/linkding/api/bookmarks/?limit=1",
        ])
        #expect(stub.requests[0].header("Authorization") == nil)
        #expect(stub.requests[1].header("Authorization") == "Token 0123456789abcdef")
    }

    static let verifyFailures: [([StubTransport.Answer], BookmarkSourceError)] = [
        ([.json(#"{"version":"1.18.9","status":"healthy"}"#)], .unsupportedVersion(found: "1.18.9", minimum: "1.19.0")),
        ([.json(#"{"version":"banana","status":"healthy"}"#)], .unsupportedVersion(found: "banana", minimum: "1.19.0")),
        ([.html("<html><body>Not Found</body></html>", status: 404)], .notLinkding("/linkding/health answered 404 with an HTML page")),
        ([.json(#"{"detail":"Not found."}"#, status: 404)], .notLinkding("it has no /health endpoint")),
        ([.html("<!doctype html><title>My router</title>")], .notLinkding("it answered an HTML page instead of JSON")),
        ([.json(#"{"status":"ok"}"#)], .notLinkding(#"/health did not answer linkding's {version, status}: the answer has no "version""#)),
        ([.json("pong")], .notLinkding("/health did not answer linkding's {version, status}: the answer is not JSON")),
        ([.json(#"{"version":"1.46.2","status":"healthy"}"#), .json(#"{"detail":"Invalid token."}"#, status: 401)], .unauthorized),
        ([.json(#"{"version":"1.46.2","status":"unhealthy"}"#, status: 500)], .server(status: 500, message: "status: unhealthy; version: 1.46.2")),
    ]

    @Test(arguments: verifyFailures)
    func explainsAFailedCheck(answers: [StubTransport.Answer], expected: BookmarkSourceError) async {
        let error = await sourceError { _ = try await StubTransport(sequence: answers).client().verifyConnection() }
        #expect(error == expected)
    }
}
