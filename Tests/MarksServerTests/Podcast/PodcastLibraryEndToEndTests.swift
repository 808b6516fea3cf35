import Foundation
import HTTPServer
import MarksAssembly
import MarksClients
import MarksCore
import MarksJobs
import MarksBookmarks
import MarksDocuments
import MarksPodcasts
import MarksServer
import MarksTestSupport
import Synchronization
import Testing

/// Issue 13's Done-when 1 on the client side, end to end with the real generator (espeak-ng, LAME, the job runner):
/// an article served on loopback and a source become library episodes through the generation manager — polled to
/// done, the MP3 decodes with the duration its LAME tag claims, chapters read back, Range on the audio, the library
/// and the widget file list them — in process and over HTTP (`RemotePodcastGenerator` on the real `/v1/` routes); the
/// seeds' play-or-generate rule; background generation interrupted by a restart finishes.
@Suite(.serialized) struct PodcastLibraryEndToEndTests {
    /// The backend fixture plus a client library, sources and a manager over the same data directory.
    final class Client: Sendable {
        let fixture: PodcastFixture
        let pages: PodcastBackendTests.Pages
        let sources: DocumentLibrary
        let library: PodcastLibrary
        let manager: PodcastGenerationManager

        init(remote: Bool = false, partBytes: Int = 4096) async throws {
            fixture = try await PodcastFixture()
            pages = try PodcastBackendTests.Pages()
            let directory = fixture.directory
            sources = try DocumentLibrary(database: fixture.data.database, directory: directory.file("sources"),
                                        extractor: DocumentExtractor(tools: DocumentExtractor.Tools(pdftotext: nil, mutool: nil)), now: Date.init)
            library = PodcastLibrary(index: try PodcastEpisodes(database: fixture.data.database),
                                     directory: PodcastLibrary.directory(in: directory.url), library: nil,
                                     widgets: WidgetDataStore(directory: directory.url), now: Date.init)
            let backend: any PodcastGenerator
            if remote {
                let configuration = AppAPIClient.Configuration(baseURL: fixture.server.baseURL, credentialsFile: directory.file("backend.json"),
                                                                appVersion: "test")
                backend = RemotePodcastGenerator(client: AppAPIClient(configuration: configuration), partBytes: partBytes)
            } else {
                backend = InProcessPodcastGenerator(service: fixture.podcasts)
            }
            let jobs = fixture.jobs
            manager = PodcastGenerationManager(library: library, backend: backend, sources: sources,
                                               enqueue: { _ = try await jobs.enqueue($0) }, pollInterval: .milliseconds(50))
        }

        func close() async {
            await pages.live.stop()
            await fixture.close()
        }

        /// Waits (up to a generous deadline: espeak-ng takes seconds) until the entry is ready or failed.
        func settled(_ key: String) async throws -> PodcastEntry {
            var entry: PodcastEntry?
            let made = try await eventually(within: .seconds(240), every: .milliseconds(50)) {
                entry = try #require(try library.episode(key: key))
                return entry?.state == .ready || entry?.state == .failed
            }
            if made, let entry { return entry }
            throw RawHTTP.Failure(description: "episode \(key) was not made in time: \(String(describing: try library.episode(key: key)))")
        }
    }

    /// Checks the episode's file: a frame walk agrees with its LAME tag and with the entry, mpg123 decodes it to the
    /// same length, and the chapters came back from its ID3 tag.
    static func checkAudio(_ entry: PodcastEntry, in library: PodcastLibrary) async throws {
        let file = library.audioFile(for: entry)
        let data = try Data(contentsOf: file)
        #expect(data.count == entry.byteCount)
        let summary = try MP3Summary.walk(data)
        #expect(summary.infoTagMatches, "the LAME tag's frame and byte counts match the frames")
        let duration = try #require(entry.durationSeconds)
        #expect(abs(summary.durationSeconds - duration) < 0.01)
        #expect(abs(Double(try await PodcastBackendTests.decodedSamples(file)) / 22_050 - duration) < 0.01)
        #expect(!entry.chapters.isEmpty)
        #expect(entry.chapters.map(\.start) == entry.chapters.map(\.start).sorted())
    }

