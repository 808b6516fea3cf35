import Foundation
import MarksAppAPI
import HTTPServer
import MarksCore
import MarksBookmarks
import MarksFetch
import MarksStorage
import MarksTestSupport
import Synchronization
import Testing
@testable import MarksServer

/// Settings that work (Verify then Save, pasted addresses, a new source without a restart, import and export)
/// and sessions kept server-side (sign-out ends the session, devices, sign-in links that expire).
@Suite struct WebAccountTests {
    static let fields: [(String, String)] = [("source", "linkding"), ("host", "links.example"), ("port", "9090"), ("path", "/ld"),
                                            ("token", "right"), ("https", "1")]

    // MARK: Settings

    /// The bug: Save after a successful Verify failed with "The API token is empty" (the password field comes
    /// back empty, and nothing remembered the verified token).
    @Test func saveAfterASuccessfulVerifyKeepsTheToken() async throws {
        let web = try await WebHarness.make(verify: { config in
            guard config.token == "right" else { throw BookmarkSourceError.unauthorized }
            return ServerHealth(version: "1.36.0", status: "healthy")
        })
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let verified = WebClient.text(try await client.post("/settings/verify", Self.fields))
        #expect(verified.contains("Connected: linkding 1.36.0"))
        #expect(!verified.contains("value=\"right\""), "the token is never echoed")
        let saved = try await client.post("/settings", Self.fields.map { $0.0 == "token" ? ("token", "") : $0 })
        let page = WebClient.text(saved)
        #expect(saved.status == 200)
        #expect(!page.contains("The API token is empty"))
        #expect(try web.configStore.load().linkding == ServerConfig(host: "links.example", port: 9090, path: "/ld", token: "right"))
    }

    @Test func aVerifiedTokenIsKeptOnlyForItsSessionAndHost() async throws {
        let web = try await WebHarness.make()
        defer { web.cleanUp() }
        var owner = try await web.signedIn()
        _ = try await owner.post("/settings/verify", Self.fields)
        var other = try await web.signedIn()
        let otherSave = WebClient.text(try await other.post("/settings", Self.fields.map { $0.0 == "token" ? ("token", "") : $0 }))
        #expect(otherSave.contains("The API token is empty"), "another browser does not inherit the token")
        let otherHost = WebClient.text(try await owner.post("/settings", [("source", "linkding"), ("host", "elsewhere.example"), ("token", "")]))
        #expect(otherHost.contains("The API token is empty"), "the token was verified for another host")
    }

    @Test(arguments: [
        ("https://links.example:9090/linkding/", ServerConfig(host: "links.example", port: 9090, path: "/linkding", token: "t", useHTTPS: true)),
        ("https://links.example:9090/linkding/api/", ServerConfig(host: "links.example", port: 9090, path: "/linkding", token: "t", useHTTPS: true)),
        ("http://10.0.0.5:9090/api/bookmarks/", ServerConfig(host: "10.0.0.5", port: 9090, path: "", token: "t", useHTTPS: false)),
        ("links.example/ld", ServerConfig(host: "links.example", port: nil, path: "/ld", token: "t", useHTTPS: true)),
        ("  https://links.example  ", ServerConfig(host: "links.example", port: nil, path: "", token: "t", useHTTPS: true)),
        ("links.example", ServerConfig(host: "links.example", port: nil, path: "", token: "t", useHTTPS: true)),
    ])
    func aPastedAddressIsUnderstood(pasted: String, expected: ServerConfig) async throws {
        let web = try await WebHarness.make()
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let response = try await client.post("/settings", [("source", "linkding"), ("host", pasted), ("token", "t"), ("https", "1")])
        #expect(response.status == 200, "\(WebClient.text(response).prefix(300))")
        #expect(try web.configStore.load().linkding == expected)
    }

    @Test(arguments: ["ftp://links.example", "https://", "https://links.example:99999/"])
    func anAddressMarksCannotReadSaysSo(pasted: String) async throws {
        let web = try await WebHarness.make()
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let response = try await client.post("/settings", [("source", "linkding"), ("host", pasted), ("token", "t")])
        #expect(response.status == 400)
        #expect(WebClient.text(response).contains("not an address Marks understands"))
    }

    @Test func bothSourceChoicesAndTheLinkdingFieldsShowWithoutJavaScript() async throws {
        let web = try await WebHarness.make()
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let page = WebClient.text(try await client.get("/settings"))
        #expect(page.contains("id=\"source-embedded\" checked") || page.contains("id=\"source-embedded\"  checked") || page.range(of: #"id="source-embedded"[^>]*checked"#, options: .regularExpression) != nil)
        #expect(page.contains("data-linkding-fields"))
        #expect(!page.contains("data-linkding-fields hidden"), "the script hides them, not the server")
    }

