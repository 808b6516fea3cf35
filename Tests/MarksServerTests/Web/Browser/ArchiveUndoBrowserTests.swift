import Foundation
import MarksTestSupport
import Testing
@testable import MarksServer

/// Archive never looks stale (issue 37 item 6), in headless Chromium with a long Undo window: Archive is stored at
/// once, so the Archived view opened while the toast still shows lists the bookmark and leaving the page during the
/// toast loses nothing; Undo moves it back to the list and gives it back its unread mark (archiving marked it read).
@Suite struct ArchiveUndoBrowserTests {
    @Test(.enabled(if: WebDriver.isAvailable, "skipped: /usr/bin/chromium and /usr/bin/chromedriver are needed (apt-get install chromium chromium-driver)"),
          .timeLimit(.minutes(10)))
    func archiveIsStoredAtOnceAndUndoRestoresIt() async throws {
        let web = try await WebHarness.make(
            options: WebOptions(undoSeconds: 600, pageSize: 50, timeZone: TimeZone(secondsFromGMT: 0) ?? .current),
            prepare: { try await $0.seed(4, unread: { _ in true }) })
        defer { web.cleanUp() }
        try await WebDriver.serving(web) { browser, base in
            try await browser.resize(width: 1280, height: 800)
            try await browser.open(try web.auth.signInLink(baseURL: base))
            try await browser.wait("the list") { try await !browser.findAll("#rows > li.row").isEmpty }

            // Archive the newest (4) with the keyboard: stored while the toast still offers Undo.
            try await browser.keys("ja")
            try await browser.wait("the toast") { try await browser.text("#toast-text").hasPrefix("Archived") }
            try await browser.wait("the archive stored at once") { await web.source.find(4)?.isArchived == true }
            #expect(try await browser.property("#toast", "hidden") as? Bool == false, "the Undo window is still open")
            #expect(await web.source.find(4)?.unread == false, "archiving marks read (the default setting)")

            // Undo: back in the list, unread again.
            try await browser.click("#toast-undo")
            try await browser.wait("undone on the server") {
                let bookmark = await web.source.find(4)
                return bookmark?.isArchived == false && bookmark?.unread == true
            }
            try await browser.wait("the row back") { try await browser.property("#b4", "hidden") as? Bool == false }

            // Archive another and leave the page at once, during the toast: the archive still lands.
            _ = try await browser.run("document.querySelector('#b3 button[value=\"archive 3\"]').click()")
            try await browser.open(base + "/tags")
            try await browser.wait("the archive that left with the page stored") { await web.source.find(3)?.isArchived == true }

            // Archive a third; once it is stored (the toast still up), the Archived view lists it without a reload.
            try await browser.open(base + "/")
            try await browser.wait("the list again") { try await !browser.findAll("#b2").isEmpty }
            try await browser.click("#b2 button[value='archive 2']")
            try await browser.wait("the archive stored") { await web.source.find(2)?.isArchived == true }
            #expect(try await browser.property("#toast", "hidden") as? Bool == false)
            try await browser.open(base + "/?show=archived")
            try await browser.wait("the Archived view") { try await browser.currentURL.hasSuffix("show=archived") }
            #expect(try await browser.findAll("#rows > li.row#b2").count == 1, "the archived bookmark is listed straight away")
            #expect(try await browser.findAll("#rows > li.row#b3").count == 1)
        }
    }
}
