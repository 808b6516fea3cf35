import Foundation
import MarksAssembly
import MarksBookmarks
import MarksCore
import MarksFetch
import MarksJobs
import MarksReading
import MarksTestSupport
import Synchronization
import Testing

/// Issue 38 item 5: following feeds. A subscribed feed served on loopback adds its new items as unread bookmarks with
/// the feed's tags, each exactly once — across a 304, a 200 with the same items, a restart (a new composition root
/// over the same data directory) and a deleted bookmark; the rules leave out old items and items without a keyword;
/// the first check of a long feed adds only its newest items; the `feeds.poll` job runs it and queues the next.
@Suite struct FeedSubscriptionTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func items(_ site: FeedSite, _ paths: [String], hoursAgo: [Double]? = nil) -> [(path: String, title: String, date: String, categories: [String])] {
        paths.enumerated().map { index, path in
            let age = hoursAgo?[index] ?? Double(index + 1)
            return (path, "Post \(path.dropFirst())", FeedSite.rfc822(now.addingTimeInterval(-3600 * age)), [])
        }
    }

    @Test(.timeLimit(.minutes(3))) func aFeedAddsItsNewItemsExactlyOnceAcrossRestarts() async throws {
        let site = try FeedSite()
        defer { Task { await site.server.stop() } }
        site.serve("/feed.xml", .init(body: FeedSamples.rss(base: site.base, items: Self.items(site, ["/a", "/b"])), etag: "\"v1\""))
        let subscription = try site.root.feedSubscriptions().add(url: site.url("/feed.xml"), rules: FeedRules(tags: ["news", "blog"]))

        let first = try await site.root.feedSubscriptions().check(subscription, into: try site.root.library())
        #expect(first.error == nil)
        #expect(Set(first.added) == [site.url("/a"), site.url("/b")])
        #expect(Set(try site.bookmarkedURLs()) == [site.url("/a"), site.url("/b")])
        let saved = try #require(try await site.bookmark(site.url("/a")))
        #expect(saved.unread, "saved as unread")
        #expect(Set(saved.tagNames) == ["news", "blog"], "with the feed's tags")
        #expect(saved.title == "Post a")
        #expect(saved.description == "About Post a & more", "the summary as plain text")
        var stored = try site.root.feedSubscriptions().subscription(id: subscription.id)
        #expect(stored.title == "Example blog")
        #expect(stored.etag == "\"v1\"")
        #expect(stored.itemsAdded == 2)
        #expect(stored.lastError == nil)
        #expect(stored.nextCheck == Self.now.addingTimeInterval(FeedSubscriptions.checkEvery))

        // Unchanged: the ETag is sent back and the 304 adds nothing.
        let notModified = try await site.root.feedSubscriptions().check(stored, into: try site.root.library())
        #expect(notModified.notModified)
        #expect(notModified.added.isEmpty)
        #expect(site.server.requests.last?.headers["If-None-Match"] == "\"v1\"")

        // A server without validators answering 200 with the same items: nothing new either.
        site.serve("/feed.xml", .init(body: FeedSamples.rss(base: site.base, items: Self.items(site, ["/a", "/b"]))))
        stored = try site.root.feedSubscriptions().subscription(id: subscription.id)
        let same = try await site.root.feedSubscriptions().check(stored, into: try site.root.library())
        #expect(same.error == nil)
        #expect(same.added.isEmpty)
        #expect(!same.notModified)

        // A deleted bookmark does not come back.
        let library = try site.root.library()
        try await library.delete(id: saved.id)

        // A restart: a new root over the same data directory; a new item appears beside the old ones.
        site.restart()
        site.serve("/feed.xml", .init(body: FeedSamples.rss(base: site.base, items: Self.items(site, ["/c", "/a", "/b"], hoursAgo: [0.5, 1, 2]))))
        let after = try site.root.feedSubscriptions()
        let again = try await after.check(try after.subscription(id: subscription.id), into: try site.root.library())
        #expect(again.added == [site.url("/c")], "only the new item, once")
        let again2 = try await after.check(try after.subscription(id: subscription.id), into: try site.root.library())
        #expect(again2.added.isEmpty)
        #expect(Set(try site.bookmarkedURLs()) == [site.url("/b"), site.url("/c")], "/a stays deleted")
        #expect(try after.subscription(id: subscription.id).itemsAdded == 3)
        #expect(try after.seenCounts(id: subscription.id) == ["added": 3])
    }

    @Test(.timeLimit(.minutes(3))) func rulesTagSkipOldItemsAndFilterByKeyword() async throws {
        let site = try FeedSite()
        defer { Task { await site.server.stop() } }
        var items = Self.items(site, ["/swift-1", "/old-swift", "/cooking", "/tagged"], hoursAgo: [1, 24 * 10, 2, 3])
        items[0].title = "Swift concurrency notes"
        items[1].title = "Swift in 2020"
        items[2].title = "Bread"
        items[3].title = "Untitled"
        items[3].categories = ["SWIFT"]
        site.serve("/feed.xml", .init(body: FeedSamples.rss(base: site.base, items: items)))
        let feeds = try site.root.feedSubscriptions()
        let subscription = try feeds.add(url: site.url("/feed.xml"), rules: FeedRules(tags: ["swift-news"], maxAgeDays: 7, keywords: ["swift"]))
        let check = try await feeds.check(subscription, into: try site.root.library())
        #expect(Set(check.added) == [site.url("/swift-1"), site.url("/tagged")], "a keyword in the title or a category; case ignored")
        #expect(check.skipped == 2, "ten days old; no keyword")
        #expect(try await site.bookmark(site.url("/swift-1"))?.tagNames == ["swift-news"])
        #expect(try feeds.seenCounts(id: subscription.id) == ["added": 2, "skipped": 2])
    }

    @Test(.timeLimit(.minutes(3))) func theFirstCheckOfTenThousandItemsAddsTheNewestTwentyAndTheRestNeverCome() async throws {
        let site = try FeedSite()
        defer { Task { await site.server.stop() } }
        let body = FeedSamples.huge(count: 10_000, base: site.base, newest: Self.now)
        #expect(body.utf8.count > 1_000_000)
        site.serve("/huge.xml", .init(contentType: "text/xml", body: body))
        let feeds = try site.root.feedSubscriptions()
        let subscription = try feeds.add(url: site.url("/huge.xml"))
        let check = try await feeds.check(subscription, into: try site.root.library())
        #expect(check.error == nil)
        #expect(check.added.count == FeedSubscriptions.firstCheckLimit)
        #expect(Set(check.added) == Set((0..<20).map { site.url("/items/\($0)") }), "the newest twenty")
        #expect(check.skipped == 10_000 - 20)
        #expect(try site.bookmarkedURLs().count == 20)
        let next = try await feeds.check(try feeds.subscription(id: subscription.id), into: try site.root.library())
        #expect(next.added.isEmpty, "the backlog is seen, not added later")
        #expect(try site.bookmarkedURLs().count == 20)
    }

    @Test(.timeLimit(.minutes(3))) func theJobChecksDueFeedsAndQueuesTheNextSweep() async throws {
        let site = try FeedSite()
        defer { Task { await site.server.stop() } }
        site.serve("/feed.xml", .init(body: FeedSamples.rss(base: site.base, items: Self.items(site, ["/a"]))))
        let feeds = try site.root.feedSubscriptions()
        let subscription = try feeds.add(url: site.url("/feed.xml"))
        let queued = Mutex<[JobRequest]>([])
        let jobs = try site.root.jobs()
        let root = site.root
        await jobs.register(feeds.jobKind(library: { try root.library() }, enqueue: { request in queued.withLock { $0.append(request) } }))
        _ = try await jobs.enqueue(FeedSubscriptions.sweepJob)
        await jobs.runUntilIdle()
        #expect(try site.bookmarkedURLs() == [site.url("/a")])
        let next = try #require(queued.withLock { $0 }.first)
        #expect(next.kind == FeedSubscriptions.jobKind)
        #expect(next.key == "due")
        #expect(next.runAfter == Self.now.addingTimeInterval(FeedSubscriptions.checkEvery), "at the feed's next turn")
        // Not due again within the hour; Check now runs it anyway and queues no sweep.
        #expect(try feeds.due().isEmpty)
        site.serve("/feed.xml", .init(body: FeedSamples.rss(base: site.base, items: Self.items(site, ["/b", "/a"]))))
        _ = try await jobs.enqueue(FeedSubscriptions.checkJob(id: subscription.id))
        await jobs.runUntilIdle()
        #expect(Set(try site.bookmarkedURLs()) == [site.url("/a"), site.url("/b")])
        #expect(queued.withLock { $0 }.count == 1)
    }

    @Test(.timeLimit(.minutes(3))) func checksOfFeedsOnOneHostArePaced() async throws {
        let site = try FeedSite()
        defer { Task { await site.server.stop() } }
        for path in ["/one.xml", "/two.xml"] { site.serve(path, .init(body: FeedSamples.rss(base: site.base, items: []))) }
        let sleeps = Mutex<[Duration]>([])
        let start = ContinuousClock.now  // the pacer's clock stands still: every wait is the whole gap
        let feeds = try FeedSubscriptions(database: try site.root.data().database, fetcher: FeedSite.loopbackFetcher(), now: site.clock.now,
                                          pacing: .seconds(2), parallel: 2, pacingClock: { start },
                                          sleep: { duration in sleeps.withLock { $0.append(duration) } })
        try feeds.add(url: site.url("/one.xml"))
        try feeds.add(url: site.url("/two.xml"))
        try feeds.add(url: "http://other.test:\(site.server.port)/one.xml")
        let results = try await feeds.check(try feeds.due(), into: try site.root.library())
        #expect(results.count == 3)
        #expect(results.allSatisfy { $0.error == nil })
        #expect(sleeps.withLock { $0 } == [.seconds(2)], "the second feed of the host waited its turn; the other host did not")
        let order = results.filter { $0.url.hasPrefix(site.base) }.map(\.url)
        #expect(order == [site.url("/one.xml"), site.url("/two.xml")], "one host's feeds one after another")
    }

    @Test func subscriptionsAreCheckedOnceEachAndRemovedWithTheirItems() async throws {
        let site = try FeedSite()
        defer { Task { await site.server.stop() } }
        let feeds = try site.root.feedSubscriptions()
        let added = try feeds.add(url: " \(site.url("/feed.xml")) ", title: "Mine")
        #expect(added.url == site.url("/feed.xml"), "trimmed")
        #expect(throws: FeedSubscriptionError.duplicate(id: added.id)) { try feeds.add(url: site.url("/feed.xml")) }
        #expect(throws: FeedSubscriptionError.invalidURL("file:///etc/passwd")) { try feeds.add(url: "file:///etc/passwd") }
        #expect(throws: FeedSubscriptionError.invalidURL("not a url")) { try feeds.add(url: "not a url") }
        #expect(try feeds.all().map(\.title) == ["Mine"])
        try feeds.remove(id: added.id)
        #expect(try feeds.all().isEmpty)
        #expect(throws: FeedSubscriptionError.notFound(added.id)) { try feeds.remove(id: added.id) }
    }

    @Test(.timeLimit(.minutes(3))) func anOPMLImportStopsAtTheLimitAndSaysSo() async throws {
        let site = try FeedSite()
        defer { Task { await site.server.stop() } }
        let feeds = try site.root.feedSubscriptions()
        let count = FeedSubscriptions.maximumSubscriptions + 2
        let outlines = (0..<count).map { "<outline text=\"F\($0)\" xmlUrl=\"https://f\($0).example/feed\"/>" }.joined()
        let report = try feeds.importOPML(Array("<opml version=\"2.0\"><body>\(outlines)</body></opml>".utf8))
        #expect(report.added == FeedSubscriptions.maximumSubscriptions)
        #expect(report.refused == ["2 feeds over the limit of \(FeedSubscriptions.maximumSubscriptions)"])
        #expect(throws: FeedSubscriptionError.tooMany(FeedSubscriptions.maximumSubscriptions)) { try feeds.add(url: "https://one-more.example/feed") }
        #expect(try feeds.all().count == FeedSubscriptions.maximumSubscriptions)
    }

    @Test(.timeLimit(.minutes(2))) func lastModifiedIsSentBackAndA304KeepsTheValidators() async throws {
        let site = try FeedSite()
        defer { Task { await site.server.stop() } }
        let stamp = "Wed, 13 Jan 2027 08:00:00 GMT"
        site.serve("/feed.xml", .init(body: FeedSamples.rss(base: site.base, items: Self.items(site, ["/a"])), headers: ["Last-Modified": stamp]))
        let feeds = try site.root.feedSubscriptions()
        let subscription = try feeds.add(url: site.url("/feed.xml"))
        _ = try await feeds.check(subscription, into: try site.root.library())
        #expect(try feeds.subscription(id: subscription.id).lastModified == stamp)
        #expect(site.server.requests.last?.headers["If-Modified-Since"] == nil, "nothing to send the first time")
        site.serve("/feed.xml", .init(status: 304, body: ""))
        let unchanged = try await feeds.check(try feeds.subscription(id: subscription.id), into: try site.root.library())
        #expect(site.server.requests.last?.headers["If-Modified-Since"] == stamp)
        #expect(unchanged.notModified)
        #expect(try feeds.subscription(id: subscription.id).lastModified == stamp, "a 304 without validators keeps the stored ones")
    }
}