    @Test func anArticleAndASourceBecomeLibraryEpisodesInProcess() async throws {
        let client = try await Client()
        do {
            let seen = Mutex<[PodcastGenerationProgress]>([])
            let article = try await client.manager.generate(.url(client.pages.url("/article"), title: nil)) { progress in
                seen.withLock { $0.append(progress) }
            }
            #expect(article.state == .ready && article.title == "Caching in Practice" && article.site == "127.0.0.1")
            #expect(article.voice?.isEmpty == false)
            #expect(article.chapters.map(\.title) == ["Caching in Practice", "Invalidation", "Measuring"])
            let states = seen.withLock { $0.map(\.entry.state) }
            // A fast machine may finish between two polls (queued, then ready): what counts is that the index held the
            // episode, unfinished, before it was ready.
            #expect(states.first == .queued || states.first == .generating, "the index showed the episode while it was made")
            #expect(states.count >= 2 && states.last == .ready)
            let progress = seen.withLock { $0.map(\.entry.progress) }
            #expect(progress == progress.sorted())
            try await Self.checkAudio(article, in: client.library)

            let added = try await client.sources.addText("# Team notes\n\nWe met and agreed on three things.\n\n## Next\n\nShip it, then measure it.",
                                                         title: "Team notes")
            let source = try await client.manager.generate(.source(id: added.summary.id))
            #expect(source.state == .ready && source.sourceID == added.summary.id.uuidString.lowercased())
            #expect(source.url == added.summary.url && source.title == "Team notes")
            #expect(source.site == "", "a pasted source has no site: not the app's name (it said “marks”)")
            try await Self.checkAudio(source, in: client.library)
            #expect(try client.library.states(sourceIDs: [added.summary.id.uuidString]) == [added.summary.id.uuidString.lowercased(): .ready])

            // The library lists both, newest first; the widget file has both, linking to marks://podcast.
            #expect(try client.library.episodes().map(\.key) == [source.key, article.key])
            let widget = try WidgetDataStore(directory: client.fixture.directory.url).loadPodcasts()
            #expect(widget.recent.map(\.title) == ["Team notes", "Caching in Practice"])
            #expect(widget.recent.last?.link == MarksDeepLink.podcastURL(url: article.url).absoluteString)

            // The backend's audio answers Range (what a player seeks with); the library's file is the same bytes.
            let token = try await client.fixture.register()
            let job = try #require(article.jobID)
            let part = try await client.fixture.call("GET", "/v1/podcast/audio/\(job)", token: token, headers: ["Range: bytes=100-199"])
            #expect(part.status == 206)
            #expect(part.header("Content-Range") == "bytes 100-199/\(article.byteCount ?? 0)")
            let local = try Data(contentsOf: client.library.audioFile(for: article))
            #expect(part.body == local.subdata(in: 100..<200))

            // Asking again for a ready item finds it: no new job.
            let again = try await client.manager.start(try await client.manager.resolve(.url(client.pages.url("/article"), title: nil)),
                                                      priority: JobPriority.foreground)
            #expect(again.key == article.key && again.state == .ready && again.jobID == article.jobID)
        } catch {
            await client.close()
            throw error
        }
        await client.close()
    }

