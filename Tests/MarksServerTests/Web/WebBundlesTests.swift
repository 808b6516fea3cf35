import Foundation
import HTTPServer
import MarksCore
import MarksBookmarks
import Testing

/// Bundles in the web app: listed on the Tags tab, created, opened (its bookmarks, as the source applies it),
/// edited and deleted through forms that work without script.
@Suite struct WebBundlesTests {
    @Test func aBundleIsCreatedListedOpenedEditedAndDeleted() async throws {
        let web = try await WebHarness.make { source in
            try await source.seed(5, tags: { $0 <= 3 ? ["swift"] : ["rust"] }, unread: { $0 == 2 })
        }
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let empty = WebClient.text(try await client.get("/tags"))
        #expect(empty.contains("A bundle is a saved search"))
        #expect(empty.contains("href=\"/bundles/new\""))
        let form = WebClient.text(try await client.get("/bundles/new"))
        #expect(form.contains("<label for=\"any_tags\">Any of these tags</label>"))

        let created = try await client.post("/bundles", [("name", "Swift <reading>"), ("search", ""), ("any_tags", "swift"),
                                                        ("all_tags", ""), ("excluded_tags", ""), ("filter_unread", "off"), ("filter_shared", "off")])
        #expect(created.status == 303)
        let location = try #require(created.headers["Location"])
        #expect(location.hasPrefix("/bundles/"))
        let path = String(location.prefix { $0 != "?" })
        let opened = WebClient.text(try await client.get(path))
        #expect(opened.contains("Bundle <span class=\"tagname\">Swift &lt;reading&gt;</span>"))
        #expect(WebListTests.rowIDs(opened) == [3, 2, 1])
        #expect(opened.contains("Any of #swift."))
        let tags = WebClient.text(try await client.get("/tags"))
        #expect(tags.contains("href=\"\(path)\""))

        let saved = try await client.post(path + "/edit", [("name", "Unread swift"), ("search", ""), ("any_tags", "swift"), ("all_tags", ""),
                                                          ("excluded_tags", ""), ("filter_unread", "yes"), ("filter_shared", "off")])
        #expect(saved.status == 303)
        #expect(WebListTests.rowIDs(WebClient.text(try await client.get(path))) == [2])

        let refused = try await client.post("/bundles", [("name", ""), ("filter_unread", "off"), ("filter_shared", "off")])
        #expect(refused.status == 400)
        #expect(WebClient.text(refused).contains("class=\"notice problem\""))

        #expect(try await client.post(path + "/delete", []).status == 303)
        #expect(try await client.get(path).status == 404)
        #expect(WebClient.text(try await client.get("/tags")).contains("A bundle is a saved search"))
    }
}
