import Foundation
import MarksPodcasts
import MarksTestSupport
import PostgresDatabase
import SQLiteDatabase
import Testing

/// The podcast episodes' contract (`EpisodeRecords`), on SQLite and on PostgreSQL: one episode per URL and text, a
/// failed one asked for again is queued again, progress and failure, and audio that any worker can serve from its
/// own podcast directory once the episode is done.
@Suite struct EpisodeRecordsContractTests {
    /// A store on either backend with its workers: on SQLite every worker is the one process with its one podcast
    /// directory; on PostgreSQL each worker has a pool and a podcast directory of its own (another machine).
    struct Fixture {
        let store: any EpisodeRecords
        let directory: URL
        let worker: (Int) throws -> (store: any EpisodeRecords, directory: URL)
        let clock = ManualClock()

        static func with<T>(_ backend: StoreBackend, _ body: (Fixture) async throws -> T) async throws -> T {
            let root = TemporaryDirectory.reserve(prefix: "marks-episodes")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            defer {
                do { try FileManager.default.removeItem(at: root) } catch {}  // a leftover temp dir is harmless
            }
            switch backend {
            case .sqlite:
                let path = root.appendingPathComponent("marks.sqlite").path
                let audio = root.appendingPathComponent("podcasts/audio")
                return try await body(Fixture(store: try PodcastStore(database: Database(path: path)), directory: audio) { _ in
                    (try PodcastStore(database: Database(path: path)), audio)
                })
            case .postgres:
                return try await withTestDatabase { url in
                    let directory = { (index: Int) in root.appendingPathComponent("worker-\(index)/podcasts/audio") }
                    return try await body(Fixture(store: try PostgresPodcastStore(pool: PostgresPool(url: url, size: 2)), directory: directory(0)) { index in
                        (try PostgresPodcastStore(pool: PostgresPool(url: url, size: 2)), directory(index))
                    })
                }
            }
        }

        /// Renders `bytes` as episode `id`'s audio in `directory` (as the renderer leaves it) and returns the file.
        func render(_ bytes: [UInt8], id: String, in directory: URL) throws -> URL {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let file = directory.appendingPathComponent("\(id).mp3")
            try Data(bytes).write(to: file)
            return file
        }
    }

    static func id(_ n: Int) -> String { String(format: "%032x", n) }

    static func finished(bytes: Int) -> FinishedEpisode {
        FinishedEpisode(duration: 12.5, bytes: bytes, voice: "espeak-ng", language: "en", wasCut: false, voiceNote: nil,
                        scriptKind: "narration", scriptNote: nil)
    }

    @Test(.enabled(if: TestServer.enabled, TestServer.skipped)) func theContractAlsoRunsOnPostgreSQL() {
        #expect(StoreBackend.all == [.sqlite, .postgres])
    }

    @Test(arguments: StoreBackend.all) func oneEpisodePerURLAndText(_ backend: StoreBackend) async throws {
        try await Fixture.with(backend) { fixture async throws in
            let now = fixture.clock.date
            let first = try fixture.store.findOrInsert(id: Self.id(1), url: "https://a.example/x", digest: "", title: "X", sourceKind: nil,
                                                       text: nil, language: nil, now: now)
            let again = try fixture.store.findOrInsert(id: Self.id(2), url: "https://a.example/x", digest: "", title: nil, sourceKind: nil,
                                                       text: nil, language: nil, now: now)
            let text = try fixture.store.findOrInsert(id: Self.id(3), url: "https://a.example/x", digest: "d1", title: nil, sourceKind: "text",
                                                      text: "Some text.", language: "en", now: now)
            #expect(first.created && !again.created && text.created)
            #expect(again.episode.id == Self.id(1) && again.episode.status == .queued && again.episode.title == "X")
            #expect(try fixture.store.text(id: Self.id(3)) == "Some text.")
            #expect(try fixture.store.text(id: Self.id(1)) == nil)
            #expect(try fixture.store.episode(id: Self.id(3))?.sourceKind == "text")
            #expect(try fixture.store.episode(id: Self.id(9)) == nil)
        }
    }

    @Test(arguments: StoreBackend.all) func workersAskingForTheSameEpisodeAtOnceShareOne(_ backend: StoreBackend) async throws {
        try await Fixture.with(backend) { fixture async throws in
            let stores = try (0..<5).map { try fixture.worker($0).store }
            let now = fixture.clock.date
            let outcomes = await onThreads(stores.count) { index in
                try stores[index].findOrInsert(id: Self.id(100 + index), url: "https://same.example/", digest: "", title: nil,
                                               sourceKind: nil, text: nil, language: nil, now: now)
            }
            let found = try outcomes.map { try $0.get() }
            #expect(found.filter(\.created).count == 1)
            #expect(Set(found.map(\.episode.id)).count == 1)
            #expect(try fixture.store.episodes(limit: 10).count == 1)
        }
    }

