import Foundation
import HTTPServer
import MarksCore
import Testing
@testable import MarksServer

@Suite struct WebFormsTests {
    @Test func addingSavesWithCleanedTagsAndComesBackToTheList() async throws {
        let web = try await WebHarness.make(seed: 1)
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let response = try await client.post("/add", [("url", " https://new.example/page "), ("title", ""), ("notes", "line one\r\nline two"),
                                                      ("tags", "swift,  server side , #web, Swift"), ("unread", "1")])
        #expect(response.status == 303)
        #expect(response.headers["Location"] == "/?notice=added")
        let saved = try #require(await web.source.find(url: "https://new.example/page"))
        #expect(saved.url == "https://new.example/page")
        #expect(saved.tagNames == ["#web", "server-side", "swift"], "cleaned, and sorted as linkding returns them")
        #expect(saved.notes == "line one\nline two")
        #expect(saved.unread)
        #expect(saved.title == "Scraped title", "an empty title lets the source fill it")
        #expect(WebClient.text(try await client.get("/?notice=added")).contains("Bookmark saved."))
    }

    @Test(arguments: ["", "example.com", "javascript:alert(1)", "http://", "ftp://example.com/x", "https://exa mple.com"])
    func badAddressesAreRefusedWithWordsAndNothingIsSaved(url: String) async throws {
        let web = try await WebHarness.make()
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let response = try await client.post("/add", [("url", url), ("notes", "kept")])
        #expect(response.status == 400)
        let page = WebClient.text(response)
        #expect(page.contains("role=\"alert\""))
        #expect(page.contains("kept"), "what was typed is kept")
        #expect(web.source.creates.isEmpty)
    }

    @Test func aSavedURLIsReportedBeforeSavingWithALinkToEditIt() async throws {
        let web = try await WebHarness.make(seed: 3)
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let response = try await client.post("/add", [("url", "HTTPS://EXAMPLE.com/article/2/"), ("tags", "later")])
        #expect(response.status == 409)
        let page = WebClient.text(response)
        #expect(page.contains("Already saved as “Bookmark number 2”"))
        #expect(page.contains("href=\"/bookmarks/2/edit\""))
        #expect(web.source.creates.isEmpty, "never overwritten by a POST")

        let merged = try await client.post("/add", [("url", "https://example.com/article/2"), ("tags", "later"), ("merge", "1")])
        #expect(merged.headers["Location"] == "/?notice=merged")
        #expect(await web.source.find(2)?.tagNames == ["later"])
        #expect(web.source.creates.isEmpty)
    }

    @Test func theDuplicateCheckAnswersTheScript() async throws {
        let web = try await WebHarness.make(seed: 2)
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let known = WebClient.text(try await client.get("/add/check?url=https%3A%2F%2Fexample.com%2Farticle%2F1"))
        #expect(known == #"{"exists":true,"id":1,"title":"Bookmark number 1","edit":"/bookmarks/1/edit"}"#)
        #expect(WebClient.text(try await client.get("/add/check?url=https%3A%2F%2Fother.example")) == #"{"exists":false}"#)
        #expect(WebClient.text(try await client.get("/add/check?url=%3Cscript%3E")) == #"{"exists":false}"#)
    }

    @Test func thePasteBoxPullsOutTheFirstLinkAndKeepsTheWords() async throws {
        let web = try await WebHarness.make()
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let page = WebClient.text(try await client.post("/add/paste", [("paste", "Read this later: https://blog.example/post?id=4. Great <b>stuff</b>")]))
        #expect(page.contains("value=\"https://blog.example/post?id=4\""))
        #expect(page.contains("Read this later"))
        #expect(page.contains("Great &lt;b&gt;stuff&lt;/b&gt;</textarea>"))
        #expect(page.contains("the other words are in Notes"))
        let none = try await client.post("/add/paste", [("paste", "no link here")])
        #expect(WebClient.text(none).contains("No web address"))
    }

    @Test func theShareTargetFillsTheForm() async throws {
        let web = try await WebHarness.make()
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let fromText = WebClient.text(try await client.get("/add?title=Shared&text=Look%20https%3A%2F%2Fshared.example%2Fa%20now"))
        #expect(fromText.contains("value=\"https://shared.example/a\""))
        #expect(fromText.contains("value=\"Shared\""))
        #expect(fromText.contains(">\nLook now</textarea>"))
        let bookmarklet = WebClient.text(try await client.get("/share?url=https%3A%2F%2Fb.example%2Fx&title=B&text=picked"))
        #expect(bookmarklet.contains("value=\"https://b.example/x\""))
        #expect(bookmarklet.contains("value=\"B\""))
        let withURL = WebClient.text(try await client.get("/add?url=https%3A%2F%2Fa.example&text=a%20note"))
        #expect(withURL.contains("value=\"https://a.example\""))
        #expect(withURL.contains(">\na note</textarea>"))
    }

