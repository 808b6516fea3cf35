import Foundation
import HTTPServer
import MarksCore
import MarksBookmarks
import MarksServer
import Testing

/// The PWA share target and the bookmarklet (`/share`) run the same share flow as `marks share`: pre-filled
/// from the shared text, an existing URL updated (never duplicated), Create Podcast queued.
@Suite struct WebShareTests {
    @Test func sharePageUsesTheShareFlowAndQueuesAPodcast() async throws {
        let web = try await WebHarness.make(seed: 2, options: {
            WebOptions(undoSeconds: 6, pageSize: 50, timeZone: TimeZone(secondsFromGMT: 0) ?? .current)
        }(), sharePodcasts: true)
        defer { web.cleanUp() }
        let queue = try #require(web.sharePodcasts)
        var client = try await web.signedIn()
        let form = WebClient.text(try await client.get("/share?title=A%20read&text=Great%20read%20https%3A%2F%2Fnews.example%2Fstory%3Fx%3D1.%20Thanks!"))
        #expect(form.contains("name=\"via\" value=\"share\""))
        #expect(form.contains("value=\"https://news.example/story?x=1\""))
        #expect(form.contains("Create podcast"))
        let fields: [(String, String)] = [("via", "share"), ("url", "https://news.example/story?x=1"), ("title", "A read"),
                                          ("notes", "Great read. Thanks!"), ("tags", "news"), ("podcast", "1")]
        let saved = try await client.post("/add", fields)
        #expect(saved.status == 303 || saved.status == 302)
        let again = try await client.post("/add", fields + [("tags", "news, later")])
        #expect(again.status == 303 || again.status == 302)
        let matches = try await web.library.load(LibraryFilter(search: "news.example")).bookmarks
        #expect(matches.count == 1)
        #expect(try queue.list().pending.map(\.url) == ["https://news.example/story?x=1"])
    }
}
