import Foundation
import HTTPServer
import MarksAssembly
import MarksJobs
import MarksReading
import MarksTestSupport
import Testing
@testable import MarksCLI

/// `marks serve` follows feeds: its parts hold the one `FeedSubscriptions`, the `feeds.poll` kind is registered on the
/// one runner and queued at start, and its run saves a feed's items through the source in use.
@Suite struct FeedsServeTests {
    @Test(.timeLimit(.minutes(5))) func serveRegistersQueuesAndRunsTheFeedsJob() async throws {
        var router = Router()
        router.get("/feed.xml") { _ in
            HTTPResponse(status: 200, headers: ["Content-Type": "application/atom+xml"], body: .bytes(Data("""
                <feed xmlns="http://www.w3.org/2005/Atom"><title>Served</title>\
                <entry><title>One</title><link href="/one"/><id>one</id></entry></feed>
                """.utf8)))
        }
        let live = try LiveServer(serving: router, configuration: HTTPServer.Configuration(threadPoolSize: 2, shutdownGracePeriod: .seconds(1)))
        let harness = try CLIHarness(environment: ["MARKS_ALLOW_PRIVATE_FETCHES": "1", "MARKS_FETCH_PAGES": "1"])
        let context = harness.context()
        let root = CompositionRoot(settings: try Settings.load(try harness.parse(["serve"]), context: context), context: context,
                                   runsBackgroundWork: true, warn: { _ in })
        let parts = try root.serveParts(exposed: false, origin: "http://127.0.0.1", logError: { _ in })
        #expect(try root.feedSubscriptions() === parts.feeds, "one copy")
        let feed = try parts.feeds.add(url: "http://127.0.0.1:\(live.port)/feed.xml", rules: FeedRules(tags: ["served"]))

        await parts.registerJobs()
        let ran = try await parts.jobs.run(id: try await parts.jobs.enqueue(FeedSubscriptions.checkJob(id: feed.id)).id)
        #expect(ran?.state == .done, "\(ran?.lastError ?? "not run")")
        let saved = try await parts.sources.current.library.check(url: "http://127.0.0.1:\(live.port)/one").bookmark
        #expect(saved?.tagNames == ["served"])
        #expect(saved?.unread == true)

        // At start the sweep is queued with the other periodic jobs.
        try await parts.startJobs()
        let sweep = try parts.jobs.store.jobs(kind: FeedSubscriptions.jobKind, key: "due")
        let every = try parts.jobs.store.jobs().map { "\($0.kind) \($0.key)" }
        #expect(!sweep.isEmpty, "\(every)")
        await parts.stopJobs()
        await live.stop()
    }
}
