import MarksTestSupport
import Foundation
import HTTPServer
import MarksBookmarks
import Synchronization
import Testing
@testable import MarksServer
import SystemSupport

@Suite struct WebAuthTests {
    @Test(arguments: ["/", "/tags", "/search?q=x", "/add", "/settings", "/bookmarks/1", "/bookmarks/1/edit", "/bookmarks/1/read", "/tags/swift"])
    func pagesWithoutASessionRedirectToSignIn(path: String) async throws {
        let web = try await WebHarness.make(seed: 2)
        defer { web.cleanUp() }
        var client = web.anonymous()
        let response = try await client.get(path)
        #expect(response.status == 303)
        #expect(response.headers["Location"] == "/signin")
    }

    @Test func formsWithoutASessionChangeNothing() async throws {
        let web = try await WebHarness.make(seed: 2)
        defer { web.cleanUp() }
        var client = web.anonymous()
        let response = try await client.post("/bookmarks/1/delete", csrf: "anything")
        #expect(response.status == 303)
        #expect(response.headers["Location"] == "/signin")
        #expect(await web.source.find(1) != nil)
        let json = try await client.post("/bookmarks/1/delete", headers: [("Accept", "application/json")])
        #expect(json.status == 401)
    }

    @Test func theSignInPageExplainsHowToGetALink() async throws {
        let web = try await WebHarness.make()
        defer { web.cleanUp() }
        var client = web.anonymous()
        let page = WebClient.text(try await client.get("/signin"))
        #expect(page.contains("marks serve"))
        #expect(page.contains("--open"))
        #expect(page.contains("Make a sign-in link"))
        #expect(!page.contains("csrf-token"))
    }

    @Test func aSignInLinkWorksOnceAndSetsAStrictCookie() async throws {
        let web = try await WebHarness.make()
        defer { web.cleanUp() }
        let link = try web.auth.signInLink(baseURL: "http://127.0.0.1:8080/")
        #expect(link.hasPrefix("http://127.0.0.1:8080/signin?token="))
        let path = String(link.dropFirst("http://127.0.0.1:8080".count))
        var first = web.anonymous()
        let response = try await first.get(path)
        #expect(response.status == 303)
        #expect(response.headers["Location"] == "/")
        let cookie = try #require(response.headers.values("Set-Cookie").first { $0.hasPrefix("marks_session=") })
        #expect(cookie.contains("HttpOnly"))
        #expect(cookie.contains("SameSite=Lax"))
        #expect(cookie.contains("Path=/"))
        #expect(try await first.get("/").status == 200)

        var second = web.anonymous()
        let again = try await second.get(path)
        #expect(again.status == 403)
        #expect(WebClient.text(again).contains("does not work any more"))
        #expect(second.cookies["marks_session"] == nil)
    }

    @Test(arguments: ["", "x", String(repeating: "a", count: 5000), "%00", "../../etc/passwd"])
    func wrongTokensAreRejected(token: String) async throws {
        let web = try await WebHarness.make()
        defer { web.cleanUp() }
        _ = try web.auth.signInLink(baseURL: "http://h")
        var client = web.anonymous()
        let response = try await client.get("/signin?token=" + (SafeURL.encode(token)))
        #expect(response.status == 403)
        #expect(client.cookies["marks_session"] == nil)
    }

    @Test(arguments: ["v1.abc.99999999999.sig", "v2.a.b.c", "garbage", "v1..0.", "v1.abc.notanumber.x"])
    func forgedCookiesAreRejected(cookie: String) async throws {
        let web = try await WebHarness.make()
        defer { web.cleanUp() }
        var client = web.anonymous()
        client.cookies["marks_session"] = cookie
        #expect(try await client.get("/").status == 303)
    }

    @Test func aCookieSignedWithAnotherSecretIsRejected() async throws {
        let first = try await WebHarness.make()
        let second = try await WebHarness.make()
        defer { first.cleanUp(); second.cleanUp() }
        let signedIn = try await first.signedIn()
        var stranger = second.anonymous()
        stranger.cookies = signedIn.cookies
        #expect(try await stranger.get("/").status == 303)
    }

