import Foundation
import MarksAssembly
import MarksCore
import MarksFetch
import MarksReading
import MarksTestSupport
import StandInNetwork
import Testing

/// Feeds that are not feeds, or are hostile: each check fails with its reason in words (kept on the subscription for
/// Settings), adds nothing, and the subscription stays, backing off. XML bombs are refused unexpanded; an endless body
/// stops at the fetcher's cap; a redirect into loopback is refused when private fetches are off.
@Suite struct FeedHostileInputTests {
    /// Serves `page` at `/feed`, subscribes and checks once; returns the check and the subscription after it.
    static func check(_ page: FeedSite.Page) async throws -> (FeedCheck, FeedSubscription, [String], [String: Int]) {
        let site = try FeedSite()
        defer { Task { await site.server.stop() } }
        site.serve("/feed", page)
        let feeds = try site.root.feedSubscriptions()
        let subscription = try feeds.add(url: site.url("/feed"))
        let check = try await feeds.check(subscription, into: try site.root.library())
        return (check, try feeds.subscription(id: subscription.id), try site.bookmarkedURLs(), try feeds.seenCounts(id: subscription.id))
    }

    static func expectFailure(_ page: FeedSite.Page, saying words: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let (check, stored, bookmarks, seen) = try await check(page)
        let error = try #require(check.error, sourceLocation: sourceLocation)
        #expect(error.contains(words), "\(error)", sourceLocation: sourceLocation)
        #expect(stored.lastError == error, "kept for Settings", sourceLocation: sourceLocation)
        #expect(stored.failures == 1, sourceLocation: sourceLocation)
        #expect(stored.nextCheck > stored.lastChecked ?? .distantFuture, "backs off", sourceLocation: sourceLocation)
        #expect(stored.etag == nil, sourceLocation: sourceLocation)
        #expect(bookmarks.isEmpty, "nothing partial", sourceLocation: sourceLocation)
        #expect(seen.isEmpty, "no item marked seen", sourceLocation: sourceLocation)
    }

    @Test(.timeLimit(.minutes(2))) func malformedXMLSaysWhere() async throws {
        try await Self.expectFailure(.init(body: FeedSamples.malformed), saying: "not well-formed")
    }

    @Test(.timeLimit(.minutes(2))) func aBillionLaughsIsRefusedUnexpanded() async throws {
        try await Self.expectFailure(.init(body: FeedSamples.billionLaughs), saying: "entit")
    }

    @Test(.timeLimit(.minutes(2))) func anExternalEntityIsRefusedUnread() async throws {
        try await Self.expectFailure(.init(body: FeedSamples.externalEntity), saying: "declares entities")
    }

    @Test(.timeLimit(.minutes(2))) func anHTMLPageIsNotAFeed() async throws {
        try await Self.expectFailure(.init(contentType: "text/html; charset=utf-8", body: "<html><body>hi</body></html>"),
                                     saying: "Not a feed: the address answered with text/html")
    }

    @Test(.timeLimit(.minutes(2))) func anImageIsNotAFeed() async throws {
        try await Self.expectFailure(.init(contentType: "image/png", body: "\u{89}PNG"), saying: "image/png")
    }

    @Test(.timeLimit(.minutes(2))) func xmlThatIsNotRSSOrAtomSaysWhatItIs() async throws {
        try await Self.expectFailure(.init(contentType: "application/xml", body: "<?xml version=\"1.0\"?><html><p>x</p></html>"),
                                     saying: "<html>, not RSS or Atom")
    }

    @Test(.timeLimit(.minutes(2))) func anHTTPErrorIsNamed() async throws {
        try await Self.expectFailure(.init(status: 500, body: "oops"), saying: "HTTP 500")
    }

