import Foundation
import HTTPServer
import MarksCore
import MarksBookmarks
import Testing
@testable import MarksServer

/// Delete that never resurrects and never loses, at the routes: a delete is in the store's trash before the answer
/// goes out; the notice carries an Undo form; Undo and the Trash restore exactly; a new session or a restarted
/// server on the same data directory still sees it gone and in the Trash.
@Suite struct WebTrashTests {
    /// The same data directory served again, as after `marks serve` restarts (same web secret, so the cookie holds).
    static func restarted(_ web: WebHarness) throws -> WebApp {
        let local = try LocalData(paths: MarksPaths(environment: [:], dataDirectory: web.directory.path, currentDirectory: "/"),
                                  now: RecordingSource.steppingClock())
        let source = RecordingSource(store: local.store)
        let library = LibraryService(source: source, widgets: nil, now: WebHarness.now,
                                     warn: { _ in }, cache: try BookmarkCache(database: local.database, for: source))
        let auth = try OwnerAuth(dataDirectory: web.directory, now: WebHarness.now)  // the harness's clock: its session still holds
        var options = WebOptions(undoSeconds: 6, pageSize: 50, timeZone: TimeZone(secondsFromGMT: 0) ?? .current)
        options.stateDirectory = web.directory
        return WebApp(library: library, auth: auth, settings: WebSettings(configStore: web.configStore, verify: { _ in
            ServerHealth(version: "1.31.0", status: "healthy")
        }, activeServer: nil), widgets: nil, reader: nil, options: options)
    }

    @Test func aDeleteIsRecordedBeforeTheAnswerAndAReloadStillShowsItGone() async throws {
        let web = try await WebHarness.make(seed: 3)
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let response = try await client.post("/bookmarks/2/delete", [("return", "/?unread=1")])
        #expect(response.headers["Location"] == "/?unread=1&undo=2&notice=deleted")
        #expect(await web.source.find(2) == nil)
        #expect(try web.source.store.trashed().map(\.bookmark.id) == [2])
        let list = WebClient.text(try await client.get("/"))
        #expect(!list.contains("id=\"b2\""))
        #expect(list.contains("id=\"b1\"") && list.contains("id=\"b3\""))
        #expect(!WebClient.text(try await client.get("/search?q=number")).contains("id=\"b2\""))
        #expect(try await client.get("/bookmarks/2").status == 404)
    }

    @Test func theNoticeAfterADeleteCarriesAnUndoFormThatRestoresExactly() async throws {
        let web = try await WebHarness.make(seed: 3, prepare: { source in
            try await source.insert(Bookmark(id: 0, url: "https://example.com/full", title: "Full", description: "desc", notes: "notes",
                                             isArchived: false, unread: true, shared: true, tagNames: ["one", "two"],
                                             dateAdded: Date(), dateModified: Date()))
        })
        defer { web.cleanUp() }
        let before = try #require(await web.source.find(4))
        var client = try await web.signedIn()
        _ = try await client.post("/bookmarks/4/delete", [("return", "/tags/one")])
        let page = WebClient.text(try await client.get("/tags/one?undo=4&notice=deleted"))
        #expect(page.contains("action=\"/bookmarks/4/restore\""), "the notice's Undo form")
        #expect(page.contains("name=\"return\" value=\"/tags/one\""))
        #expect(page.contains("id=\"notice-undo\""))
        let undone = try await client.post("/bookmarks/4/restore", [("return", "/tags/one")])
        #expect(undone.headers["Location"] == "/tags/one?notice=restored")
        #expect(await web.source.find(4) == before, "id, tags, notes, dates and flags as they were")
        #expect(WebClient.text(try await client.get("/tags/one")).contains("id=\"b4\""))
        #expect(try web.source.store.trashed().isEmpty)
    }

    @Test func theScriptDeletesAtOnceAndUndoesWithAPost() async throws {
        let web = try await WebHarness.make(seed: 2)
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let json = [("Accept", "application/json"), ("Origin", "http://127.0.0.1:8080"), ("Sec-Fetch-Site", "same-origin")]
        #expect(try await client.post("/bookmarks/1/delete", headers: json).status == 204)
        #expect(await web.source.find(1) == nil, "sent at once, not when the undo window closes")
        let restored = try await client.post("/bookmarks/1/restore", headers: json)
        #expect(restored.status == 200)
        #expect(WebClient.text(restored) == #"{"id":1}"#)
        #expect(await web.source.find(1) != nil)
        #expect(try await client.post("/bookmarks/1/restore", headers: json).status == 404, "nothing left to restore")
    }

    @Test func aNewSessionAndARestartedServerStillSeeItGoneAndInTheTrash() async throws {
        let web = try await WebHarness.make(seed: 3)
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        _ = try await client.post("/bookmarks/3/delete")
        var other = try await web.signedIn()
        #expect(!WebClient.text(try await other.get("/")).contains("id=\"b3\""), "another session (the tab closed)")

        let app = try Self.restarted(web)
        var again = WebClient(app: app)
        again.cookies = client.cookies
        try await again.refreshCSRF()
        #expect(!WebClient.text(try await again.get("/")).contains("id=\"b3\""), "after a restart")
        let trash = WebClient.text(try await again.get("/trash"))
        #expect(trash.contains("data-id=\"3\""))
        #expect(trash.contains("Bookmark number 3"))
        #expect(try await again.post("/bookmarks/3/restore", [("return", "/trash")]).headers["Location"] == "/trash?notice=restored")
        #expect(WebClient.text(try await again.get("/")).contains("id=\"b3\""))
    }

    @Test func theTrashRestoresDeletesForeverAndEmptiesAfterOneConfirmation() async throws {
        let web = try await WebHarness.make(seed: 4)
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        #expect(WebClient.text(try await client.get("/trash")).contains("The trash is empty"))
        for id in 1...4 { _ = try await client.post("/bookmarks/\(id)/delete") }
        let trash = WebClient.text(try await client.get("/trash"))
        #expect(trash.contains("4 deleted bookmarks"))
        #expect(trash.contains("action=\"/bookmarks/2/restore\"") && trash.contains("action=\"/trash/2/purge\""))

        #expect(try await client.post("/trash/1/purge").headers["Location"] == "/trash?notice=purged")
        #expect(try web.source.store.trashed(id: 1) == nil)
        _ = try await client.post("/bookmarks/2/restore", [("return", "/trash")])
        #expect(await web.source.find(2) != nil)

        let confirm = WebClient.text(try await client.get("/trash/empty"))
        #expect(confirm.contains("Delete all 2 bookmarks in the trash for good?"))
        #expect(try web.source.store.trashed().count == 2, "asking empties nothing")
        #expect(try await client.post("/trash/empty").headers["Location"] == "/trash?notice=emptied")
        #expect(try web.source.store.trashed().isEmpty)
        #expect(try await client.post("/bookmarks/3/restore").status == 404)
    }

    @Test func theListLinksToTheTrash() async throws {
        let web = try await WebHarness.make(seed: 1)
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        #expect(WebClient.text(try await client.get("/")).contains("href=\"/trash\""))
    }
}
