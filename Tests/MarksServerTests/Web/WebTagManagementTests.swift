import Foundation
import HTTPServer
import MarksCore
import MarksBookmarks
import Testing

/// Tag management from a tag's page: rename (merging into an existing tag) and delete across every bookmark,
/// live and archived, each bookmark PATCHed through the source; AI tags of that name follow.
@Suite struct WebTagManagementTests {
    @Test func renameRewritesEveryBookmarkAndMergesIntoAnExistingTag() async throws {
        let web = try await WebHarness.make { source in
            try await source.seed(4, tags: { $0 == 1 ? ["js", "javascript"] : $0 <= 3 ? ["JS"] : ["other"] })
        }
        defer { web.cleanUp() }
        try await web.library.archive(id: 3)
        try await web.library.setAIMetadata(id: 4, summary: nil, tags: ["js"], engine: "test")
        var client = try await web.signedIn()
        let page = WebClient.text(try await client.get("/tags/js"))
        #expect(page.contains("action=\"/tags/js/rename\""))
        let response = try await client.post("/tags/js/rename", [("name", "javascript")])
        #expect(response.status == 303)
        #expect(response.headers["Location"]?.hasPrefix("/tags/javascript") == true)
        #expect(await web.source.find(1)?.tagNames == ["javascript"], "merged: the tag once")
        #expect(await web.source.find(2)?.tagNames == ["javascript"])
        #expect(await web.source.find(3)?.tagNames == ["javascript"], "archived bookmarks too")
        #expect(await web.source.find(4)?.tagNames == ["other"])
        #expect(Set(web.source.updates.map(\.id)).isSuperset(of: [1, 2, 3]))
        #expect(try await web.library.bookmark(id: 4).aiTags == ["javascript"])
        let tags = WebClient.text(try await client.get("/tags"))
        #expect(!tags.contains("<span>#js</span>") && !tags.contains("<span>#JS</span>"))
        #expect(try await client.post("/tags/js/rename", [("name", "  ")]).status == 400)
    }

    @Test func deleteAsksFirstThenRemovesTheTagEverywhere() async throws {
        let web = try await WebHarness.make { source in
            try await source.seed(3, tags: { $0 <= 2 ? ["old", "keep"] : ["keep"] })
        }
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let ask = try await client.post("/tags/old/delete", [])
        #expect(ask.status == 200)
        let text = WebClient.text(ask)
        #expect(text.contains("Delete #old?"))
        #expect(text.contains("removed from 2 bookmarks"))
        #expect(web.source.updates.isEmpty, "nothing changes before the confirmation")
        let done = try await client.post("/tags/old/delete", [("confirm", "1")])
        #expect(done.status == 303)
        #expect(await web.source.find(1)?.tagNames == ["keep"])
        #expect(await web.source.find(2)?.tagNames == ["keep"])
        #expect(await web.source.find(3)?.tagNames == ["keep"])
        #expect(web.source.updates.count == 2)
    }
}
