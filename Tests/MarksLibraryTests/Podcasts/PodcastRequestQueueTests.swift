import MarksTestSupport
import Foundation
import Testing
@testable import MarksLibrary

@Suite struct PodcastRequestQueueTests {
    func queue(_ dir: TemporaryDirectory, _ clock: ManualClock, policy: PodcastRetryPolicy = PodcastRetryPolicy()) -> PodcastRequestQueue {
        PodcastRequestQueue(dataDirectory: dir.url, policy: policy, now: clock.now)
    }

    @Test func aQueuedRequestSurvivesARestartAndIsDrainedExactlyOnce() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let clock = ManualClock()
        let (request, queued) = try queue(dir, clock).enqueue(url: "https://example.com/a", title: "A", bookmarkID: 7, trigger: .requested)
        #expect(queued)
        // A new queue value over the same directory is what a restarted process sees.
        let restarted = queue(dir, clock)
        #expect(try restarted.list().pending.map(\.id) == [request.id])
        let consumer = RecordingConsumer()
        let first = try await restarted.drain(into: consumer)
        #expect(first.delivered.map(\.id) == [request.id])
        #expect(first.delivered.first?.bookmarkID == 7)
        #expect(first.delivered.first?.attempts == 1)
        let second = try await queue(dir, clock).drain(into: consumer)
        #expect(second.delivered.isEmpty)
        #expect(consumer.seen == ["https://example.com/a"])
        let listing = try restarted.list()
        #expect(listing.pending.isEmpty && listing.processing.isEmpty && listing.failed.isEmpty)
    }

    @Test func racingDrainsHandEachRequestOutOnce() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let clock = ManualClock()
        let urls = (0..<40).map { "https://example.com/\($0)" }
        for url in urls { _ = try queue(dir, clock).enqueue(url: url, title: "", bookmarkID: nil, trigger: .requested) }
        let consumer = RecordingConsumer()
        // Two queue values (as two processes would have) and two drains on one value, all at once.
        let a = queue(dir, clock), b = queue(dir, clock)
        async let one = a.drain(into: consumer)
        async let two = b.drain(into: consumer)
        async let three = a.drain(into: consumer)
        let reports = try await [one, two, three]
        #expect(reports.map(\.delivered.count).reduce(0, +) == urls.count)
        #expect(consumer.seen.sorted() == urls.sorted())
        #expect(try a.list().pending.isEmpty)
    }

    @Test func failuresBackOffExponentiallyThenGiveUp() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let clock = ManualClock()
        let policy = PodcastRetryPolicy(maximumAttempts: 3, baseDelay: 60, maximumDelay: 3600)
        let q = queue(dir, clock, policy: policy)
        _ = try q.enqueue(url: "https://example.com/flaky", title: "", bookmarkID: nil, trigger: .requested)
        let consumer = RecordingConsumer(failing: ["https://example.com/flaky": 10])

        let first = try await q.drain(into: consumer)
        let retry = try #require(first.retrying.first)
        #expect(retry.attempts == 1)
        #expect(retry.lastError == "generator unavailable")
        #expect(retry.nextAttemptAt == clock.date.addingTimeInterval(60))

        clock.advance(59)
        let early = try await q.drain(into: consumer)
        #expect(early.notDue == 1 && early.retrying.isEmpty)
        #expect(consumer.seen.count == 1)

        clock.advance(1)
        let second = try await q.drain(into: consumer)
        #expect(second.retrying.first?.nextAttemptAt == clock.date.addingTimeInterval(120))

        clock.advance(120)
        let third = try await q.drain(into: consumer)
        #expect(third.failed.map(\.attempts) == [3])
        #expect(consumer.seen.count == 3)
        let listing = try q.list()
        #expect(listing.pending.isEmpty && listing.failed.count == 1)

        clock.advance(100_000)
        #expect(try await q.drain(into: consumer).delivered.isEmpty)
        #expect(try q.retryFailed() == 1)
        #expect(try q.list().pending.first?.attempts == 0)
    }

    @Test func backoffIsCapped() {
        let policy = PodcastRetryPolicy(maximumAttempts: 100, baseDelay: 30, maximumDelay: 600)
        #expect(policy.delay(afterAttempts: 1) == 30)
        #expect(policy.delay(afterAttempts: 2) == 60)
        #expect(policy.delay(afterAttempts: 5) == 480)
        #expect(policy.delay(afterAttempts: 6) == 600)
        #expect(policy.delay(afterAttempts: 1000) == 600)
    }

    @Test func aCorruptFileIsQuarantinedAndReportedAndTheRestKept() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let clock = ManualClock()
        let q = queue(dir, clock)
        _ = try q.enqueue(url: "https://example.com/good", title: "", bookmarkID: nil, trigger: .requested)
        try Data("{\"id\": \"broken\", \"url\": ".utf8).write(to: q.pendingDirectory.appendingPathComponent("broken.json"))
        try Data([0xFF, 0x00, 0xFE]).write(to: q.pendingDirectory.appendingPathComponent("garbage.json"))
        let listing = try q.list()
        #expect(listing.pending.map(\.url) == ["https://example.com/good"])
        #expect(listing.newlyQuarantined.count == 2)
        #expect(listing.quarantined.map { URL(fileURLWithPath: $0).lastPathComponent }.sorted() == ["broken.json", "garbage.json"])

        try Data("not json".utf8).write(to: q.pendingDirectory.appendingPathComponent("another.json"))
        let consumer = RecordingConsumer()
        let report = try await q.drain(into: consumer)
        #expect(report.quarantined.map { URL(fileURLWithPath: $0).lastPathComponent } == ["another.json"])
        #expect(report.delivered.map(\.url) == ["https://example.com/good"])
        #expect(try q.list().quarantined.count == 3)
    }

    @Test(arguments: [
        ("mismatch.json", #"{"id":"other","url":"https://x.com/a","trigger":"requested","created_at":"2026-01-01T00:00:00Z","next_attempt_at":"2026-01-01T00:00:00Z"}"#),
        ("traversal.json", #"{"id":"../../etc/passwd","url":"https://x.com/a","trigger":"requested","created_at":"2026-01-01T00:00:00Z","next_attempt_at":"2026-01-01T00:00:00Z"}"#),
        ("baddate.json", #"{"id":"baddate","url":"https://x.com/a","trigger":"requested","created_at":"yesterday","next_attempt_at":"2026-01-01T00:00:00Z"}"#),
        ("trigger.json", #"{"id":"trigger","url":"https://x.com/a","trigger":"rm -rf","created_at":"2026-01-01T00:00:00Z","next_attempt_at":"2026-01-01T00:00:00Z"}"#),
        ("negative.json", #"{"id":"negative","url":"https://x.com/a","trigger":"requested","attempts":-3,"created_at":"2026-01-01T00:00:00Z","next_attempt_at":"2026-01-01T00:00:00Z"}"#),
        ("array.json", "[1,2,3]"),
        ("empty.json", ""),
    ])
    func hostileQueueFilesAreQuarantined(name: String, content: String) throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let q = queue(dir, ManualClock())
        try FileManager.default.createDirectory(at: q.pendingDirectory, withIntermediateDirectories: true)
        try Data(content.utf8).write(to: q.pendingDirectory.appendingPathComponent(name))
        let listing = try q.list()
        #expect(listing.pending.isEmpty)
        #expect(listing.newlyQuarantined.map { URL(fileURLWithPath: $0).lastPathComponent } == [name])
    }

    @Test func oversizedFilesAreQuarantinedUnreadAndOtherEntriesIgnored() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let q = queue(dir, ManualClock())
        try FileManager.default.createDirectory(at: q.pendingDirectory.appendingPathComponent("folder.json"), withIntermediateDirectories: true)
        try Data(repeating: 0x20, count: QueueFiles.maximumFileBytes + 1).write(to: q.pendingDirectory.appendingPathComponent("huge.json"))
        try Data("x".utf8).write(to: q.pendingDirectory.appendingPathComponent(".temp.json.tmp"))
        try Data("x".utf8).write(to: q.pendingDirectory.appendingPathComponent("notes.txt"))
        let listing = try q.list()
        #expect(listing.newlyQuarantined.map { URL(fileURLWithPath: $0).lastPathComponent } == ["huge.json"])
        #expect(FileManager.default.fileExists(atPath: q.pendingDirectory.appendingPathComponent("notes.txt").path))
    }

    @Test func theSameURLIsQueuedOnce() throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let q = queue(dir, ManualClock())
        let first = try q.enqueue(url: "https://Example.com/a/", title: "A", bookmarkID: 1, trigger: .requested)
        let again = try q.enqueue(url: "https://example.com/a", title: "A", bookmarkID: 1, trigger: .autoTag, matchedTag: "listen")
        #expect(first.queued && !again.queued)
        #expect(again.request.id == first.request.id)
        #expect(try q.list().pending.count == 1)
    }

    @Test(arguments: ["javascript:alert(1)", "file:///etc/passwd", "", "not a url", "ftp://example.com/x"])
    func onlyWebAndSourceLinksAreQueued(url: String) throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let q = queue(dir, ManualClock())
        #expect(throws: PodcastQueueError.self) { try q.enqueue(url: url, title: "", bookmarkID: nil, trigger: .requested) }
        #expect(try q.enqueue(url: "marks-source://0b6c", title: "", bookmarkID: nil, trigger: .requested).queued)
    }

    @Test func anAbandonedClaimReturnsAfterTheLease() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let clock = ManualClock()
        let policy = PodcastRetryPolicy(maximumAttempts: 2, claimLease: 600)
        let q = queue(dir, clock, policy: policy)
        let (request, _) = try q.enqueue(url: "https://example.com/crash", title: "", bookmarkID: nil, trigger: .requested)
        // A drain that claimed the request and died: the file sits in processing/ with its claim time.
        var claimed = request
        claimed.attempts = 1
        claimed.claimedAt = clock.date
        try q.write(claimed, to: q.processingDirectory)
        try FileManager.default.removeItem(at: q.pendingDirectory.appendingPathComponent(request.id + ".json"))

        clock.advance(599)
        #expect(try q.recoverAbandonedClaims().requeued.isEmpty)
        #expect(try await q.drain(into: RecordingConsumer()).delivered.isEmpty)
        clock.advance(2)
        #expect(try q.recoverAbandonedClaims().requeued.map(\.id) == [request.id])
        let consumer = RecordingConsumer(failing: ["https://example.com/crash": 1])
        let report = try await q.drain(into: consumer)
        #expect(report.failed.map(\.attempts) == [2])
        #expect(try q.list().processing.isEmpty)
    }

    @Test func requestFilesRoundTripWithMicrosecondDates() throws {
        var request = PodcastRequest(id: "abc-123", url: "https://example.com/x", title: "X", bookmarkID: nil, trigger: .autoTag,
                                     matchedTag: "listen", createdAt: Date(timeIntervalSince1970: 1_800_000_000.123456))
        request.claimedAt = Date(timeIntervalSince1970: 1_800_000_001.5)
        let decoded = try JSONDecoder().decode(PodcastRequest.self, from: JSONEncoder().encode(request))
        #expect(decoded.id == request.id && decoded.matchedTag == "listen" && decoded.trigger == .autoTag)
        #expect(abs(decoded.createdAt.timeIntervalSince(request.createdAt)) < 0.000_01)
        #expect(decoded.claimedAt == request.claimedAt)
        #expect(!PodcastRequest.isValidID("../x") && !PodcastRequest.isValidID("") && PodcastRequest.isValidID("a-B-9"))
    }
}
