import Foundation
import Testing
@testable import HTTPServer

@Suite struct ResponseTests {
    struct Item: Encodable {
        let url: String
    }

    @Test func jsonDoesNotEscapeSlashes() throws {
        let response = try HTTPResponse.json(Item(url: "https://example.com/a/b"), status: 201)
        #expect(response.status == 201)
        #expect(response.headers["Content-Type"] == "application/json")
        #expect(response.body == .bytes(Data(#"{"url":"https://example.com/a/b"}"#.utf8)))
    }

    @Test func builders() {
        #expect(HTTPResponse.html("<p>x</p>").headers["Content-Type"] == "text/html; charset=utf-8")
        #expect(HTTPResponse.text("x", status: 418).status == 418)
        #expect(HTTPResponse.noContent.status == 204)
        #expect(HTTPResponse.noContent.body == .empty)
        let redirect = HTTPResponse.redirect(to: "/login/", status: .seeOther)
        #expect(redirect.status == 303)
        #expect(redirect.headers["Location"] == "/login/")
        #expect(HTTPResponse.redirect(to: "/").status == 302)
        #expect(HTTPResponse.redirect(to: "/", status: .movedPermanently).status == 301)
    }

    @Test func setCookie() {
        var response = HTTPResponse.noContent
        response.setCookie(SetCookie(name: "sid", value: "abc", maxAge: 3600, secure: true, sameSite: .strict))
        response.setCookie(.deleting("old"))
        #expect(response.headers.values("Set-Cookie") == [
            "sid=abc; Path=/; Max-Age=3600; HttpOnly; Secure; SameSite=Strict",
            "old=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax",
        ])
        let hostile = SetCookie(name: "a;b", value: "x; Domain=evil\r\n", path: nil, httpOnly: false, sameSite: nil)
        #expect(hostile.headerValue == "ab=xDomain=evil")
    }

    @Test(arguments: [
        ("bytes=0-9", 100, ByteRange.partial(0..<10)),
        ("bytes=90-", 100, .partial(90..<100)),
        ("bytes=-10", 100, .partial(90..<100)),
        ("bytes=-500", 100, .partial(0..<100)),
        ("bytes=50-1000", 100, .partial(50..<100)),
        ("bytes=99-99", 100, .partial(99..<100)),
        ("bytes=100-", 100, .unsatisfiable),
        ("bytes=-0", 100, .unsatisfiable),
        ("bytes=0-", 0, .unsatisfiable),
        ("bytes=5-3", 100, .whole),
        ("bytes=0-1,5-6", 100, .several([0..<2, 5..<7])),
        ("items=0-1", 100, .whole),
        ("bytes=abc", 100, .whole),
    ])
    func rangeParsing(header: String, size: UInt64, expected: ByteRange) {
        #expect(ByteRange(header: header, size: size) == expected)
    }

    @Test func httpDates() {
        #expect(HTTPDate.format(784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == 784_111_777)
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT") == nil)
        #expect(HTTPDate.parse("garbage") == nil)
    }

    @Test(arguments: [
        ("index.html", "text/html; charset=utf-8"), ("app.css", "text/css; charset=utf-8"),
        ("app.js", "text/javascript; charset=utf-8"), ("mod.mjs", "text/javascript; charset=utf-8"),
        ("data.json", "application/json"), ("site.webmanifest", "application/manifest+json"),
        ("logo.svg", "image/svg+xml"), ("a.png", "image/png"), ("a.JPG", "image/jpeg"), ("a.webp", "image/webp"),
        ("favicon.ico", "image/x-icon"), ("f.woff2", "font/woff2"), ("ep.mp3", "audio/mpeg"),
        ("notes.txt", "text/plain; charset=utf-8"), ("doc.pdf", "application/pdf"),
        ("noext", "application/octet-stream"), (".hidden", "application/octet-stream"), ("a.unknown", "application/octet-stream"),
    ])
    func mediaTypes(name: String, type: String) {
        #expect(MediaType.forPath("/dir.d/" + name) == type)
    }
}