    @Test func sessionsExpire() throws {
        let directory = TemporaryDirectory.reserve(prefix: "marks-auth")
        defer { try? FileManager.default.removeItem(at: directory) } // safe: test cleanup
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let early = try OwnerAuth(dataDirectory: directory, now: { start })
        let (_, cookie) = try early.newSession()
        #expect(early.session(fromCookie: cookie) != nil)
        let late = try OwnerAuth(dataDirectory: directory, now: { start.addingTimeInterval(OwnerAuth.sessionLifetime + 1) })
        #expect(late.session(fromCookie: cookie) == nil)
        let sameSecret = try OwnerAuth(dataDirectory: directory, now: { start })
        #expect(sameSecret.session(fromCookie: cookie) != nil, "sessions survive a restart")
    }

    @Test func deviceLinksExpire() throws {
        let directory = TemporaryDirectory.reserve(prefix: "marks-auth")
        defer { try? FileManager.default.removeItem(at: directory) } // safe: test cleanup
        let clock = ManualClock(Date(timeIntervalSince1970: 1_800_000_000))
        let auth = try OwnerAuth(dataDirectory: directory, now: clock.now)
        let link = try auth.signInLink(baseURL: "http://h", validFor: 60)
        let token = String(link.split(separator: "=").last ?? "")
        clock.advance(61)
        #expect(try !auth.redeem(token))
        let standard = try auth.signInLink(baseURL: "http://h")
        clock.advance(OwnerAuth.linkLifetime + 1)
        #expect(try !auth.redeem(String(standard.split(separator: "=").last ?? "")), "a link lasts 15 minutes, not until the server stops")
    }

    @Test func theSecretFileIsPrivate() throws {
        let directory = TemporaryDirectory.reserve(prefix: "marks-auth")
        defer { try? FileManager.default.removeItem(at: directory) } // safe: test cleanup
        _ = try OwnerAuth(dataDirectory: directory, now: { Date() })
        let file = directory.appendingPathComponent("web_secret")
        #expect(AtomicFile.permissions(of: file) == 0o600)
        try Data("not a secret".utf8).write(to: file)
        #expect(throws: OwnerAuth.AuthError.self) { try OwnerAuth(dataDirectory: directory, now: { Date() }) }
    }

    @Test func formsNeedTheSessionsCSRFToken() async throws {
        let web = try await WebHarness.make(seed: 3)
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let missing = try await client.post("/bookmarks/1/delete", csrf: .some(nil))
        #expect(missing.status == 403)
        #expect(WebClient.text(missing).contains("Reload the page"))
        let wrong = try await client.post("/bookmarks/1/delete", csrf: "AAAAAAAAAAAAAAAAAAAAAAAA")
        #expect(wrong.status == 403)
        #expect(await web.source.find(1) != nil)

        let other = try await web.signedIn()
        let foreign = try await client.post("/bookmarks/1/delete", csrf: .some(other.csrf))
        #expect(foreign.status == 403, "a token belongs to one session")

        let ok = try await client.post("/bookmarks/1/delete")
        #expect(ok.status == 303)
        #expect(await web.source.find(1) == nil)
    }

    @Test(arguments: [
        [("Origin", "http://evil.example"), ("Sec-Fetch-Site", "cross-site")],
        [("Origin", "http://evil.example")],
        [("Sec-Fetch-Site", "cross-site")],
        [("Sec-Fetch-Site", "same-site")],
        [("Origin", "null")],
        [("Origin", "http://127.0.0.1:9999")],
    ])
    func crossSiteFormPostsAreRefusedEvenWithTheToken(headers: [(String, String)]) async throws {
        let web = try await WebHarness.make(seed: 2)
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let response = try await client.post("/bookmarks/2/delete", headers: headers)
        #expect(response.status == 403)
        #expect(WebClient.text(response).contains("another site"))
        #expect(await web.source.find(2) != nil)
    }

    @Test func postsWithoutFetchMetadataFromOldBrowsersStillWork() async throws {
        let web = try await WebHarness.make(seed: 2)
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        #expect(try await client.post("/bookmarks/2/archive", headers: []).status == 303)
        #expect(await web.source.find(2)?.isArchived == true)
    }

    @Test func signingOutEndsTheSessionInThisBrowser() async throws {
        let web = try await WebHarness.make()
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let response = try await client.post("/signout")
        #expect(response.headers["Location"] == "/signin?out=1")
        #expect(client.cookies["marks_session"] == nil)
        #expect(WebClient.text(try await client.get("/signin?out=1")).contains("You are signed out"))
        #expect(try await client.get("/").status == 303)
    }
}

