import Foundation
import MarksCore
import MarksJobs
import MarksLibrary
import MarksPodcasts
import MarksServer
import MarksSources
import MarksTestSupport
import Synchronization
import Testing

/// Issue 13's Done-when 4: the share flow's queue is drained exactly once across restarts, through the real
/// generator. A drain hands a request over and the process dies before the request leaves `processing/`; the next
/// start finds the abandoned claim and hands it over again — and the manager makes no second episode and no second
/// backend job. A source request is narrated from the source's full text, not the queue's capped copy.
@Suite(.serialized) struct PodcastShareDrainTests {
    /// Hands every request to the real consumer; for `crashAfter` it also keeps the claimed file as it was on disk
    /// at that moment, so the test can put it back as a process that died right after `consume` would leave it.
    final class CrashingConsumer: PodcastRequestConsumer {
        let base: any PodcastRequestConsumer
        let crashAfter: String
        let processing: URL
        let snapshot = Mutex<Data?>(nil)

        init(base: any PodcastRequestConsumer, crashAfter: String, processing: URL) {
            self.base = base
            self.crashAfter = crashAfter
            self.processing = processing
        }

        func consume(_ request: MarksLibrary.PodcastRequest) async throws {
            try await base.consume(request)
            if request.url == crashAfter {
                let claimed = try Data(contentsOf: processing.appendingPathComponent(request.id + ".json"))
                snapshot.withLock { $0 = claimed }
            }
        }
    }

    @Test func theShareQueueIsDrainedExactlyOnceAcrossARestart() async throws {
        let client = try await PodcastLibraryEndToEndTests.Client()
        do {
            let directory = client.fixture.directory
            let fullText = "# Field notes\n\n" + String(repeating: "The long part of these notes that the queue does not carry. ", count: 20)
            let source = try await client.sources.addText(fullText, title: "Field notes")
            let queue = PodcastRequestQueue(dataDirectory: directory.url, now: Date.init)
            let article = client.pages.url("/article")
            _ = try queue.enqueue(url: source.summary.url, title: "Field notes", bookmarkID: nil, trigger: .requested,
                                  text: "The capped copy.", sourceKind: "text")
            _ = try queue.enqueue(url: article, title: "Caching", bookmarkID: 42, trigger: .autoTag, matchedTag: "listen")

            let consumer = CrashingConsumer(base: client.manager.consumer, crashAfter: article,
                                            processing: queue.directory.appendingPathComponent("processing"))
            let first = try await queue.drain(into: consumer)
            #expect(first.delivered.count == 2)
            await client.fixture.jobs.stop()
            // The process died right after handing the article over: its claim is still on disk.
            let claimed = try #require(consumer.snapshot.withLock { $0 })
            let request = try JSONDecoder().decode(MarksLibrary.PodcastRequest.self, from: claimed)
            try claimed.write(to: queue.directory.appendingPathComponent("processing/\(request.id).json"))

            // The restart: new runner, service, library, manager and queue over the same data directory.
            let (jobs, service) = try PodcastFixture.jobsAndService(database: client.fixture.data.database, directory: directory, voiceProgram: nil)
            let library = PodcastLibrary(index: try PodcastIndex(database: client.fixture.data.database), directory: client.library.directory,
                                         library: nil, widgets: WidgetDataStore(directory: directory.url), now: Date.init)
            let manager = PodcastGenerationManager(library: library, backend: InProcessPodcastBackend(service: service), sources: client.sources,
                                                   enqueue: { _ = try await jobs.enqueue($0) }, pollInterval: .milliseconds(50))
            await jobs.register(service.jobKind())
            await jobs.register(manager.jobKind())
            let restarted = PodcastRequestQueue(dataDirectory: directory.url, policy: PodcastRetryPolicy(claimLease: 0), now: Date.init)
            await jobs.register(restarted.drainKind(consumer: manager.consumer))
            #expect(try restarted.recoverAbandonedClaims().requeued.map(\.url) == [article])
            await jobs.start()
            let drainJob = try await jobs.enqueue(PodcastRequestQueue.drainJob)
            let drained = try await jobs.waitUntilFinished(drainJob.id)
            #expect(drained?.state == .done, "\(String(describing: drained))")
            #expect(try restarted.list().pending.isEmpty && restarted.list().processing.isEmpty)

            // One episode and one backend job per request, though the article was handed over twice.
            let episodes = try library.episodes()
            #expect(episodes.count == 2)
            #expect(Set(episodes.map(\.url)) == [source.summary.url, article])
            #expect(episodes.first { $0.url == article }?.bookmarkID == 42)
            #expect(try service.episodes().count == 2)
            for episode in try service.episodes() {
                #expect(try jobs.store.jobs(kind: PodcastService.jobKindName, key: episode.id).count == 1)
            }
            // The source was narrated from its full text: asking with that text finds the same backend job.
            let sourceEntry = try #require(episodes.first { $0.url == source.summary.url })
            let stored = try #require(try client.sources.source(id: source.summary.id).podcastText)
            #expect(stored.count > 1000 && stored.hasPrefix("# Field notes"))
            let same = try await service.generate(MarksCore.PodcastRequest(url: source.summary.url, title: "Field notes", text: stored,
                                                                               sourceKind: "text"))
            #expect(same.id == sourceEntry.jobID)

            // Both are made; a later drain finds nothing.
            let deadline = Date().addingTimeInterval(240)
            var current = episodes
            while Date() < deadline, current.contains(where: { $0.state != .ready && $0.state != .failed }) {
                try await Task.sleep(for: .milliseconds(100))
                current = try library.episodes()
            }
            #expect(current.map(\.state) == [.ready, .ready], "\(current)")
            let again = try await restarted.drain(into: manager.consumer)
            #expect(again.delivered.isEmpty)
            await jobs.stop()
        } catch {
            await client.close()
            throw error
        }
        await client.close()
    }
}