    @Test func aNewSourceAppliesWithoutARestart() async throws {
        let otherDirectory = TemporaryDirectory.reserve(prefix: "marks-other")
        defer { try? FileManager.default.removeItem(at: otherDirectory) } // safe: test cleanup
        let other = try LocalData(paths: MarksPaths(environment: [:], dataDirectory: otherDirectory.path, currentDirectory: "/"), now: { Date() })
        let otherSource = RecordingSource(store: other.store)
        try await otherSource.seed(2, title: { "From the new server \($0)" })
        let built = BuiltSources()
        let web = try await WebHarness.make(seed: 1, makeLibrary: { server in
            built.list.withLock { $0.append(server) }
            return LibraryService(source: otherSource, widgets: nil, now: { Date() }, warn: { _ in })
        })
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        #expect(!WebClient.text(try await client.get("/")).contains("From the new server"))
        let saved = WebClient.text(try await client.post("/settings", Self.fields))
        #expect(saved.contains("Marks now uses the new source"))
        #expect(saved.contains("the linkding server at https://links.example:9090/ld"))
        #expect(built.list.withLock { $0 } == [ServerConfig(host: "links.example", port: 9090, path: "/ld", token: "right")])
        #expect(WebClient.text(try await client.get("/")).contains("From the new server 2"))
        let again = WebClient.text(try await client.post("/settings", Self.fields))
        #expect(again.contains("Saved.") && !again.contains("now uses"), "the same source is not rebuilt")
        #expect(built.list.withLock { $0.count } == 1)
    }

    // MARK: Import and export

    static func multipart(_ fields: [(String, String)], file: (name: String, content: String)?) -> (String, Data) {
        let boundary = "----MarksTestBoundary7"
        var body = ""
        for (name, value) in fields {
            body += "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n"
        }
        if let file {
            body += "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(file.name)\"\r\nContent-Type: text/html\r\n\r\n\(file.content)\r\n"
        }
        body += "--\(boundary)--\r\n"
        return ("multipart/form-data; boundary=\(boundary)", Data(body.utf8))
    }

    static let bookmarkFile = """
        <!DOCTYPE NETSCAPE-Bookmark-file-1>
        <META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
        <TITLE>Bookmarks</TITLE>
        <DL><p>
        <DT><A HREF="https://imported.example/one" ADD_DATE="1700000000" TAGS="swift,imported">Imported one</A>
        <DT><A HREF="javascript:alert(1)">Not a page</A>
        <DT><A HREF="https://imported.example/two" ADD_DATE="1700000001">Imported two</A>
        </DL><p>
        """

    @Test func anUploadedFileIsImportedWithProblemsByLine() async throws {
        let web = try await WebHarness.make(seed: 1)
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let (type, body) = Self.multipart([("_csrf", client.csrf)], file: ("bookmarks.html", Self.bookmarkFile))
        let started = try await client.send(.post, "/settings/import", headers: [("Content-Type", type), ("Origin", "http://127.0.0.1:8080")], body: body)
        #expect(started.status == 303)
        let location = try #require(started.headers["Location"])
        #expect(location.hasPrefix("/settings/import/"))
        let id = String(location.dropFirst("/settings/import/".count))
        let queued = WebClient.text(try await client.get(location))
        #expect(queued.contains("Reading the file…"), "queued: the job has not run yet")
        await web.jobs.runUntilIdle()
        let state = try web.app.options.imports?.status(id)?.state
        guard case .finished(let report) = state else {
            Issue.record("the import did not finish: \(String(describing: state))")
            return
        }
        #expect(report.created == 2)
        let page = WebClient.text(try await client.get(location))
        #expect(page.contains("Imported 2 bookmarks: 2 new, 0 updated, 1 skipped"))
        #expect(page.contains("<strong>Line 6:</strong>"), "the skipped entry is named by its line")
        #expect(await web.source.find(url: "https://imported.example/one")?.tagNames.sorted() == ["imported", "swift"])
        let json = WebClient.text(try await client.get(location, headers: [("Accept", "application/json")]))
        #expect(json.contains("\"state\":\"done\""))
    }

    @Test func aRunningImportShowsItsProgress() {
        let page = ImportPage(id: "abc", file: "big.html", state: .running(done: 3, total: 10)).render().description
        #expect(page.contains("<progress id=\"import-progress\" max=\"10\" value=\"3\""))
        #expect(page.contains("Importing 3 of 10…"))
        #expect(page.contains("data-state=\"running\""), "the script polls while it runs")
        let saving = ImportPage(id: "abc", file: "big.html", state: .running(done: 10, total: 10)).render().description
        #expect(saving.contains("Saving 10 bookmarks…"), "every entry is written: the commit is still to come")
        #expect(!saving.contains("Imported"), "nothing is imported before the commit")
        #expect(ImportController.importJSON(.running(done: 3, total: 10)).serialized == #"{"state":"running","done":3,"total":10}"#)
    }

