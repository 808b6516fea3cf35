import Foundation
import HTTPServer
import MarksAccess
import MarksClients
import MarksCore
import MarksBookmarks
import MarksStorage
import MarksTestSupport
import Testing
@testable import MarksServer

/// A source switched in Settings applies at once, in headless Chromium against a real server whose `/api/` and
/// web app share one `SourceSwitch`: the embedded store, then a stand-in speaking linkding's API (the address
/// pasted whole, Verify then Save with the token kept), then the embedded store again — `/api/` answering the
/// embedded store, the 503 naming the server, and the store again, the list following each time.
@Suite struct SourceSwitchBrowserTests {
    @Test(.enabled(if: WebDriver.isAvailable, "skipped: /usr/bin/chromium and /usr/bin/chromedriver are needed (apt-get install chromium chromium-driver)"),
          .timeLimit(.minutes(10)))  // a hang guard: on 2 shared cores beside the rest of the suite a walk can take minutes
    func switchingToLinkdingAndBackAppliesToThePagesAndTheAPI() async throws {
        let standIn = try TemporaryDirectory(prefix: "marks-standin")
        defer { standIn.cleanUp() }
        let standInStore = try BookmarkStore(path: standIn.file("marks.sqlite").path, now: { Date() })
        _ = try standInStore.create(BookmarkDraft(url: "https://standin.example/first", title: "On the stand-in server"))
        let standInTokens = APITokenStore(directory: standIn.url)
        let standInToken = try standInTokens.token()
        let linkding = try LiveServer(MarksApp(context: MarksApp.Context(
            version: "test", logError: { _ in }, api: LinkdingAPI(store: standInStore, tokens: standInTokens, metadata: MetadataStub().closure))).router)

        // This Marks: the embedded store with its /api/, switchable to a linkding server.
        let home = try TemporaryDirectory(prefix: "marks-switch")
        defer { home.cleanUp() }
        let local = try LocalData(paths: MarksPaths(environment: [:], dataDirectory: home.url.path, currentDirectory: "/"), now: { Date() })
        _ = try local.store.create(BookmarkDraft(url: "https://embedded.example/kept", title: "Kept in the embedded store"))
        let tokens = APITokenStore(directory: home.url)
        let token = try tokens.token()
        let embedded = ServedSource(
            server: nil,
            library: LibraryService(source: EmbeddedBookmarkSource(store: local.store, baseURL: "http://127.0.0.1", metadata: MetadataStub().closure),
                                    widgets: nil, now: { Date() }, warn: { _ in }, cache: try BookmarkCache(database: local.database, sourceKey: "embedded")),
            api: LinkdingAPI(store: local.store, tokens: tokens, metadata: MetadataStub().closure))
        let sources = SourceSwitch(embedded, build: { server in
            guard let server else { return embedded }
            let client = LinkdingClient(config: server, timeout: 30)
            return ServedSource(server: server, library: LibraryService(
                source: client, widgets: nil, now: { Date() }, warn: { _ in }, cache: try BookmarkCache(database: local.database, for: client)))
        })
        let auth = try OwnerAuth(dataDirectory: home.url, database: local.database, now: { Date() })
        let configStore = ConfigStore(file: home.file("config.json"))
        let web = WebApp(sources: sources, auth: auth,
                         settings: WebSettings(configStore: configStore, verify: { try await LinkdingClient(config: $0, timeout: 30).verifyConnection() },
                                               activeServer: nil),
                         widgets: nil, reader: nil, options: WebOptions(stateDirectory: home.url))
        let marks = try LiveServer(MarksApp(context: MarksApp.Context(version: "test", logError: { _ in }, sources: sources, web: web)).router)
        let base = "http://127.0.0.1:\(marks.port)"
        let folder = Screenshots.folder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let browser = try await WebDriver()
        do {
            try await flow(browser, base: base, auth: auth, token: token, linkding: linkding.port, standInToken: standInToken, folder: folder)
            #expect(try configStore.load().linkding == nil, "the last Save is in config.json")
        } catch {
            await browser.quit()
            await marks.stop()
            await linkding.stop()
            throw error
        }
        await browser.quit()
        await marks.stop()
        await linkding.stop()
    }

    /// `/api/bookmarks/` fetched by the page with the embedded store's token: the status and the body.
    private func api(_ browser: WebDriver, token: String) async throws -> String {
        try await browser.run("""
            return fetch('/api/bookmarks/', {headers: {'Authorization': 'Token \(token)'}}).then(r => r.text().then(t => r.status + ' ' + t))
            """) as? String ?? ""
    }

    private func flow(_ browser: WebDriver, base: String, auth: OwnerAuth, token: String, linkding: Int, standInToken: String,
                      folder: URL) async throws {
        try await browser.open(try auth.signInLink(baseURL: base))
        try await browser.wait("the list") { try await browser.text("main").contains("Kept in the embedded store") }
        #expect(try await api(browser, token: token).hasPrefix("200 "))

        // To the stand-in: the address pasted whole, Verify, then Save with the token field empty.
        try await browser.open(base + "/settings")
        try await browser.click("#source-linkding")
        try await browser.type("http://127.0.0.1:\(linkding)/api/", into: "#host")
        try await browser.type(standInToken, into: "#token")
        try await browser.click("#verify")
        try await browser.wait("Verify's answer") { try await browser.text("main").contains("Connected: linkding") }
        try await browser.click("#save-settings")
        try await browser.wait("Save's answer") { try await browser.text("main").contains("Marks now uses the new source") }
        #expect(try await browser.text("main").contains("the linkding server at http://127.0.0.1:\(linkding)"))
        try await browser.screenshot().write(to: folder.appendingPathComponent("settings-source-switched.png"))
        try await browser.open(base + "/")
        try await browser.wait("the stand-in's bookmarks") { try await browser.text("main").contains("On the stand-in server") }
        #expect(try await !browser.text("main").contains("Kept in the embedded store"))
        let notice = try await api(browser, token: token)
        #expect(notice == #"503 {"detail":"This Marks uses the linkding server at http://127.0.0.1:\#(linkding); point your client there."}"#)

        // Back to the embedded store: the pages and /api/ follow again.
        try await browser.open(base + "/settings")
        try await browser.click("#source-embedded")
        try await browser.click("#save-settings")
        try await browser.wait("Save's answer") { try await browser.text("main").contains("Marks now uses the new source") }
        try await browser.open(base + "/")
        try await browser.wait("the embedded store's bookmarks") { try await browser.text("main").contains("Kept in the embedded store") }
        let again = try await api(browser, token: token)
        #expect(again.hasPrefix("200 ") && again.contains("Kept in the embedded store"))
    }
}
