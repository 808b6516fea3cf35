import Foundation
import HTTPClient
import Testing
import MarksClients
import MarksCore

@Suite struct LinkdingErrorMappingTests {
    static let statuses: [(StubTransport.Answer, BookmarkSourceError)] = [
        (.json(#"{"url":["A bookmark with this URL already exists."]}"#, status: 400),
         .invalid(["url": ["A bookmark with this URL already exists."]])),
        (.json(#"{"tag_names":{"2":["This field may not be blank."]}}"#, status: 400),
         .invalid(["tag_names.2": ["This field may not be blank."]])),
        (.json(#"{"title":["Ensure this field has no more than 512 characters."],"url":["Enter a valid URL.","Too long."]}"#, status: 400),
         .invalid(["title": ["Ensure this field has no more than 512 characters."], "url": ["Enter a valid URL.", "Too long."]])),
        (.json(#"{"detail":"JSON parse error - Expecting value: line 1 column 1 (char 0)"}"#, status: 400),
         .invalid(["detail": ["JSON parse error - Expecting value: line 1 column 1 (char 0)"]])),
        (.json(#"["Something is wrong."]"#, status: 400), .invalid(["detail": ["Something is wrong."]])),
        (.json(#"{"tag_names":[{},{},["blank"]]}"#, status: 400), .invalid(["tag_names.2": ["blank"]])),
        (.json("{}", status: 400), .invalid(["detail": ["{}"]])),
        (StubTransport.Answer(status: 400, headers: [:], body: Data("Bad Request".utf8)), .invalid(["detail": ["Bad Request"]])),
        (.html("<h1>Bad Request (400)</h1>", status: 400), .notLinkding("/linkding/api/bookmarks/7/ answered 400 with an HTML page")),
        (.json(#"{"detail":"Invalid token."}"#, status: 401), .unauthorized),
        (.json(#"{"detail":"Authentication credentials were not provided."}"#, status: 401), .unauthorized),
        (.html("<h1>Forbidden</h1>", status: 403), .unauthorized),
        (.json(#"{"detail":"No Bookmark matches the given query."}"#, status: 404), .notFound),
        (.html("<h1>Not Found</h1><p>The requested resource was not found.</p>", status: 404),
         .notLinkding("/linkding/api/bookmarks/7/ answered 404 with an HTML page")),
        (StubTransport.Answer(status: 404, headers: [:], body: Data("nope".utf8)), .notLinkding("/linkding/api/bookmarks/7/ answered 404 with no JSON")),
        (.json(#"{"detail":"Method \"GET\" not allowed."}"#, status: 405), .server(status: 405, message: #"Method "GET" not allowed."#)),
        (StubTransport.Answer(status: 429, headers: [:], body: Data("slow down\nplease".utf8)), .server(status: 429, message: "slow down please")),
        (.html("<html><body><h1>Server Error (500)</h1></body></html>", status: 500),
         .server(status: 500, message: "Internal Server Error")),
        (.empty(502), .server(status: 502, message: "Bad Gateway")),
        (.json(#"{"detail":"Service unavailable."}"#, status: 503), .server(status: 503, message: "Service unavailable.")),
        (StubTransport.Answer(status: 301, headers: ["Location": "https://links.example.com/linkding/api/bookmarks/7/"], body: Data()),
         .server(status: 301, message: "/linkding/api/bookmarks/7/ redirects to https://links.example.com/linkding/api/bookmarks/7/. Check the https setting and the path prefix.")),
        // 2xx answers that are not linkding's JSON.
        (.html("<!DOCTYPE html><html><head><title>Welcome to nginx!</title></head></html>"), .notLinkding("it answered an HTML page instead of JSON")),
        (StubTransport.Answer(status: 200, headers: [:], body: Data("\n  <html>".utf8)), .notLinkding("it answered an HTML page instead of JSON")),
        (StubTransport.Answer(status: 200, headers: [:], body: Data("OK".utf8)), .malformedResponse("the answer is not JSON")),
        (StubTransport.Answer(status: 200, headers: [:], body: Data([0xFF, 0x00, 0xFE, 0x01])), .malformedResponse("the answer is not JSON")),
        (.empty(200), .malformedResponse("the answer was empty")),
        (.json(#"{"id":"seven","url":"https://example.com/"}"#), .malformedResponse("id is not a Int")),
        (.json(#"{"url":"https://example.com/"}"#), .malformedResponse(#"the answer has no "id""#)),
    ]

    @Test(arguments: statuses)
    func mapsAnswers(answer: StubTransport.Answer, expected: BookmarkSourceError) async {
        let error = await sourceError { _ = try await StubTransport(answer).client().bookmark(id: 7) }
        #expect(error == expected)
    }

    @Test func mapsAFailedDeleteToo() async {
        let error = await sourceError {
            try await StubTransport(.json(#"{"detail":"No Bookmark matches the given query."}"#, status: 404)).client().delete(id: 9)
        }
        #expect(error == .notFound)
    }

    static let transportFailures: [(HTTPClientError, BookmarkSourceError)] = [
        (.timedOut(seconds: 12), .timeout(seconds: 12)),
        (.connectionRefused(host: "links.example.com"), .unreachable(host: "links.example.com:8443", reason: "the connection was refused")),
        (.hostNotFound(host: "links.example.com"), .unreachable(host: "links.example.com:8443", reason: "the host name could not be resolved")),
        (.connectTimedOut(host: "links.example.com", seconds: 10), .unreachable(host: "links.example.com:8443", reason: "no connection within 10 s")),
        (.connectionLost(reason: "the server closed the connection without answering"),
         .unreachable(host: "links.example.com:8443", reason: "the connection was lost: the server closed the connection without answering")),
        (.connectFailed(host: "links.example.com", reason: "network is unreachable"),
         .unreachable(host: "links.example.com:8443", reason: "network is unreachable")),
        (.badResponse("Received HTTP/0.9 when not allowed"),
         .notLinkding("links.example.com:8443 did not answer with HTTP — check the host, port and https setting")),
        (.notTLS(host: "links.example.com"), .tlsFailure(host: "links.example.com:8443", reason: "it answered plain HTTP, not HTTPS")),
        (.tls(host: "links.example.com", reason: "SSL certificate problem: self-signed certificate"),
         .tlsFailure(host: "links.example.com:8443", reason: "SSL certificate problem: self-signed certificate")),
    ]

    @Test(arguments: transportFailures)
    func mapsNetworkFailures(failure: HTTPClientError, expected: BookmarkSourceError) async {
        let transport = HTTPTransport { _ in throw failure }
        let client = LinkdingClient(config: .stub, timeout: 12, transport: transport)
        #expect(await sourceError { _ = try await client.health() } == expected)
    }

    @Test func keepsCancellationACancellation() async {
        let client = LinkdingClient(config: .stub, transport: HTTPTransport { _ in throw CancellationError() })
        await #expect(throws: CancellationError.self) { _ = try await client.health() }
    }

    @Test func mapsAnyOtherFailureToUnreachable() async {
        struct Odd: Error {}
        let client = LinkdingClient(config: .stub, transport: HTTPTransport { _ in throw Odd() })
        let error = await sourceError { _ = try await client.health() }
        guard case .unreachable(let host, _) = error else {
            Issue.record("expected unreachable, got \(String(describing: error))")
            return
        }
        #expect(host == "links.example.com:8443")
    }

    @Test func everyErrorHasAMessage() {
        let errors: [BookmarkSourceError] = Self.statuses.map(\.1) + Self.transportFailures.map(\.1)
        for error in errors { #expect(!error.message.isEmpty) }
    }
}