    @Test func anInterruptedImportSaysSoWithItsReason() {
        let page = ImportPage(id: "abc", file: "big.html", state: .interrupted("the server stopped while it ran")).render().description
        #expect(page.contains("This import was interrupted: the server stopped while it ran."))
        #expect(page.contains("data-state=\"done\""), "the script stops polling")
        #expect(ImportController.importJSON(.interrupted("the server stopped while it ran")).serialized
                == #"{"state":"interrupted","error":"the server stopped while it ran"}"#)
    }

    @Test func notABookmarkFileChangesNothingAndSaysWhy() async throws {
        let web = try await WebHarness.make(seed: 1)
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let (type, body) = Self.multipart([("_csrf", client.csrf)], file: ("notes.txt", "just some text"))
        let started = try await client.send(.post, "/settings/import", headers: [("Content-Type", type), ("Origin", "http://127.0.0.1:8080")], body: body)
        let location = try #require(started.headers["Location"])
        await web.jobs.runUntilIdle()
        let page = WebClient.text(try await client.get(location))
        #expect(page.contains("This is not a bookmark file") && page.contains("Nothing was imported"))
    }

    @Test func anUploadWithoutTheCSRFTokenIsRefused() async throws {
        let web = try await WebHarness.make()
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let (type, body) = Self.multipart([("_csrf", "wrong")], file: ("bookmarks.html", Self.bookmarkFile))
        let response = try await client.send(.post, "/settings/import", headers: [("Content-Type", type), ("Origin", "http://127.0.0.1:8080")], body: body)
        #expect(response.status == 403)
    }

    @Test func exportDownloadsEveryBookmarkAsTheCLIWritesIt() async throws {
        let web = try await WebHarness.make(seed: 3)
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let response = try await client.get("/settings/export")
        #expect(response.status == 200)
        #expect(response.headers["Content-Disposition"]?.hasPrefix("attachment; filename=\"marks-bookmarks-") == true)
        let text = WebClient.text(response)
        #expect(text == (try await web.library.exportNetscape().text))
        #expect(text.contains("https://example.com/article/3"))
    }

    // MARK: Sessions

    /// The bug: after signing out, the old cookie still worked for 30 days (the session lived only in the cookie).
    @Test func signingOutEndsTheSessionForTheOldCookieToo() async throws {
        let web = try await WebHarness.make(seed: 1)
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let oldCookie = try #require(client.cookies[OwnerAuth.cookieName])
        let out = try await client.post("/signout")
        #expect(out.status == 303)
        #expect(out.headers["Clear-Site-Data"] == "\"cache\", \"storage\"")
        var replay = web.anonymous()
        replay.cookies[OwnerAuth.cookieName] = oldCookie
        let page = try await replay.get("/")
        #expect(page.status == 303)
        #expect(page.headers["Location"] == "/signin")
    }

    @Test func devicesAreListedAndCanBeSignedOutOneByOneOrEverywhere() async throws {
        let web = try await WebHarness.make()
        defer { web.cleanUp() }
        var laptop = try await web.signedIn()
        var phone = WebClient(app: web.app)
        let link = try web.auth.signInLink(baseURL: "http://127.0.0.1:8080")
        _ = try await phone.send(.get, String(link.dropFirst("http://127.0.0.1:8080".count)),
                                 headers: [("User-Agent", "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36")],
                                 body: Data())
        try await phone.refreshCSRF()
        let page = WebClient.text(try await laptop.get("/settings"))
        #expect(page.contains("Chrome on Android"))
        #expect(page.contains("(this device)"))
        let phoneID = try #require(try web.auth.sessions().first { $0.device == "Chrome on Android" }?.id)
        #expect(try await laptop.post("/settings/sessions/\(phoneID)/end").status == 303)
        #expect(try await phone.get("/").status == 303, "the phone is signed out")
        #expect(try await laptop.get("/").status == 200, "the laptop is not")

        var tablet = try await web.signedIn()
        _ = try await laptop.post("/signout?everywhere=1")
        #expect(try await tablet.get("/").status == 303)
        #expect(try await laptop.get("/").status == 303)
        #expect(try web.auth.sessions().isEmpty)
    }

    @Test func signInLinksWorkOnceAndForFifteenMinutesAcrossProcesses() throws {
        let directory = TemporaryDirectory.reserve(prefix: "marks-auth")
        defer { try? FileManager.default.removeItem(at: directory) } // safe: test cleanup
        let clock = ManualClock(Date(timeIntervalSince1970: 1_800_000_000))
        let cli = try OwnerAuth(dataDirectory: directory, now: clock.now)
        let server = try OwnerAuth(dataDirectory: directory, now: clock.now)
        let token = try cli.signInToken()
        let late = try cli.signInToken()
        clock.advance(14 * 60)
        #expect(try server.redeem(token), "a link the CLI minted works in the running server")
        #expect(try !server.redeem(token), "once")
        clock.advance(60 + 1)
        #expect(try !server.redeem(late), "not after 15 minutes")
    }