    @Test(.timeLimit(.minutes(2))) func failuresBackOffAndAFixedFeedRecovers() async throws {
        let site = try FeedSite()
        defer { Task { await site.server.stop() } }
        site.serve("/feed", .init(body: FeedSamples.malformed))
        let feeds = try site.root.feedSubscriptions()
        let subscription = try feeds.add(url: site.url("/feed"))
        _ = try await feeds.check(subscription, into: try site.root.library())
        let once = try feeds.subscription(id: subscription.id)
        _ = try await feeds.check(once, into: try site.root.library())
        let twice = try feeds.subscription(id: subscription.id)
        #expect(twice.failures == 2)
        #expect(twice.nextCheck.timeIntervalSince(twice.lastChecked!) == 2 * FeedSubscriptions.checkEvery, "the wait doubles")
        site.serve("/feed", .init(body: FeedSamples.rss(base: site.base, items: [("/a", "A", FeedSite.rfc822(site.clock.date), [])])))
        let fixed = try await feeds.check(twice, into: try site.root.library())
        #expect(fixed.added == [site.url("/a")])
        let recovered = try feeds.subscription(id: subscription.id)
        #expect(recovered.lastError == nil)
        #expect(recovered.failures == 0)
    }

    @Test(.timeLimit(.minutes(2))) func anEndlessBodyStopsAtTheCapAndAddsNothing() async throws {
        let site = try FeedSite()
        defer { Task { await site.server.stop() } }
        var head = "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Endless</title>"
        head += "<item><title>A</title><link>https://endless.example/a</link></item>"
        let listener = try RawTCPListener(.stream(head: Data.httpHead(contentType: "application/rss+xml") + Data(head.utf8),
                                                  chunk: Data(String(repeating: "<item><title>x</title></item>", count: 2_000).utf8), pause: nil))
        defer { listener.stop() }
        let feeds = try site.root.feedSubscriptions()
        let subscription = try feeds.add(url: "http://endless.test:\(listener.port)/feed")
        let check = try await feeds.check(subscription, into: try site.root.library())
        #expect(check.error?.contains("larger than 5 MB") == true, "\(String(describing: check.error))")
        #expect(listener.bytesSent < 64 * 1024 * 1024)
        #expect(try site.bookmarkedURLs().isEmpty)
    }

    @Test(.timeLimit(.minutes(2))) func aRedirectIntoLoopbackIsRefusedWhenPrivateFetchesAreOff() async throws {
        let site = try FeedSite()
        defer { Task { await site.server.stop() } }
        site.serve("/feed", .init(status: 302, body: "", headers: ["Location": "http://localhost:\(site.server.port)/real"]))
        site.serve("/real", .init(body: FeedSamples.rss(base: site.base, items: [("/a", "A", FeedSite.rfc822(site.clock.date), [])])))
        // The default policy (no private fetches); the feed's own public-looking name stands in for a public site.
        var policy = FetchPolicy()
        policy.exemptAddresses = FeedSite.loopback
        let ipv6Loopback = try #require(NetworkAddress("::1"))
        let fetcher = PageFetcher(policy: policy, resolve: { host in host == "localhost" ? [ipv6Loopback] : FeedSite.loopback })
        let feeds = try FeedSubscriptions(database: try site.root.data().database, fetcher: fetcher, now: site.clock.now)
        let subscription = try feeds.add(url: "http://public.test:\(site.server.port)/feed")
        let check = try await feeds.check(subscription, into: try site.root.library())
        #expect(check.error == FetchError.blockedAddress(host: "localhost").description)
        #expect(try feeds.subscription(id: subscription.id).lastError?.contains("private network") == true)
        #expect(!site.server.requests.contains { $0.path == "/real" })
        #expect(try site.bookmarkedURLs().isEmpty)
    }

    @Test(.timeLimit(.minutes(2))) func aFeedOverTheElementLimitIsRefusedWhole() throws {
        let body = "<rss><channel>" + String(repeating: "<item/>", count: FeedDocument.maximumElements + 1) + "</channel></rss>"
        #expect(throws: FeedSubscriptionError.notAFeed("the feed is too large (over \(FeedDocument.maximumElements) elements)")) {
            try FeedDocument(bytes: Array(body.utf8), url: URL(string: "https://x.example/feed")!)
        }
    }
}
