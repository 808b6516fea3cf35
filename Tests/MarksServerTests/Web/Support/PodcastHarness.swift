import Foundation
import MarksJobs
import MarksPodcasts
import MarksReading
import MP3Encoding
@testable import MarksServer
import SQLiteDatabase
import Synchronization
import MarksTestSupport

/// A web harness with a real podcast library (its own `marks.sqlite`, audio files in `podcasts/`) and the real
/// generation manager, whose bookmarks are the harness's, so finishing an episode marks a real bookmark read. The
/// backend is a local stand-in speaking the real shapes (`PodcastGenerator`): a job runs for `steps` status calls, then
/// its audio is a real MP3 made by LAME here (a tone, with the LAME/Xing tag). The manager's `podcast.library` job kind
/// is registered on the harness's runner (tests run it with `runUntilIdle()` or start it).
struct PodcastHarness {
    let web: WebHarness
    let manager: PodcastGenerationManager
    let backend: ToneBackend
    let directory: URL

    var podcasts: PodcastLibrary { manager.library }

    static func make(seed: Int = 3, options: WebOptions = WebOptions(undoSeconds: 6, pageSize: 50, timeZone: TimeZone(secondsFromGMT: 0) ?? .current),
                     seconds: Double = 12, steps: Int = 2, pollInterval: Duration = .milliseconds(200),
                     reader: (@Sendable (String) async throws -> ReadableArticle)? = nil) async throws -> PodcastHarness {
        let directory = TemporaryDirectory.reserve(prefix: "marks-web-podcasts")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("podcasts"), withIntermediateDirectories: true)
        let database = try Database(path: directory.appendingPathComponent("marks.sqlite").path)
        let index = try PodcastEpisodes(database: database)
        let backend = ToneBackend(seconds: seconds, steps: steps)
        let runner = Mutex<JobRunner?>(nil)
        var made: PodcastGenerationManager?
        let web = try await WebHarness.make(seed: 0, options: options, prepare: { source in
            try await source.seed(seed, unread: { _ in true })
        }, reader: reader, configure: { library, widgets, options in
            let podcasts = PodcastLibrary(index: index, directory: directory.appendingPathComponent("podcasts"), library: library,
                                          widgets: widgets, now: { Date() })
            let manager = PodcastGenerationManager(library: podcasts, backend: backend, sources: nil, enqueue: { request in
                guard let jobs = runner.withLock({ $0 }) else { return }
                _ = try await jobs.enqueue(request)
            }, pollInterval: pollInterval)
            made = manager
            options.podcastManager = manager
        })
        guard let manager = made else { throw Failure(description: "the harness made no podcast manager") }
        runner.withLock { $0 = web.jobs }
        await web.jobs.register(manager.jobKind())
        return PodcastHarness(web: web, manager: manager, backend: backend, directory: directory)
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    func cleanUp() {
        web.cleanUp()
        do { try FileManager.default.removeItem(at: directory) } catch {} // a temp dir left behind does not fail a test
    }

    /// A ready episode of `url` (a bookmark's when `bookmarkID` is given): `seconds` of a tone as a real MP3.
    @discardableResult
    func readyEpisode(url: String, bookmarkID: Int? = nil, title: String, seconds: Double = 12,
                      chapters: [PodcastEntry.Chapter] = []) throws -> PodcastEntry {
        let entry = try podcasts.index.begin(url: url, bookmarkID: bookmarkID, sourceID: nil, title: title, site: "example.com", now: Date()).entry
        return try makeReady(entry.key, seconds: seconds, chapters: chapters)
    }

    /// Writes the episode's MP3 and records it ready.
    @discardableResult
    func makeReady(_ key: String, seconds: Double = 12, chapters: [PodcastEntry.Chapter] = []) throws -> PodcastEntry {
        let bytes = try Self.tone(seconds: seconds)
        guard let entry = try podcasts.episode(key: key) else { throw Failure(description: "no episode \(key)") }
        try Data(bytes).write(to: podcasts.audioFile(for: entry))
        return try podcasts.index.recordReady(key: key, byteCount: bytes.count, durationSeconds: seconds, chapters: chapters,
                                              voice: "test tone", now: Date())
    }

    /// A mono 22.05 kHz 64 kbit/s CBR MP3 of a quiet 440 Hz tone, `seconds` long, with its LAME/Xing tag.
    static func tone(seconds: Double) throws -> [UInt8] {
        let rate = 22_050
        let encoder = try MP3Encoder(sampleRate: rate, bitrate: 64)
        let count = Int(seconds * Double(rate))
        var samples = [Int16](repeating: 0, count: count)
        for i in 0..<count { samples[i] = Int16(3000 * sin(2 * Double.pi * 440 * Double(i) / Double(rate))) }
        var bytes: [UInt8] = []
        for start in stride(from: 0, to: count, by: 4096) {
            bytes += try encoder.encode(Array(samples[start..<min(count, start + 4096)]))
        }
        bytes += try encoder.finish()
        let info = try encoder.infoTagFrame()
        bytes.replaceSubrange(0..<info.count, with: info)
        return bytes
    }
}

/// The podcast backend as a local stand-in: each job is `running` for `steps` status calls (progress rising), then
/// `done`, and its audio is a tone MP3 `seconds` long. The same URL returns the same job, as the real backend does.
final class ToneBackend: PodcastGenerator {
    private struct Job {
        var url: String
        var title: String?
        var calls: Int
    }

    private let jobs = Mutex<[String: Job]>([:])
    let seconds: Double
    let steps: Int

    init(seconds: Double, steps: Int) {
        self.seconds = seconds
        self.steps = steps
    }

    /// The URLs asked for, once each.
    var asked: [String] { jobs.withLock { $0.values.map(\.url).sorted() } }

    func generate(_ request: PodcastGenerationRequest) async throws -> PodcastJobStatus {
        let id = "job-" + PodcastEntry.key(for: request.url)
        jobs.withLock { if $0[id] == nil { $0[id] = Job(url: request.url, title: request.title, calls: 0) } }
        return PodcastJobStatus(jobID: id, status: .queued, progress: 0, title: request.title)
    }

    func status(jobID: String) async throws -> PodcastJobStatus {
        let job = jobs.withLock { all -> Job? in
            all[jobID]?.calls += 1
            return all[jobID]
        }
        guard let job else { throw PodcastGenerationError.unknownJob(jobID) }
        if job.calls > steps {
            return PodcastJobStatus(jobID: jobID, status: .done, progress: 1, title: job.title, durationSeconds: seconds, voice: "test tone")
        }
        return PodcastJobStatus(jobID: jobID, status: .running, progress: Double(job.calls) / Double(steps + 1), title: job.title,
                                stage: "synthesis")
    }

    func download(jobID: String, to destination: URL) async throws -> Int {
        let bytes = try PodcastHarness.tone(seconds: seconds)
        try Data(bytes).write(to: destination, options: .atomic)
        return bytes.count
    }
}
