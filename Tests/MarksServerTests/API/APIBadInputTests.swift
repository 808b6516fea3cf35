import Foundation
import HTTPServer
import MarksCore
import Testing
@testable import MarksServer

/// Hostile and careless input: every one gets a clear 4xx with linkding's body, and the store is unchanged.
@Suite struct APIBadInputTests {
    @Test(arguments: [
        (#"{"url": "notaurl"}"#, #"{"url":["Enter a valid URL."]}"#),
        (#"{"url": "ftp://example.com/file"}"#, #"{"url":["Enter a valid URL."]}"#),
        (#"{"url": "javascript:alert(1)"}"#, #"{"url":["Enter a valid URL."]}"#),
        (#"{"url": "http://intranet/"}"#, #"{"url":["Enter a valid URL."]}"#),
        (#"{"url": "https://exa mple.com/"}"#, #"{"url":["Enter a valid URL."]}"#),
        ("{}", #"{"url":["This field is required."]}"#),
        (#"{"title": "no url"}"#, #"{"url":["This field is required."]}"#),
        (#"{"url": ""}"#, #"{"url":["This field may not be blank."]}"#),
        (#"{"url": "   "}"#, #"{"url":["This field may not be blank."]}"#),
        (#"{"url": null}"#, #"{"url":["This field may not be null."]}"#),
        (#"{"url": 5}"#, #"{"url":["Enter a valid URL."]}"#),
        (#"{"url": ["https://example.com/"]}"#, #"{"url":["Not a valid string."]}"#),
        (#"{"url": {"href": "https://example.com/"}}"#, #"{"url":["Not a valid string."]}"#),
        (#"{"url": true}"#, #"{"url":["Not a valid string."]}"#),
        (#"{"url": "https://example.com/", "unread": "maybe"}"#, #"{"unread":["Must be a valid boolean."]}"#),
        (#"{"url": "https://example.com/", "unread": 2, "shared": [], "is_archived": {}}"#,
         #"{"is_archived":["Must be a valid boolean."],"unread":["Must be a valid boolean."],"shared":["Must be a valid boolean."]}"#),
        (#"{"url": "https://example.com/", "title": true}"#, #"{"title":["Not a valid string."]}"#),
        (#"{"url": "https://example.com/", "title": "a\u0000b"}"#, #"{"title":["Null characters are not allowed."]}"#),
        (#"{"url": "https://example.com/", "tag_names": "a,b"}"#, #"{"tag_names":["Expected a list of items but got type \"str\"."]}"#),
        (#"{"url": "https://example.com/", "tag_names": {"a": 1}}"#, #"{"tag_names":["Expected a list of items but got type \"dict\"."]}"#),
        (#"{"url": "https://example.com/", "tag_names": ["a", "", 3, null, {"x": 1}, false]}"#,
         #"{"tag_names":{"1":["This field may not be blank."],"3":["This field may not be null."],"4":["Not a valid string."],"5":["Not a valid string."]}}"#),
        (#"{"url": "https://example.com/", "tag_names": ["\#(String(repeating: "t", count: 65))"]}"#,
         #"{"tag_names":{"0":["Ensure this field has no more than 64 characters."]}}"#),
        (#"{"url": "https://example.com/", "date_added": "yesterday"}"#,
         #"{"date_added":["Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z]."]}"#),
        (#"{"url": "https://example.com/", "date_modified": 1700000000}"#,
         #"{"date_modified":["Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z]."]}"#),
        (#"{"url": "https://example.com/", "title": "\#(String(repeating: "x", count: 513))"}"#,
         #"{"title":["Ensure this field has no more than 512 characters."]}"#),
        (#"{"url": "https://example.com/\#(String(repeating: "p", count: 2048))"}"#,
         #"{"url":["Enter a valid URL.","Ensure this field has no more than 2048 characters."]}"#),
        (#"{"url": "https://example.com/", "title": "x\ud800"}"#, #"{"title":["Surrogate characters are not allowed: U+D800."]}"#),
        (#"{"url": "notaurl", "unread": "maybe", "title": true}"#,
         #"{"url":["Enter a valid URL."],"title":["Not a valid string."],"unread":["Must be a valid boolean."]}"#),
        (#"{"url": "", "title": "\#(String(repeating: "x", count: 513))", "date_added": "x", "tag_names": [""]}"#,
         #"{"url":["This field may not be blank."],"title":["Ensure this field has no more than 512 characters."],"tag_names":{"0":["This field may not be blank."]},"date_added":["Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z]."]}"#),
        (#""\ud800""#, #"{"non_field_errors":["Invalid data. Expected a dictionary, but got str."]}"#),
        ("[]", #"{"non_field_errors":["Invalid data. Expected a dictionary, but got list."]}"#),
        (#""https://example.com/""#, #"{"non_field_errors":["Invalid data. Expected a dictionary, but got str."]}"#),
        ("null", #"{"non_field_errors":["No data provided"]}"#),
        ("42", #"{"non_field_errors":["Invalid data. Expected a dictionary, but got int."]}"#),
        (#"{"url": "#, #"{"detail":"JSON parse error - Expecting value: line 1 column 9 (char 8)"}"#),
        ("<!DOCTYPE html><html><body>Sign in</body></html>", #"{"detail":"JSON parse error - Expecting value: line 1 column 1 (char 0)"}"#),
        (#"{'url': 'https://example.com/'}"#, #"{"detail":"JSON parse error - Expecting property name enclosed in double quotes: line 1 column 2 (char 1)"}"#),
        (#"{"url": "https://example.com/",}"#, #"{"detail":"JSON parse error - Illegal trailing comma before end of object: line 1 column 31 (char 30)"}"#),
        (#"{"url": NaN}"#, #"{"detail":"JSON parse error - Out of range float values are not JSON compliant: 'NaN'"}"#),
    ])
    func aRefusedCreateGetsDRFsBodyAndStoresNothing(body: String, expected: String) async throws {
        let fixture = try APIFixture()
        defer { fixture.cleanUp() }
        let reply = try await fixture.json(.post, "/api/bookmarks/?disable_scraping", body)
        #expect(reply.status == 400)
        #expect(reply.text == expected)
        #expect(try fixture.bookmarkCount() == 0)
        #expect(fixture.loggedErrors.isEmpty)
    }

    @Test(arguments: [
        ("text/html", "<html><body>not json</body></html>", "text/html"),
        ("text/plain; charset=utf-8", "url=https://example.com/", "text/plain; charset=utf-8"),
        ("application/xml", "<bookmark/>", "application/xml"),
        (nil, #"{"url": "https://example.com/"}"#, ""),
    ])
    func aBodyOfAnotherTypeIs415(contentType: String?, body: String, named: String) async throws {
        let fixture = try APIFixture()
        defer { fixture.cleanUp() }
        let reply = try await fixture.send(.post, "/api/bookmarks/", body: Data(body.utf8), contentType: contentType)
        #expect(reply.status == 415)
        #expect(reply.text == "{\"detail\":\"Unsupported media type \\\"\(named)\\\" in request.\"}")
        #expect(try fixture.bookmarkCount() == 0)
    }

    @Test func bytesThatAreNotUTF8AreAParseError() async throws {
        let fixture = try APIFixture()
        defer { fixture.cleanUp() }
        let body = Data(#"{"url": ""#.utf8) + Data([0xFF, 0xFE]) + Data(#""}"#.utf8)
        let reply = try await fixture.send(.post, "/api/bookmarks/", body: body, contentType: "application/json")
        #expect(reply.status == 400)
        #expect(reply.text == #"{"detail":"JSON parse error - 'utf-8' codec can't decode byte 0xff in position 9: invalid start byte"}"#)
    }

    @Test func aTenMegabyteTitleIsAClear400AndNothingIsStored() async throws {
        let fixture = try APIFixture()
        defer { fixture.cleanUp() }
        let title = String(repeating: "t", count: 10 * 1024 * 1024)
        let body = #"{"url": "https://example.com/", "title": "\#(title)"}"#
        let reply = try await fixture.json(.post, "/api/bookmarks/?disable_scraping", body)
        #expect(reply.status == 400)
        #expect(reply.text == #"{"title":["Ensure this field has no more than 512 characters."]}"#)
        let id = try #require(try await fixture.create(#"{"url": "https://example.com/keep", "title": "kept"}"#)["id"] as? Int)
        let patch = try await fixture.json(.patch, "/api/bookmarks/\(id)/", #"{"title": "\#(title)"}"#)
        #expect(patch.status == 400)
        #expect(try await fixture.send(.get, "/api/bookmarks/\(id)/").object()["title"] as? String == "kept")
        #expect(try fixture.bookmarkCount() == 1)
    }

    @Test func aTenMegabyteTitleOverRealHTTPIsA400WithTheDefaultLimitAndA413Beyond() async throws {
        let fixture = try APIFixture()
        defer { fixture.cleanUp() }
        let title = String(repeating: "t", count: 10 * 1024 * 1024)
        let body = Data(#"{"url": "https://example.com/", "title": "\#(title)"}"#.utf8)
        func post(_ port: Int, _ body: Data) async throws -> APIReply {
            let head = "POST /api/bookmarks/?disable_scraping HTTP/1.1\r\nHost: x\r\nAuthorization: Token \(fixture.token)\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
            return try await RawHTTP.exchange(port: port, Data(head.utf8) + body)
        }
        try await withLiveServer(fixture, maxBodySize: 16 * 1024 * 1024) { port in
            let reply = try await post(port, body)
            #expect(reply.status == 400)
            #expect(reply.text == #"{"title":["Ensure this field has no more than 512 characters."]}"#)
        }
        try await withLiveServer(fixture, maxBodySize: 1024 * 1024) { port in
            let reply = try await post(port, body)
            #expect(reply.status == 413)
        }
        #expect(try fixture.bookmarkCount() == 0)
    }

    @Test(arguments: [
        ("multipart/form-data", "x", #"{"detail":"Multipart form parse error - Invalid boundary in multipart: None"}"#),
        ("multipart/form-data; boundary=b", "--b\r\nContent-Disposition: form-data; name=\"url\"\r\n\r\nhttps://example.com/",
         #"{"detail":"Multipart form parse error - The body ended before the closing boundary --b--."}"#),
        ("multipart/form-data; boundary=b", "--b\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nno url\r\n--b--\r\n",
         #"{"url":["This field is required."]}"#),
        ("application/x-www-form-urlencoded", "title=only", #"{"url":["This field is required."]}"#),
        ("application/x-www-form-urlencoded", "url=https%3A%2F%2Fexample.com%2F&unread=perhaps", #"{"unread":["Must be a valid boolean."]}"#),
        ("application/x-www-form-urlencoded", "url=https%3A%2F%2Fexample.com%2F&tag_names=", #"{"tag_names":{"0":["This field may not be blank."]}}"#),
        ("application/x-www-form-urlencoded", String(repeating: "a=1&", count: 1001),
         #"{"detail":"The number of GET/POST parameters exceeded settings.DATA_UPLOAD_MAX_NUMBER_FIELDS."}"#),
    ])
    func brokenFormsAreAClear400(contentType: String, body: String, expected: String) async throws {
        let fixture = try APIFixture()
        defer { fixture.cleanUp() }
        let reply = try await fixture.send(.post, "/api/bookmarks/?disable_scraping", body: Data(body.utf8), contentType: contentType)
        #expect(reply.status == 400)
        #expect(reply.text == expected)
        #expect(try fixture.bookmarkCount() == 0)
    }

    @Test func tagsAndBundlesRefuseBadInputInDRFsWords() async throws {
        let fixture = try APIFixture()
        defer { fixture.cleanUp() }
        #expect(try await fixture.json(.post, "/api/tags/", #"{"example": "aiolinkding sends this"}"#).text == #"{"name":["This field is required."]}"#)
        #expect(try await fixture.json(.post, "/api/tags/", #"{"name": ""}"#).text == #"{"name":["This field may not be blank."]}"#)
        #expect(try await fixture.json(.post, "/api/tags/", #"{"name": ["a"]}"#).text == #"{"name":["Not a valid string."]}"#)
        #expect(try await fixture.json(.post, "/api/tags/", "{\"name\": \"\(String(repeating: "n", count: 65))\"}").text
                == #"{"name":["Ensure this field has no more than 64 characters."]}"#)
        #expect(try await fixture.json(.post, "/api/bundles/", #"{"search": "x"}"#).text == #"{"name":["This field is required."]}"#)
        #expect(try await fixture.json(.post, "/api/bundles/", #"{"name": "B", "order": "first"}"#).text == #"{"order":["A valid integer is required."]}"#)
        #expect(try await fixture.json(.post, "/api/bundles/", #"{"name": "B", "filter_unread": "maybe"}"#).text
                == #"{"filter_unread":["\"maybe\" is not a valid choice."]}"#)
        #expect(try await fixture.json(.post, "/api/bundles/", #"{"name": "", "order": 1.5, "filter_shared": true}"#).text
                == #"{"name":["This field may not be blank."],"filter_shared":["\"True\" is not a valid choice."],"order":["A valid integer is required."]}"#)
        let tags = try await fixture.send(.get, "/api/tags/")
        let bundles = try await fixture.send(.get, "/api/bundles/")
        #expect(try tags.object()["count"] as? Int == 0 && bundles.object()["count"] as? Int == 0)
    }
}
