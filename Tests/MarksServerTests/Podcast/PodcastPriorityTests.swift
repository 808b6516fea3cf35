import Foundation
import MarksAssembly
import MarksClients
import MarksCore
import MarksJobs
import MarksPodcasts
import MarksServer
import MarksTestSupport
import PostgresDatabase
import SQLiteDatabase
import Testing

/// Issue 17: the library's background podcast generation asks the backend at background priority, so a device waiting
/// on `/v1/podcast/generate` (foreground) is served first — in process on either backend's queue, and over HTTP
/// (`"priority": "background"` on the wire).
@Suite struct PodcastPriorityTests {
    /// A podcast service over `backend`'s episodes and jobs (its runner not started: the test claims by hand) and a
    /// library generation manager asking it in process.
    struct Parts {
        let jobs: any JobRecords
        let service: PodcastService
        let manager: PodcastGenerationManager
    }

    static func with(_ backend: StoreBackend, _ body: (Parts) async throws -> Void) async throws {
        let directory = try TemporaryDirectory(prefix: "marks-priority")
        defer { directory.cleanUp() }
        let local = try Database(path: directory.file("marks.sqlite").path)
        func run(_ jobs: any JobRecords, _ episodes: any EpisodeRecords) async throws {
            let runner = JobRunner(store: jobs, log: { _ in })
            let service = PodcastService(episodes: episodes, directory: directory.file("podcasts/audio"), jobs: runner,
                                         voices: { throw CancellationError() }, readArticle: { _ in throw CancellationError() })
            let library = PodcastLibrary(index: try PodcastEpisodes(database: local), directory: directory.file("podcasts"), library: nil,
                                         widgets: nil, now: Date.init)
            let manager = PodcastGenerationManager(library: library, backend: InProcessPodcastGenerator(service: service), sources: nil,
                                                   enqueue: { _ = try await runner.enqueue($0) })
            try await body(Parts(jobs: jobs, service: service, manager: manager))
        }
        switch backend {
        case .sqlite:
            try await run(try JobStore(database: local), try PodcastStore(database: local))
        case .postgres:
            try await withTestDatabase { url in
                let pool = PostgresPool(url: url, size: 2)
                try await run(try PostgresJobStore(pool: pool), try PostgresPodcastStore(pool: pool))
            }
        }
    }

    @Test(arguments: StoreBackend.all) func aDevicesRequestIsClaimedBeforeTheLibrarysEarlierBackgroundOnes(_ backend: StoreBackend) async throws {
        try await Self.with(backend) { parts in
            var library: [String] = []
            for number in 1...3 {
                let entry = try await parts.manager.generateInBackground(.url("https://example.com/library-\(number)", title: "Library \(number)"))
                library.append(try #require(entry.jobID))
            }
            // A device asks through /v1/podcast/generate afterwards (the handler's request: foreground by default).
            let device = try await parts.service.generate(PodcastRequest(url: "https://example.com/device", title: "Device"))
            let kind = PodcastService.jobKindName
            #expect(try parts.jobs.jobs(kind: kind, key: library[0]).first?.priority == JobPriority.background)
            #expect(try parts.jobs.jobs(kind: kind, key: device.id).first?.priority == JobPriority.foreground)
            let order = try (0..<4).map { _ in try #require(try parts.jobs.claim(kind: kind, owner: "worker", now: Date().addingTimeInterval(1))).key }
            #expect(order == [device.id] + library, "the device first, then the library's in the order asked")
        }
    }

    @Test(arguments: StoreBackend.all) func waitingForAnEpisodeTheLibraryAskedForInTheBackgroundRaisesItsJob(_ backend: StoreBackend) async throws {
        try await Self.with(backend) { parts in
            let early = try await parts.manager.generateInBackground(.url("https://example.com/early", title: "Early"))
            let late = try await parts.manager.generateInBackground(.url("https://example.com/late", title: "Late"))
            // The person now plays the late one with the player idle: the manager asks again, in the foreground.
            let resolved = try await parts.manager.resolve(.url("https://example.com/late", title: "Late"))
            let started = try await parts.manager.start(resolved, priority: JobPriority.foreground)
            #expect(started.jobID == late.jobID, "the same episode and job")
            let kind = PodcastService.jobKindName
            #expect(try parts.jobs.jobs(kind: kind, key: try #require(late.jobID)).first?.priority == JobPriority.foreground)
            #expect(try parts.jobs.claim(kind: kind, owner: "worker", now: Date().addingTimeInterval(1))?.key == late.jobID)
            #expect(try parts.jobs.claim(kind: kind, owner: "worker", now: Date().addingTimeInterval(1))?.key == early.jobID)
        }
    }

    /// Over HTTP: `RemotePodcastGenerator` sends `"priority": "background"` for the library's background generation, and
    /// the backend queues the job so; a request without it is foreground, and another value is refused.
    @Test func theWireCarriesTheBackgroundPriority() async throws {
        let fixture = try await PodcastFixture(voiceProgram: "/bin/false")
        do {
            let configuration = AppAPIClient.Configuration(baseURL: fixture.server.baseURL, credentialsFile: fixture.directory.file("backend.json"),
                                                            appVersion: "test")
            let remote = RemotePodcastGenerator(client: AppAPIClient(configuration: configuration))
            let background = try await remote.generate(PodcastGenerationRequest(url: "marks-source://quiet", title: "Quiet", text: "Nobody waits.",
                                                                                sourceKind: "text", priority: JobPriority.background))
            let foreground = try await remote.generate(PodcastGenerationRequest(url: "marks-source://urgent", title: "Urgent", text: "Someone waits.",
                                                                                sourceKind: "text"))
            let kind = PodcastService.jobKindName
            #expect(try fixture.jobs.store.jobs(kind: kind, key: background.jobID).first?.priority == JobPriority.background)
            #expect(try fixture.jobs.store.jobs(kind: kind, key: foreground.jobID).first?.priority == JobPriority.foreground)
            let token = try await fixture.register()
            let refused = try await fixture.call("POST", "/v1/podcast/generate", json: #"{"url":"marks-source://x","text":"x","priority":"urgent"}"#, token: token)
            #expect(refused.status == 400 && refused.text.contains("priority must be"), "\(refused.text)")
        } catch {
            await fixture.close()
            throw error
        }
        await fixture.close()
    }
}