    @Test func editingSendsOnlyTheFieldsThatChanged() async throws {
        let web = try await WebHarness.make(seed: 2) { source in
            try await source.insert(Bookmark(id: 0, url: "https://keep.example", title: "Keep", notes: "first\nsecond", unread: true,
                                         tagNames: ["a", "b"], dateAdded: Date(), dateModified: Date()))
        }
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let form = WebClient.text(try await client.get("/bookmarks/3/edit"))
        #expect(form.contains("value=\"a, b\""))
        let response = try await client.post("/bookmarks/3/edit", [("url", "https://keep.example"), ("title", "Kept title"), ("description", ""),
                                                                   ("notes", "first\r\nsecond"), ("tags", "a, b"), ("unread", "1")])
        #expect(response.status == 303)
        #expect(response.headers["Location"] == "/bookmarks/3?notice=updated")
        let updates = web.source.updates
        #expect(updates.count == 1)
        #expect(updates.first?.update == BookmarkUpdate(title: "Kept title"))

        _ = try await client.post("/bookmarks/3/edit", [("url", "https://keep.example"), ("title", "Kept title"), ("notes", "first\nsecond"), ("tags", "a, b, c")])
        #expect(web.source.updates.last?.update == BookmarkUpdate(unread: false, tagNames: ["a", "b", "c"]))
    }

    /// An Edit opened from a list (its row menu or `e` send `return`) goes back to that list, at the row; a `return`
    /// that is not a local path is ignored.
    @Test func editingFromAListReturnsToIt() async throws {
        let web = try await WebHarness.make(seed: 3)
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let form = WebClient.text(try await client.get("/bookmarks/2/edit?return=" + SafeURL.encode("/?q=number&page=2")))
        #expect(form.contains(#"<input type="hidden" name="return" value="/?q=number&amp;page=2">"#), "\(form)")
        #expect(form.contains(#"href="/?q=number&amp;page=2">Cancel</a>"#))
        let saved = try await client.post("/bookmarks/2/edit", [("url", "https://example.com/article/2"), ("title", "Renamed"), ("return", "/?q=number&page=2")])
        #expect(saved.status == 303)
        #expect(saved.headers["Location"] == "/?q=number&page=2&notice=updated&at=b2#b2")
        let refused = try await client.post("/bookmarks/2/edit", [("url", "not a url"), ("return", "/?q=number")])
        #expect(refused.status == 400)
        #expect(WebClient.text(refused).contains(#"name="return" value="/?q=number""#), "a refused Save keeps where to go back")
        let elsewhere = try await client.post("/bookmarks/2/edit", [("url", "https://example.com/article/2"), ("title", "Again"), ("return", "https://evil.example/")])
        #expect(elsewhere.headers["Location"] == "/bookmarks/2?notice=updated")
        let plain = WebClient.text(try await client.get("/bookmarks/2/edit?return=//evil.example"))
        #expect(!plain.contains("name=\"return\""))
    }

    @Test func editingRefusesABadAddress() async throws {
        let web = try await WebHarness.make(seed: 1)
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let response = try await client.post("/bookmarks/1/edit", [("url", "not a url"), ("title", "x")])
        #expect(response.status == 400)
        #expect(WebClient.text(response).contains("Not a web address"))
        #expect(web.source.updates.isEmpty)
    }

    @Test func deleteArchiveAndUnarchiveWorkAsPlainForms() async throws {
        let web = try await WebHarness.make(seed: 3)
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let deleted = try await client.post("/bookmarks/1/delete", [("return", "/?unread=1")])
        #expect(deleted.headers["Location"] == "/?unread=1&undo=1&notice=deleted")
        #expect(await web.source.find(1) == nil)
        #expect(try await client.post("/bookmarks/2/archive", [("return", "/")]).headers["Location"] == "/?notice=archived")
        #expect(await web.source.find(2)?.isArchived == true)
        #expect(!WebClient.text(try await client.get("/")).contains("id=\"b2\""))
        _ = try await client.post("/bookmarks/2/unarchive")
        #expect(await web.source.find(2)?.isArchived == false)
        #expect(try await client.post("/bookmarks/1/delete").status == 404, "deleting twice says it is gone")
    }

    @Test func theScriptGetsNoContentInsteadOfARedirect() async throws {
        let web = try await WebHarness.make(seed: 2)
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let response = try await client.post("/bookmarks/2/delete", headers: [("Accept", "application/json"), ("Sec-Fetch-Site", "same-origin")])
        #expect(response.status == 204)
        #expect(await web.source.find(2) == nil)
    }

    @Test func aFormWithoutAnActionGoesBack() async throws {
        let web = try await WebHarness.make(seed: 1)
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        #expect(try await client.post("/bookmarks/action", [("return", "/tags")]).headers["Location"] == "/tags")
    }
}