    @Test func userAgentsBecomeDeviceNames() {
        #expect(DeviceName.summary("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1") == "Safari on iPhone")
        #expect(DeviceName.summary("Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0") == "Firefox on Linux")
        #expect(DeviceName.summary(nil) == "Unknown browser")
    }

    // MARK: Devices: the address Marks listens on, with a QR code

    @Test func onlyThisComputerIsSaidSoWithALinkAndQRCode() async throws {
        var options = WebOptions(undoSeconds: 6, pageSize: 50, timeZone: TimeZone(secondsFromGMT: 0) ?? .current)
        options.listenAddress = { ListenAddress(host: "127.0.0.1", port: 8123) }
        let web = try await WebHarness.make(options: options)
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let page = WebClient.text(try await client.post("/settings/device-link"))
        #expect(page.contains("Marks listens only on this computer; start it with --host 0.0.0.0 to reach it from your phone"))
        #expect(page.contains("http://127.0.0.1:8123/signin?token="))
        #expect(page.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(page.contains("data-act=\"copy\""))
    }

    /// Settings → Devices → Pair a device shows a one-time code that the backend's pairing accepts (issue 16, fix 4).
    @Test func pairADeviceShowsACodeTheBackendAccepts() async throws {
        var options = WebOptions(undoSeconds: 6, pageSize: 50, timeZone: TimeZone(secondsFromGMT: 0) ?? .current)
        let pairing = PairingCodes(now: { Date() })
        options.pairing = pairing
        let web = try await WebHarness.make(options: options)
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let settings = WebClient.text(try await client.get("/settings"))
        #expect(settings.contains("id=\"pair-device\""))
        #expect(!settings.contains("id=\"pairing-code\""))
        let page = WebClient.text(try await client.post("/settings/pairing-code"))
        let shown = try #require(page.firstMatch(of: #/id="pairing-code">([A-Z2-9]{4}-[A-Z2-9]{4})</#)?.1)
        #expect(page.contains("within 10 minutes; it works once"))
        #expect(try pairing.redeem(String(shown)))
        #expect(try !pairing.redeem(String(shown)))
        var stranger = web.anonymous()
        #expect(try await stranger.post("/settings/pairing-code").status != 200, "only the signed-in owner makes codes")
    }

    @Test func aServerOnEveryInterfaceOffersItsLANAddresses() async throws {
        var options = WebOptions(undoSeconds: 6, pageSize: 50, timeZone: TimeZone(secondsFromGMT: 0) ?? .current)
        options.listenAddress = { ListenAddress(host: "0.0.0.0", port: 8080) }
        options.lanAddresses = { ["192.168.1.20", "10.8.0.2"] }
        let web = try await WebHarness.make(options: options)
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let page = WebClient.text(try await client.post("/settings/device-link"))
        #expect(!page.contains("listens only on this computer"))
        let links = page.ranges(of: #/http://(192\.168\.1\.20|10\.8\.0\.2):8080/signin\?token=[A-Za-z0-9_-]+/#).map { String(page[$0]) }
        #expect(Set(links.map { $0.split(separator: "/")[1] }) == ["192.168.1.20:8080", "10.8.0.2:8080"])
        #expect(page.components(separatedBy: "<svg xmlns=").count - 1 == 2, "one QR code per address (the shell's icons are not counted)")
        var phone = web.anonymous()
        let path = String(try #require(links.first).dropFirst("http://192.168.1.20:8080".count))
        #expect(try await phone.get(path).status == 303)
    }

    @Test(arguments: [
        (ListenAddress(host: "127.0.0.1", port: 8080), ListenAddress.Reach.thisComputer("http://127.0.0.1:8080")),
        (ListenAddress(host: "::1", port: 8080), .thisComputer("http://[::1]:8080")),
        (ListenAddress(host: "0.0.0.0", port: 9000), .network(["http://192.168.1.20:9000"])),
        (ListenAddress(host: "::", port: 9000), .network(["http://192.168.1.20:9000"])),
        (ListenAddress(host: "192.168.1.7", port: 80), .network(["http://192.168.1.7:80"])),
    ])
    func theReachOfAnAddress(address: ListenAddress, reach: ListenAddress.Reach) {
        #expect(address.reach(lanAddresses: ["192.168.1.20"]) == reach)
    }
}

/// The sources a test's `makeLibrary` was asked for.
private final class BuiltSources: Sendable {
    let list = Mutex<[ServerConfig?]>([])
}