    @Test func theRemoteBackendMakesTheSameEpisodeOverHTTP() async throws {
        let client = try await Client(remote: true, partBytes: 4096)
        do {
            let added = try await client.sources.addText("# Remote\n\nThis source travels over the backend's HTTP routes, in parts.",
                                                         title: "Remote notes")
            let entry = try await client.manager.generate(.source(id: added.summary.id))
            #expect(entry.state == .ready)
            let byteCount = try #require(entry.byteCount)
            #expect(byteCount > 4096, "the audio came down in several Range parts")
            let jobID = try #require(entry.jobID)
            let backendFile = client.fixture.podcasts.audioFile(for: try #require(try client.fixture.podcasts.episode(id: jobID)))
            #expect(try Data(contentsOf: client.library.audioFile(for: entry)) == Data(contentsOf: backendFile))
            #expect(entry.voice?.isEmpty == false, "the status carries the voice")
            try await Self.checkAudio(entry, in: client.library)
            let temps = try FileManager.default.contentsOfDirectory(atPath: client.library.directory.path).filter { $0.hasPrefix(".") }
            #expect(temps.isEmpty, "no part file is left behind")

            let backend = RemotePodcastGenerator(client: AppAPIClient(configuration: AppAPIClient.Configuration(
                baseURL: client.fixture.server.baseURL, credentialsFile: client.fixture.directory.file("backend.json"), appVersion: "test")))
            await #expect(throws: PodcastGenerationError.unknownJob(String(repeating: "0", count: 32))) {
                _ = try await backend.status(jobID: String(repeating: "0", count: 32))
            }
        } catch {
            await client.close()
            throw error
        }
        await client.close()
    }

    @Test func playOrGenerateNeverInterruptsAndBackgroundEpisodesFinish() async throws {
        let client = try await Client()
        do {
            await client.fixture.jobs.register(client.manager.jobKind())
            let first = try await client.sources.addText("The first source, read while nothing plays.", title: "First")
            let played = try await client.manager.playOrGenerate(.source(id: first.summary.id), playerBusy: false)
            guard case .play(let entry, generated: true) = played else { Issue.record("idle player: made now, then played: \(played)"); return }
            #expect(entry.state == .ready)
            let replay = try await client.manager.playOrGenerate(.source(id: first.summary.id), playerBusy: true)
            #expect(replay == .play(entry, generated: false), "a ready episode plays, busy player or not")

            let second = try await client.sources.addText("The second source, asked for while the first one plays.", title: "Second")
            let queued = try await client.manager.playOrGenerate(.source(id: second.summary.id), playerBusy: true)
            guard case .queued(let waiting) = queued else { Issue.record("busy player: background generation: \(queued)"); return }
            #expect(waiting.state == .queued || waiting.state == .generating)
            let done = try await client.settled(waiting.key)
            #expect(done.state == .ready, "\(done)")
            try await Self.checkAudio(done, in: client.library)
        } catch {
            await client.close()
            throw error
        }
        await client.close()
    }

    @Test func aBackgroundEpisodeInterruptedByARestartFinishes() async throws {
        let client = try await Client()
        do {
            await client.fixture.jobs.register(client.manager.jobKind())
            let text = String(repeating: "This long source keeps the voice busy for a while, sentence after sentence. ", count: 200)
            let added = try await client.sources.addText(text, title: "Long")
            let entry = try await client.manager.generateInBackground(.source(id: added.summary.id))
            var seen = entry
            try await eventually(within: .seconds(120)) {
                seen = try #require(try client.library.episode(key: entry.key))
                return seen.state == .generating && seen.progress >= 0.1
            }
            try #require(seen.state == .generating, "\(seen)")
            await client.fixture.jobs.stop()

            // The restart: a new runner, service, library and manager over the same database and folders.
            let (jobs, service) = try PodcastFixture.jobsAndService(database: client.fixture.data.database, directory: client.fixture.directory,
                                                                     voiceProgram: nil)
            let library = PodcastLibrary(index: try PodcastEpisodes(database: client.fixture.data.database), directory: client.library.directory,
                                         library: nil, widgets: WidgetDataStore(directory: client.fixture.directory.url), now: Date.init)
            let manager = PodcastGenerationManager(library: library, backend: InProcessPodcastGenerator(service: service), sources: client.sources,
                                                   enqueue: { _ = try await jobs.enqueue($0) }, pollInterval: .milliseconds(50))
            await jobs.register(service.jobKind())
            await jobs.register(manager.jobKind())
            await jobs.start()
            var done = seen
            try await eventually(within: .seconds(360), every: .milliseconds(100)) {
                done = try #require(try library.episode(key: entry.key))
                return done.state == .ready || done.state == .failed
            }
            await jobs.stop()
            #expect(done.state == .ready, "\(done)")
            try await Self.checkAudio(done, in: library)
        } catch {
            await client.close()
            throw error
        }
        await client.close()
    }
}