    @Test(arguments: StoreBackend.all) func progressRunsTheEpisodeAndAFailureIsRetriedByAskingAgain(_ backend: StoreBackend) async throws {
        try await Fixture.with(backend) { fixture async throws in
            let now = fixture.clock.date
            try fixture.store.findOrInsert(id: Self.id(1), url: "marks-source://s", digest: "d", title: nil, sourceKind: "pdf",
                                           text: "old", language: nil, now: now)
            try fixture.store.progress(id: Self.id(1), stage: .synthesis, progress: 1.5, title: "Found title", now: now)
            let running = try #require(try fixture.store.episode(id: Self.id(1)))
            #expect(running.status == .running && running.stage == .synthesis && running.progress == 1 && running.title == "Found title")
            try fixture.store.fail(id: Self.id(1), error: "The voice failed.", now: now)
            #expect(try fixture.store.episode(id: Self.id(1))?.error == "The voice failed.")
            try fixture.store.progress(id: Self.id(1), stage: .encoding, progress: 0.5, title: nil, now: now)
            #expect(try fixture.store.episode(id: Self.id(1))?.status == .failed)  // a failed episode does not run again by itself
            let retried = try fixture.store.findOrInsert(id: Self.id(2), url: "marks-source://s", digest: "d", title: nil, sourceKind: "pdf",
                                                         text: "new", language: nil, now: now)
            #expect(retried.requeued && retried.episode.status == .queued && retried.episode.error == nil)
            #expect(try fixture.store.text(id: Self.id(1)) == "new")
        }
    }

    /// Any worker serves a done episode from its own podcast directory, byte for byte, whoever rendered it.
    @Test(arguments: StoreBackend.all) func aDoneEpisodesAudioReachesEveryWorker(_ backend: StoreBackend) async throws {
        try await Fixture.with(backend) { fixture async throws in
            let now = fixture.clock.date
            let audio = (0..<2_500_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }  // three chunks on PostgreSQL
            try fixture.store.findOrInsert(id: Self.id(1), url: "https://a.example/", digest: "", title: nil, sourceKind: nil,
                                           text: nil, language: nil, now: now)
            let elsewhere = try fixture.worker(1)
            #expect(try elsewhere.store.restoreAudio(id: Self.id(1), to: elsewhere.directory.appendingPathComponent("\(Self.id(1)).mp3")) == false)
            let rendered = try fixture.render(audio, id: Self.id(1), in: fixture.directory)
            try fixture.store.finish(id: Self.id(1), Self.finished(bytes: audio.count), audio: rendered, now: now)
            let done = try #require(try elsewhere.store.episode(id: Self.id(1)))
            #expect(done.status == .done && done.byteCount == audio.count && done.durationSeconds == 12.5 && done.voice == "espeak-ng")
            let copy = elsewhere.directory.appendingPathComponent(done.fileName)
            #expect(try elsewhere.store.restoreAudio(id: Self.id(1), to: copy))
            #expect(try [UInt8](Data(contentsOf: copy)) == audio)
            #expect(try elsewhere.store.restoreAudio(id: Self.id(1), to: copy))  // kept: asked again, nothing changes
        }
    }

    /// A job run again after its worker died renders the episode again: the last audio is the one kept, once.
    @Test(arguments: StoreBackend.all) func finishingAgainReplacesTheAudio(_ backend: StoreBackend) async throws {
        try await Fixture.with(backend) { fixture async throws in
            let now = fixture.clock.date
            try fixture.store.findOrInsert(id: Self.id(1), url: "https://a.example/", digest: "", title: nil, sourceKind: nil,
                                           text: nil, language: nil, now: now)
            let first = try fixture.render([UInt8](repeating: 1, count: 3_000_000), id: Self.id(1), in: fixture.directory)
            try fixture.store.finish(id: Self.id(1), Self.finished(bytes: 3_000_000), audio: first, now: now)
            let second = try fixture.render([UInt8](repeating: 2, count: 1_000), id: Self.id(1), in: fixture.directory)
            try fixture.store.finish(id: Self.id(1), Self.finished(bytes: 1_000), audio: second, now: now)
            let elsewhere = try fixture.worker(2)
            let copy = elsewhere.directory.appendingPathComponent("\(Self.id(1)).mp3")
            #expect(try elsewhere.store.restoreAudio(id: Self.id(1), to: copy))
            #expect(try [UInt8](Data(contentsOf: copy)) == [UInt8](repeating: 2, count: 1_000))
            #expect(try elsewhere.store.episode(id: Self.id(1))?.byteCount == 1_000)
        }
    }

    @Test(arguments: StoreBackend.all) func episodesAreListedNewestFirst(_ backend: StoreBackend) async throws {
        try await Fixture.with(backend) { fixture async throws in
            for n in 1...3 {
                try fixture.store.findOrInsert(id: Self.id(n), url: "https://a.example/\(n)", digest: "", title: nil, sourceKind: nil,
                                               text: nil, language: nil, now: fixture.clock.date)
                fixture.clock.advance(1)
            }
            #expect(try fixture.store.episodes(limit: 2).map(\.id) == [Self.id(3), Self.id(2)])
        }
    }
}
