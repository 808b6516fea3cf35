import Foundation
import HTTPServer
import MarksAccess
import MarksFetch
import MarksTestSupport
import SQLiteDatabase
import Testing
@testable import MarksServer

/// Settings → Podcast feed: the feed's absolute URL (on the configured public URL, the request's host, or the
/// network address when the page was opened on loopback) with a QR code, and Rotate (a CSRF form) that makes a new
/// secret so the old URL stops matching.
@Suite struct WebPodcastFeedTests {
    static func harness(publicURL: String? = nil, listening: ListenAddress? = nil, lan: [String] = [])
        async throws -> (WebHarness, FeedSecrets, TemporaryDirectory) {
        let folder = try TemporaryDirectory(prefix: "marks-feed-web")
        let secrets = try FeedSecrets(kind: .podcast, database: try Database(path: folder.file("marks.sqlite").path), now: Date.init)
        var options = WebOptions(undoSeconds: 6, pageSize: 50, timeZone: TimeZone(secondsFromGMT: 0) ?? .current)
        options.podcastFeed = secrets
        options.publicURL = publicURL
        options.listenAddress = { listening }
        options.lanAddresses = { lan }
        return (try await WebHarness.make(options: options), secrets, folder)
    }

    @Test func settingsShowsTheFeedURLWithAQRCode() async throws {
        let (web, secrets, folder) = try await Self.harness()
        defer { web.cleanUp(); folder.cleanUp() }
        var owner = try await web.signedIn()
        let page = WebClient.text(try await owner.get("/settings"))
        let url = "http://127.0.0.1:8080/feed/\(try secrets.secret())/podcast.xml"
        #expect(page.contains("<h2 id=\"feed-heading\">Podcast feed</h2>"))
        #expect(page.contains("<code id=\"feed-url\">\(url)</code>"))
        #expect(page.contains("data-act=\"copy\" data-url=\"\(url)\""))
        #expect(page.contains("<figure class=\"qr\" id=\"feed-qr\"><svg"))
        #expect(page.contains("aria-label=\"QR code of the podcast feed address\""))
        #expect(page.contains("id=\"feed-loopback\""), "a loopback address works on this computer only, and the page says so")
        #expect(page.contains("action=\"/settings/podcast-feed/rotate#podcast-feed\""))
    }

    @Test(arguments: [
        (nil, nil, [], "192.168.1.20:8080", "http://192.168.1.20:8080", false),
        ("https://marks.example/", nil, [], "127.0.0.1:8080", "https://marks.example", false),
        (nil, ListenAddress(host: "0.0.0.0", port: 8080), ["192.168.1.7"], "127.0.0.1:8080", "http://192.168.1.7:8080", false),
        (nil, ListenAddress(host: "127.0.0.1", port: 9000), [], "localhost:9000", "http://localhost:9000", true),
    ] as [(String?, ListenAddress?, [String], String, String, Bool)])
    func theURLIsAbsoluteOnTheAddressAPhoneCanReach(publicURL: String?, listening: ListenAddress?, lan: [String], host: String,
                                                    base: String, loopback: Bool) async throws {
        let (web, secrets, folder) = try await Self.harness(publicURL: publicURL, listening: listening, lan: lan)
        defer { web.cleanUp(); folder.cleanUp() }
        var owner = try await web.signedIn()
        owner.host = host
        let page = WebClient.text(try await owner.get("/settings"))
        #expect(page.contains("<code id=\"feed-url\">\(base)/feed/\(try secrets.secret())/podcast.xml</code>"), "\(host)")
        #expect(page.contains("id=\"feed-loopback\"") == loopback)
    }

    @Test func rotateMakesANewAddressAndTheOldOneStopsMatching() async throws {
        let (web, secrets, folder) = try await Self.harness()
        defer { web.cleanUp(); folder.cleanUp() }
        var owner = try await web.signedIn()
        let old = try secrets.secret()
        #expect(try await owner.post("/settings/podcast-feed/rotate", csrf: .some(nil)).status == 403)
        #expect(try secrets.secret() == old, "a form without the CSRF token changes nothing")
        var stranger = web.anonymous()
        #expect(try await stranger.post("/settings/podcast-feed/rotate").status == 303, "no session: off to the sign-in page")
        #expect(try secrets.secret() == old)

        let rotated = try await owner.post("/settings/podcast-feed/rotate")
        #expect(rotated.status == 303)
        #expect(rotated.headers["Location"] == "/settings?notice=feed-rotated&at=podcast-feed#podcast-feed")
        let new = try secrets.secret()
        #expect(new != old)
        #expect(!secrets.matches(old))
        #expect(secrets.matches(new))
        let page = WebClient.text(try await owner.get("/settings?notice=feed-rotated"))
        #expect(page.contains("A new feed address is ready."))
        #expect(page.contains("/feed/\(new)/podcast.xml"))
        #expect(!page.contains(old))
    }

    @Test func withoutAFeedSettingsHasNoFeedPart() async throws {
        let web = try await WebHarness.make()
        defer { web.cleanUp() }
        var owner = try await web.signedIn()
        #expect(!WebClient.text(try await owner.get("/settings")).contains("feed-heading"))
        #expect(try await owner.post("/settings/podcast-feed/rotate").status == 404)
    }

    @Test func theSecretIsRandomLongAndComparedWhole() throws {
        let folder = try TemporaryDirectory(prefix: "marks-feed-secret")
        defer { folder.cleanUp() }
        let database = try Database(path: folder.file("marks.sqlite").path)
        let secrets = try FeedSecrets(kind: .podcast, database: database, now: Date.init)
        #expect(!secrets.matches(""), "before any secret exists, nothing matches — not even the empty string")
        let secret = try secrets.secret()
        #expect(secret.count == 43 && secret.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        #expect(try secrets.secret() == secret, "stable until rotated")
        #expect(try FeedSecrets(kind: .podcast, database: database, now: Date.init).secret() == secret, "another process sees the same")
        #expect(secrets.matches(secret))
        for wrong in ["", String(secret.dropLast()), secret + "x", secret.uppercased(), " " + secret] where wrong != secret {
            #expect(!secrets.matches(wrong), "\(wrong)")
        }
        let others = try (0..<5).map { _ in try secrets.rotate() }
        #expect(Set(others + [secret]).count == 6)
    }
}
