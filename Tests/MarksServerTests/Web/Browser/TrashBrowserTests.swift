import Foundation
import MarksCore
import Testing
@testable import MarksServer

/// Delete in headless Chromium: the delete reaches the store before the toast's Undo is even offered, so a reload at
/// once, a new browser (the tab closed) or the Trash all agree; Undo and Restore bring the bookmark back exactly.
@Suite struct TrashBrowserTests {
    @Test(.enabled(if: WebDriver.isAvailable, "skipped: /usr/bin/chromium and /usr/bin/chromedriver are needed (apt-get install chromium chromium-driver)"),
          .timeLimit(.minutes(10)))  // a hang guard: on 2 shared cores beside the rest of the suite a walk can take minutes
    func deleteReloadUndoTrashAndRestore() async throws {
        // A long Undo window: the delete must reach the store while the toast still offers Undo (today's main sent it
        // only when the window closed or the page was left, so a reload could race it).
        let options = WebOptions(undoSeconds: 60, pageSize: 50, timeZone: TimeZone(secondsFromGMT: 0) ?? .current)
        let web = try await WebHarness.make(seed: 8, options: options, prepare: { source in
            try await source.insert(Bookmark(id: 0, url: "https://example.com/full", title: "Full bookmark", description: "desc",
                                             notes: "notes", unread: true, shared: true, tagNames: ["one", "two"],
                                             dateAdded: Date(), dateModified: Date()))
        })
        defer { web.cleanUp() }
        let full = try #require(await web.source.find(9))
        try await WebDriver.serving(web) { browser, base in
            try await browser.open(try web.auth.signInLink(baseURL: base))
            try await browser.wait("the list") { try await browser.currentURL == base + "/" }

            // Delete: in the store's trash while the page stays; then reload at once: still gone.
            try await browser.click("#b8 button[value='delete 8']")
            try await browser.wait("the delete to reach the store while Undo is offered") { await web.source.find(8) == nil }
            #expect(try await browser.property("#toast", "hidden") as? Bool == false)
            try await browser.open(base + "/")
            #expect(try await browser.findAll("#b8").isEmpty, "a reload right after Delete does not bring it back")
            #expect(try web.source.store.trashed().map(\.bookmark.id) == [8])

            // Delete, then Undo from the toast: back exactly.
            try await browser.click("#b9 button[value='delete 9']")
            #expect(try await browser.property("#b9", "hidden") as? Bool == true, "the row goes at once")
            try await browser.wait("the undo toast") {
                let shown = try await browser.property("#toast", "hidden") as? Bool == false
                let text = try await browser.text("#toast-text")
                return shown && text.hasPrefix("Deleted: Full bookmark")
            }
            try await browser.wait("the delete to reach the store") { await web.source.find(9) == nil }
            try await browser.click("#toast-undo")
            try await browser.wait("the row back") { try await browser.property("#b9", "hidden") as? Bool == false }
            try await browser.wait("the restore to reach the store") { await web.source.find(9) != nil }
            #expect(await web.source.find(9) == full, "id, tags, notes, dates and flags as they were")
            try await browser.open(base + "/")
            #expect(try await browser.findAll("#b9").count == 1)

            // Delete, then close the browser: a new browser (new session) still sees it gone.
            try await browser.click("#b7 button[value='delete 7']")
            try await browser.wait("the delete to reach the store") { await web.source.find(7) == nil }
            await browser.quit()
            let second = try await WebDriver()
            do {
                try await second.open(try web.auth.signInLink(baseURL: base))
                try await second.wait("the list") { try await second.currentURL == base + "/" }
                #expect(try await second.findAll("#b7").isEmpty, "closing the tab does not bring it back")
                #expect(try await second.findAll("#b6").count == 1)

                // The Trash lists both; Restore brings one back; a screenshot of the page.
                try await second.open(base + "/trash")
                #expect(try await second.findAll("#trash-rows > li").count == 2)
                let folder = Screenshots.folder()
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try await second.screenshot().write(to: folder.appendingPathComponent("trash-light.png"))
                try await second.click("li[data-id='7'] form[action='/bookmarks/7/restore'] button")
                try await second.wait("back on the trash page") { try await second.text("main").contains("Bookmark restored.") }
                #expect(try await second.findAll("#trash-rows > li").count == 1)
                #expect(await web.source.find(7) != nil)

                // Without the toast: the notice after a plain delete carries an Undo form.
                try await web.library.delete(id: 6)
                try await second.open(base + "/?undo=6&notice=deleted")
                try await second.click("#notice-undo")
                try await second.wait("the undo to land") { try await second.text("main").contains("Bookmark restored.") }
                #expect(try await second.findAll("#b6").count == 1)

                // Empty trash asks once.
                try await second.open(base + "/trash")
                try await second.click("#empty-trash")
                try await second.wait("the one confirmation") { !(try await second.findAll("#confirm-empty")).isEmpty }
                try await second.click("#confirm-empty")
                try await second.wait("the empty trash") { try await second.text("main").contains("The trash is empty") }
                #expect(try web.source.store.trashed().isEmpty)
                await second.quit()
            } catch {
                await second.quit()
                throw error
            }
        }
    }
}
