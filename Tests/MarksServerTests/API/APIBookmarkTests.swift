import Foundation
import HTTPServer
import MarksCore
import Testing
@testable import MarksServer

/// linkding's bookmark semantics through `/api/bookmarks/`: overwrite on POST, PATCH of sent fields only, PUT,
/// tag cleaning, scraping, check, dates, form and multipart bodies.
@Suite struct APIBookmarkTests {
    @Test func postingAnExistingURLOverwritesThatBookmarkAndKeepsItsIdArchiveStateAndDateAdded() async throws {
        let fixture = try APIFixture()
        defer { fixture.cleanUp() }
        let first = try await fixture.create(#"{"url": "https://Example.com/a/?b=2&a=1", "title": "T", "description": "D", "notes": "N", "unread": true, "shared": true, "tag_names": ["x"], "date_added": "2020-02-02T02:02:02Z"}"#)
        let id = try #require(first["id"] as? Int)
        #expect(try await fixture.send(.post, "/api/bookmarks/\(id)/archive/").status == 204)
        let again = try await fixture.json(.post, "/api/bookmarks/?disable_scraping", #"{"url": "https://example.com/a?a=1&b=2", "title": "U"}"#)
        #expect(again.status == 201)
        let second = try again.object()
        #expect(second["id"] as? Int == id)
        #expect(second["url"] as? String == "https://Example.com/a/?b=2&a=1")
        #expect(second["title"] as? String == "U")
        #expect(second["description"] as? String == "")
        #expect(second["notes"] as? String == "")
        #expect(second["unread"] as? Bool == false && second["shared"] as? Bool == false)
        #expect(second["tag_names"] as? [String] == [])
        #expect(second["is_archived"] as? Bool == true)
        #expect(second["date_added"] as? String == "2020-02-02T02:02:02Z")
        #expect(try fixture.bookmarkCount() == 1)
    }

    @Test func patchChangesOnlyTheFieldsItSends() async throws {
        let fixture = try APIFixture()
        defer { fixture.cleanUp() }
        let created = try await fixture.create(#"{"url": "https://example.com/", "title": "T", "unread": true, "shared": true, "tag_names": ["a", "b"]}"#)
        let id = try #require(created["id"] as? Int)
        let patched = try await fixture.json(.patch, "/api/bookmarks/\(id)/", #"{"title": "New"}"#)
        #expect(patched.status == 200)
        let object = try patched.object()
        #expect(object["title"] as? String == "New")
        #expect(object["unread"] as? Bool == true && object["shared"] as? Bool == true)
        #expect(object["tag_names"] as? [String] == ["a", "b"])
        #expect((object["date_modified"] as? String ?? "") > (created["date_modified"] as? String ?? "~"))
        #expect(object["date_added"] as? String == created["date_added"] as? String)
        let cleared = try await fixture.json(.patch, "/api/bookmarks/\(id)/", #"{"tag_names": []}"#)
        #expect(try cleared.object()["tag_names"] as? [String] == [])
        let nothing = try await fixture.json(.patch, "/api/bookmarks/\(id)/", "{}")
        #expect(nothing.status == 200)
        let empty = try await fixture.send(.patch, "/api/bookmarks/\(id)/")
        #expect(empty.status == 200, "an empty body is an empty dictionary")
    }

    @Test func patchRefusesNullsAndAnotherBookmarksURL() async throws {
        let fixture = try APIFixture()
        defer { fixture.cleanUp() }
        try await fixture.create(#"{"url": "https://one.example.com/"}"#)
        let id = try #require(try await fixture.create(#"{"url": "https://two.example.com/", "title": "two"}"#)["id"] as? Int)
        let duplicate = try await fixture.json(.patch, "/api/bookmarks/\(id)/", #"{"url": "https://one.example.com/"}"#)
        #expect(duplicate.status == 400)
        #expect(duplicate.text == #"{"url":["A bookmark with this URL already exists."]}"#)
        let nulls = try await fixture.json(.patch, "/api/bookmarks/\(id)/", #"{"title": null, "unread": null, "tag_names": null}"#)
        #expect(nulls.text == #"{"title":["This field may not be null."],"unread":["This field may not be null."],"tag_names":["This field may not be null."]}"#)
        #expect(try await fixture.send(.get, "/api/bookmarks/\(id)/").object()["title"] as? String == "two")
    }

    @Test func putNeedsTheURLAndKeepsWhatItDoesNotSend() async throws {
        let fixture = try APIFixture()
        defer { fixture.cleanUp() }
        let id = try #require(try await fixture.create(#"{"url": "https://example.com/", "title": "T", "unread": true, "tag_names": ["a"]}"#)["id"] as? Int)
        let missing = try await fixture.json(.put, "/api/bookmarks/\(id)/", #"{"title": "X"}"#)
        #expect(missing.status == 400)
        #expect(missing.text == #"{"url":["This field is required."]}"#)
        let put = try await fixture.json(.put, "/api/bookmarks/\(id)/", #"{"url": "https://example.com/moved", "title": "X"}"#)
        let object = try put.object()
        #expect(object["url"] as? String == "https://example.com/moved")
        #expect(object["title"] as? String == "X")
        #expect(object["unread"] as? Bool == true)
        #expect(object["tag_names"] as? [String] == ["a"])
    }

    @Test func aFormPutResetsUnsentCheckBoxesAsDRFReadsHTMLForms() async throws {
        let fixture = try APIFixture()
        defer { fixture.cleanUp() }
        let id = try #require(try await fixture.create(#"{"url": "https://example.com/", "unread": true, "shared": true}"#)["id"] as? Int)
        let put = try await fixture.send(.put, "/api/bookmarks/\(id)/", body: Data("url=https%3A%2F%2Fexample.com%2F&title=Form".utf8),
                                         contentType: "application/x-www-form-urlencoded")
        let object = try put.object()
        #expect(object["title"] as? String == "Form")
        #expect(object["unread"] as? Bool == false && object["shared"] as? Bool == false)
        let patch = try await fixture.send(.patch, "/api/bookmarks/\(id)/", body: Data("unread=on".utf8),
                                           contentType: "application/x-www-form-urlencoded")
        #expect(try patch.object()["unread"] as? Bool == true)
        #expect(try patch.object()["title"] as? String == "Form")
    }

    @Test func tagNamesAreCleanedAsLinkdingCleansThem() async throws {
        let fixture = try APIFixture()
        defer { fixture.cleanUp() }
        _ = try await fixture.json(.post, "/api/tags/", #"{"name": "Swift"}"#)
        let created = try await fixture.create(##"{"url": "https://example.com/", "tag_names": ["  two words ", "c,d", "swift", "#hash", "SWIFT"]}"##)
        #expect(created["tag_names"] as? [String] == ["#hash", "Swift", "c", "d", "two-words"])
        let blank = try await fixture.json(.post, "/api/bookmarks/", #"{"url": "https://example.com/b", "tag_names": ["ok", "  "]}"#)
        #expect(blank.status == 400)
        #expect(blank.text == #"{"tag_names":{"1":["This field may not be blank."]}}"#)
    }

    @Test func scrapingFillsAnEmptyTitleAndDescriptionUnlessDisabled() async throws {
        let fixture = try APIFixture()
        defer { fixture.cleanUp() }
        let scraped = try await fixture.json(.post, "/api/bookmarks/", #"{"url": "https://example.com/page"}"#)
        #expect(scraped.status == 201)
        #expect(try scraped.object()["title"] as? String == "Page https://example.com/page")
        #expect(try scraped.object()["description"] as? String == "About https://example.com/page")
        let kept = try await fixture.json(.post, "/api/bookmarks/", #"{"url": "https://example.com/own", "title": "Mine", "description": "Mine too"}"#)
        #expect(try kept.object()["title"] as? String == "Mine")
        let disabled = try await fixture.json(.post, "/api/bookmarks/?disable_scraping&disable_html_snapshot", #"{"url": "https://example.com/quiet"}"#)
        #expect(try disabled.object()["title"] as? String == "")
        #expect(fixture.metadata.requests == ["https://example.com/page"])
    }

    @Test func checkFindsTheBookmarkByNormalizedURLArchivedOnesTooAndEchoesTheInput() async throws {
        let fixture = try APIFixture()
        defer { fixture.cleanUp() }
        let id = try #require(try await fixture.create(#"{"url": "https://example.com/path/?b=1&a=2"}"#)["id"] as? Int)
        #expect(try await fixture.send(.post, "/api/bookmarks/\(id)/archive/").status == 204)
        let asked = "HTTPS://EXAMPLE.com/path?a=2&b=1"
        let check = try await fixture.send(.get, "/api/bookmarks/check/?url=" + LinkdingQueryEncoding.encode(asked))
        let object = try check.object()
        #expect((object["bookmark"] as? [String: Any])?["id"] as? Int == id)
        #expect((object["metadata"] as? [String: Any])?["url"] as? String == asked)
        #expect((object["metadata"] as? [String: Any])?["title"] as? String == "Page \(asked)")
        #expect(object["auto_tags"] as? [String] == [])
        let none = try await fixture.send(.get, "/api/bookmarks/check/?url=https%3A%2F%2Fother.example.com%2F")
        #expect(try none.object()["bookmark"] is NSNull)
        let missing = try await fixture.send(.get, "/api/bookmarks/check/")
        #expect(missing.text == #"{"bookmark":null,"metadata":{"url":null,"title":null,"description":null,"preview_image":null},"auto_tags":[]}"#)
    }

    @Test(arguments: [
        ("2024-01-15T10:30:00Z", "2024-01-15T10:30:00Z"),
        ("2024-01-15T11:30:00+01:00", "2024-01-15T10:30:00Z"),
        ("2024-01-15T10:30:00.218339Z", "2024-01-15T10:30:00.218339Z"),
        ("2024-01-15 10:30", "2024-01-15T10:30:00Z"),
        ("2024-01-15T05:30:00-0500", "2024-01-15T10:30:00Z"),
        ("2024-01-15", "2024-01-15T00:00:00Z"),
    ])
    func everyDateFormIsReadAndWrittenBackInUTC(input: String, output: String) async throws {
        let fixture = try APIFixture()
        defer { fixture.cleanUp() }
        let created = try await fixture.create("{\"url\": \"https://example.com/\", \"date_added\": \"\(input)\"}")
        #expect(created["date_added"] as? String == output)
    }

    @Test func formAndMultipartBodiesCreateBookmarks() async throws {
        let fixture = try APIFixture()
        defer { fixture.cleanUp() }
        let form = try await fixture.send(.post, "/api/bookmarks/?disable_scraping",
                                          body: Data("url=https%3A%2F%2Fexample.com%2Fform&title=A+form&tag_names=x&tag_names=y&unread=true".utf8),
                                          contentType: "application/x-www-form-urlencoded; charset=utf-8")
        #expect(form.status == 201)
        #expect(try form.object()["title"] as? String == "A form")
        #expect(try form.object()["tag_names"] as? [String] == ["x", "y"])
        #expect(try form.object()["unread"] as? Bool == true)
        let boundary = "----marks7MA4YWxkTrZu0gW"
        let parts = [("url", "https://example.com/multi"), ("title", "Multi"), ("tag_names[0]", "m1"), ("tag_names[1]", "m2"), ("shared", "1")]
        let text = parts.map { "--\(boundary)\r\nContent-Disposition: form-data; name=\"\($0.0)\"\r\n\r\n\($0.1)\r\n" }.joined() + "--\(boundary)--\r\n"
        let multipart = try await fixture.send(.post, "/api/bookmarks/?disable_scraping", body: Data(text.utf8),
                                               contentType: "multipart/form-data; boundary=\(boundary)")
        #expect(multipart.status == 201)
        let object = try multipart.object()
        #expect(object["title"] as? String == "Multi")
        #expect(object["tag_names"] as? [String] == ["m1", "m2"])
        #expect(object["shared"] as? Bool == true)
    }

    @Test func pathIdsAreReadAsDjangoReadsThem() async throws {
        let fixture = try APIFixture()
        defer { fixture.cleanUp() }
        let id = try #require(try await fixture.create(#"{"url": "https://example.com/"}"#)["id"] as? Int)
        #expect(try await fixture.send(.get, "/api/bookmarks/+\(id)/").status == 200)
        #expect(try await fixture.send(.get, "/api/bookmarks/%20\(id)%20/").status == 200)
        #expect(try await fixture.send(.get, "/api/bookmarks/0\(id)/").status == 200)
        #expect(try await fixture.send(.get, "/api/bookmarks/99999999999999999999999/").status == 404)
    }
}

/// Percent-encoding for test query values (everything but unreserved characters).
enum LinkdingQueryEncoding {
    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")) ?? text
    }
}
