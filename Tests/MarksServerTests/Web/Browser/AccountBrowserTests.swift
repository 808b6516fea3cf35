import Foundation
import MarksFetch
import HTTPServer
import MarksAccess
import MarksClients
import MarksCore
import MarksBookmarks
import MarksStorage
import MarksTestSupport
import Testing
@testable import MarksServer

/// Settings and sessions in headless Chromium against a real server: Verify then Save against a local stand-in
/// that speaks linkding's API (the embedded store's `/api/` on its own port) and the new source applied at once,
/// import with progress and export, the Devices section with a QR code and the list of devices, and sign-out
/// after which the old cookie is refused.
@Suite struct AccountBrowserTests {
    @Test(.enabled(if: WebDriver.isAvailable, "skipped: /usr/bin/chromium and /usr/bin/chromedriver are needed (apt-get install chromium chromium-driver)"),
          .timeLimit(.minutes(10)))  // a hang guard: on 2 shared cores beside the rest of the suite a walk can take minutes
    func settingsImportExportDevicesAndSignOut() async throws {
        // The stand-in linkding server: a real linkding API over its own store.
        let standIn = try TemporaryDirectory(prefix: "marks-standin")
        let store = try BookmarkStore(path: standIn.url.appendingPathComponent("marks.sqlite").path, now: { Date() })
        _ = try await EmbeddedBookmarkSource(store: store, baseURL: "http://standin.test", metadata: MetadataStub().closure)
            .create(BookmarkDraft(url: "https://standin.example/first", title: "On the stand-in server"), scrape: false)
        let tokens = APITokenStore(directory: standIn.url)
        let token = try tokens.token()
        let api = LinkdingAPI(store: store, tokens: tokens, metadata: MetadataStub().closure)
        let linkding = try LiveServer(serving: MarksApp(context: MarksApp.Context(version: "test", logError: { _ in }, api: api)).router)
        let linkdingPort = linkding.port

        var options = WebOptions(undoSeconds: 6, pageSize: 50, timeZone: TimeZone(secondsFromGMT: 0) ?? .current)
        options.listenAddress = { ListenAddress(host: "127.0.0.1", port: 8080) }
        let web = try await WebHarness.make(seed: 2, options: options,
                                            verify: { try await LinkdingClient(config: $0, timeout: 30).verifyConnection() },
                                            makeLibrary: { server in
                                                guard let server else { throw StandInFailure("the test switches to linkding only") }
                                                return LibraryService(source: LinkdingClient(config: server, timeout: 30), widgets: nil,
                                                                      now: { Date() }, warn: { _ in })
                                            })
        defer { web.cleanUp() }
        let folder = Screenshots.folder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = standIn.url.appendingPathComponent("bookmarks.html")
        try Data(WebAccountTests.bookmarkFile.utf8).write(to: file)

        do {
            try await flow(web: web, token: token, linkdingPort: linkdingPort, file: file, folder: folder)
        } catch {
            await linkding.stop()
            throw error
        }
        await linkding.stop()
    }

    private func flow(web: WebHarness, token: String, linkdingPort: Int, file: URL, folder: URL) async throws {
        try await WebDriver.serving(web) { browser, base in
            try await browser.open(try web.auth.signInLink(baseURL: base))
            try await browser.wait("the list") { try await browser.currentURL == base + "/" }

            // Import with progress, then the report with problems by line.
            try await browser.open(base + "/settings")
            #expect(try await browser.property("#linkding-fields", "hidden") as? Bool == true, "the script hides the linkding fields")
            try await browser.type(file.path, into: "#import-file", clear: false)
            try await browser.click("#import")
            // The import is a job and the harness's runner is not started: each look runs what the upload queued.
            try await browser.wait("the import report") {
                await web.jobs.runUntilIdle()
                return try await browser.text("#import-status").contains("Imported 2 bookmarks")
            }
            #expect(try await browser.text("#import-problems").contains("Line 6:"))
            try await browser.screenshot().write(to: folder.appendingPathComponent("settings-import.png"))

            // Export: the download is the file marks export writes.
            let exported = try await browser.run("""
                return fetch('/settings/export', {credentials: 'same-origin'}).then(r => r.text())
                """) as? String ?? ""
            #expect(exported.contains("https://imported.example/one") && exported.contains("https://example.com/article/2"))

            // Verify then Save against the stand-in, the address pasted whole.
            try await browser.open(base + "/settings")
            try await browser.click("#source-linkding")
            #expect(try await browser.property("#linkding-fields", "hidden") as? Bool == false)
            try await browser.type("http://127.0.0.1:\(linkdingPort)/api/", into: "#host")
            try await browser.type(token, into: "#token")
            try await browser.click("#verify")
            try await browser.wait("Verify's answer") { try await browser.text("main").contains("Connected: linkding") }
            #expect(try await browser.property("#token", "value") as? String == "", "the token is not echoed")
            try await browser.screenshot().write(to: folder.appendingPathComponent("settings-verified.png"))
            try await browser.click("#save-settings")
            try await browser.wait("Save's answer") { try await browser.text("main").contains("Marks now uses the new source") }
            #expect(try web.configStore.load().linkding == ServerConfig(host: "127.0.0.1", port: linkdingPort, token: token, useHTTPS: false))
            try await browser.open(base + "/")
            try await browser.wait("the stand-in's bookmarks") { try await browser.text("main").contains("On the stand-in server") }

            // Devices: a link with a QR code, the sentence for a loopback server, the list with this device.
            try await browser.open(base + "/settings")
            try await browser.click("#device-link")
            try await browser.wait("the sign-in link") { try await browser.text("#devices").contains("within 15 minutes") }
            #expect(try await browser.findAll("#device-qr svg").count == 1)
            #expect(try await browser.text("#devices").contains("Marks listens only on this computer"))
            #expect(try await browser.text("#sessions").contains("(this device)"))
            try await browser.run("document.getElementById('devices').scrollIntoView()")
            try await browser.screenshot().write(to: folder.appendingPathComponent("settings-devices.png"))
            try await browser.resize(width: 390, height: 844)
            try await browser.emulateColorScheme("dark")
            try await browser.run("document.getElementById('device-qr').scrollIntoView()")
            try await browser.screenshot().write(to: folder.appendingPathComponent("settings-devices-phone-dark.png"))
            try await browser.emulateColorScheme("light")
            try await browser.resize(width: 1100, height: 800)

            // Sign out: the old cookie is refused afterwards.
            let cookie = try #require(try await browser.cookie(OwnerAuth.cookieName))
            try await browser.click("#sign-out")
            try await browser.wait("the signed-out page") { try await browser.text("main").contains("You are signed out") }
            var replay = web.anonymous()
            replay.cookies[OwnerAuth.cookieName] = cookie
            let refused = try await replay.get("/")
            #expect(refused.status == 303 && refused.headers["Location"] == "/signin")
        }
    }
}

private struct StandInFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
