import Foundation
import Testing
@testable import HTTPServer

@Suite struct RequestTests {
    @Test(arguments: [
        ("q=a%2Bb", "a+b"),
        ("q=a+b", "a b"),
        ("q=100%", "100%"),
        ("q=%zz", "%zz"),
        ("q=%4", "%4"),
        ("q=caf%C3%A9", "café"),
        ("q=%E2%82%AC+x", "€ x"),
        ("q=", ""),
        ("q", ""),
        ("q=a=b", "a=b"),
        ("q=%FF", "\u{FFFD}"),
    ])
    func queryDecoding(raw: String, expected: String) throws {
        let request = try HTTPRequest(method: .get, target: "/search?\(raw)")
        #expect(request.query["q"] == expected)
        #expect(request.query.contains("q"))
        #expect(request.rawQuery == raw)
    }

    @Test func repeatedAndOrderedParameters() throws {
        let request = try HTTPRequest(method: .get, target: "/?tag=a&x=1&tag=b&&tag=c%20d")
        #expect(request.query.values("tag") == ["a", "b", "c d"])
        #expect(request.query["tag"] == "a")
        #expect(request.query.map(\.name) == ["tag", "x", "tag", "tag"])
        #expect(request.query["missing"] == nil)
        #expect(!request.query.contains("missing"))
    }

    @Test func queryParametersEncodeBack() {
        var parameters = QueryParameters()
        parameters.append("q", "a b/c&d")
        parameters.append("é", "+")
        #expect(parameters.encoded == "q=a%20b%2Fc%26d&%C3%A9=%2B")
        let parsed = QueryParameters(encoded: parameters.encoded)
        #expect(parsed["q"] == "a b/c&d")
        #expect(parsed["é"] == "+")
    }

    @Test func pathDecoding() throws {
        let request = try HTTPRequest(method: .get, target: "/tags/caf%C3%A9/a%2Fb/?x=1")
        #expect(request.path == "/tags/café/a/b/")
        #expect(request.rawPath == "/tags/caf%C3%A9/a%2Fb/")
        #expect(request.pathSegments == ["tags", "café", "a/b", ""])
        let plus = try HTTPRequest(method: .get, target: "/a+b")
        #expect(plus.path == "/a+b")
    }

    @Test func absoluteFormTargetAndFragment() throws {
        let request = try HTTPRequest(method: .get, target: "http://example.com:8080/x/y?z=1#frag")
        #expect(request.path == "/x/y")
        #expect(request.query["z"] == "1")
    }

    @Test(arguments: ["/a%zz", "/a%0", "/a%00b", "/%FF", "relative", "/ok/%C3"])
    func invalidPathsAreRejected(target: String) {
        #expect(throws: HTTPError.self) { try HTTPRequest(method: .get, target: target) }
        do {
            _ = try HTTPRequest(method: .get, target: target)
        } catch {
            #expect(error.status == 400)
        }
    }

    @Test func cookies() throws {
        let request = try HTTPRequest(
            method: .get, target: "/",
            headers: HTTPHeaders([("Cookie", "sid=abc123; theme=\"dark\"; empty=; junk; sid=second"), ("cookie", "late=1")]))
        #expect(request.cookies == ["sid": "abc123", "theme": "dark", "empty": "", "late": "1"])
    }

    @Test func formBody() throws {
        let request = try HTTPRequest(
            method: .post, target: "/save",
            headers: ["Content-Type": "application/x-www-form-urlencoded; charset=UTF-8"],
            body: Data("url=https%3A%2F%2Fexample.com%2F%3Fa%3D1&title=Hello+world&tag=a&tag=b".utf8))
        let form = try request.form()
        #expect(form["url"] == "https://example.com/?a=1")
        #expect(form["title"] == "Hello world")
        #expect(form.values("tag") == ["a", "b"])
    }

    @Test func formRejectsOtherContentTypes() throws {
        let request = try HTTPRequest(method: .post, target: "/", headers: ["Content-Type": "application/json"], body: Data("{}".utf8))
        #expect(throws: HTTPError(415, "Expected an application/x-www-form-urlencoded body.")) { try request.form() }
    }

    struct Bookmark: Codable, Equatable {
        let url: String
        let tags: [String]
    }

    @Test func jsonBody() throws {
        let request = try HTTPRequest(method: .post, target: "/", body: Data(#"{"url":"https://a.b/","tags":["x"]}"#.utf8))
        #expect(try request.decodeJSON(Bookmark.self) == Bookmark(url: "https://a.b/", tags: ["x"]))
    }

    @Test(arguments: [
        (#"{"url": "x""#, "JSON parse error - the body is not valid JSON."),
        (#"{"tags": []}"#, "Missing field \"url\"."),
        (#"{"url": 5, "tags": []}"#, "Field \"url\" has the wrong type."),
        (#"{"url": "x", "tags": [1]}"#, "Field \"tags.0\" has the wrong type."),
        (#"{"url": null, "tags": []}"#, "Field \"url\" must not be null."),
        ("", "JSON parse error - the body is not valid JSON."),
    ])
    func badJSONIsA400WithAMessage(body: String, message: String) throws {
        let request = try HTTPRequest(method: .post, target: "/", body: Data(body.utf8))
        #expect(throws: HTTPError(400, message)) { try request.decodeJSON(Bookmark.self) }
    }

    @Test func headersAreCaseInsensitiveOrderedAndMultiValued() {
        var headers = HTTPHeaders([("Accept", "a"), ("X-Tag", "1"), ("accept", "b")])
        #expect(headers["ACCEPT"] == "a")
        #expect(headers.values("accept") == ["a", "b"])
        headers["Accept"] = "c"
        #expect(headers.values("accept") == ["c"])
        #expect(headers.map(\.name) == ["Accept", "X-Tag"])
        headers["X-Tag"] = nil
        #expect(!headers.contains("x-tag"))
        headers.add("X-Evil", "a\r\nSet-Cookie: x=1")
        #expect(headers["x-evil"] == "a  Set-Cookie: x=1")
    }
}
