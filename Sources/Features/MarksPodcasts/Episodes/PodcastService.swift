import CryptoPrimitives
import Foundation
import MarksCore
import MarksJobs
import SQLiteDatabase
import Synchronization
import SystemSupport

/// The backend's podcast generation: `generate` records an episode (or finds the one for the same URL and text)
/// and queues its `podcast.generate` job; the job fetches and reads the page (unless text was sent), builds the
/// narration script, and has the voice speak it into an MP3 (`EpisodeRenderer`) on the podcast thread — one
/// dedicated, low-priority thread, never Swift's cooperative pool. Progress moves 0…1 through the stages (fetch,
/// script, synthesis, encoding) in the episodes table, which a client polls. Jobs live in the job runner's table,
/// so one running when the server stopped runs again after the restart. A failure is recorded on the episode with
/// an error a person can act on; asking again for a failed episode retries it.
public final class PodcastService: Sendable {
    /// Reads the article at a URL (fetch + readable text), for requests without text.
    public typealias ReadArticle = @Sendable (URL) async throws -> NarrationSource
    /// The voice to speak with (resolved when a job first needs it: espeak-ng's languages come from running it).
    public typealias VoiceProvider = @Sendable () async throws -> any SpeechSynthesizer
    /// The configured voice and the local one behind it (resolved when a job first needs them).
    public typealias VoicesProvider = @Sendable () async throws -> PodcastVoices
    /// Asks the AI provider for a two-voice dialogue about the source: the model's answer, unchecked (the service
    /// checks it with `DialogueScriptBuilder`), or throws why there is none.
    public typealias WriteDialogue = @Sendable (NarrationSource) async throws -> String
    /// The cover for the page at a URL (its site's favicon, when a PNG or JPEG one is stored), or nil for the
    /// generated card.
    public typealias Cover = @Sendable (_ url: String) -> ID3Tag.Picture?

    /// The job kind's name.
    public static let jobKindName = "podcast.generate"
    /// The one thread episodes are rendered on (nice 10: requests win the cores).
    static let renderPool = WorkerPool(name: "podcast", threads: 1, niceness: 10)

    /// Where the episodes' MP3 files are (`<data>/podcasts/audio`).
    public let directory: URL
    /// The limits of a request.
    public let limits: PodcastLimits
    let store: any EpisodeRecords
    private let jobs: JobRunner
    private let voices: VoicesProvider
    private let dialogue: WriteDialogue?
    private let readArticle: ReadArticle
    private let cover: Cover
    private let now: @Sendable () -> Date
    private let maxSeconds: Double

    /// The service over `database` (its migrations applied), writing audio to `directory`, queueing on `jobs`.
    public convenience init(database: Database, directory: URL, jobs: JobRunner, voice: @escaping VoiceProvider,
                            readArticle: @escaping ReadArticle, cover: @escaping Cover = { _ in nil }, limits: PodcastLimits = PodcastLimits(),
                            maxSeconds: Double = 3 * 3600, now: @escaping @Sendable () -> Date = Date.init) throws {
        try self.init(database: database, directory: directory, jobs: jobs, voices: { PodcastVoices(primary: try await voice()) },
                      readArticle: readArticle, cover: cover, limits: limits, maxSeconds: maxSeconds, now: now)
    }

    /// The service speaking with `voices` (the configured voice, and the local one standing in when it fails), and
    /// — with `dialogue` — writing a two-voice dialogue through the AI provider, narration when that fails.
    public convenience init(database: Database, directory: URL, jobs: JobRunner, voices: @escaping VoicesProvider,
                            dialogue: WriteDialogue? = nil, readArticle: @escaping ReadArticle, cover: @escaping Cover = { _ in nil },
                            limits: PodcastLimits = PodcastLimits(), maxSeconds: Double = 3 * 3600,
                            now: @escaping @Sendable () -> Date = Date.init) throws {
        self.init(episodes: try PodcastStore(database: database), directory: directory, jobs: jobs, voices: voices, dialogue: dialogue,
                  readArticle: readArticle, cover: cover, limits: limits, maxSeconds: maxSeconds, now: now)
    }

    /// The service keeping its episodes in `episodes` (SQLite, or PostgreSQL shared by every worker); `directory` is
    /// this process's podcast directory (where episodes are rendered, and a worker's copies of others' are kept).
    public init(episodes: any EpisodeRecords, directory: URL, jobs: JobRunner, voices: @escaping VoicesProvider, dialogue: WriteDialogue? = nil,
                readArticle: @escaping ReadArticle, cover: @escaping Cover = { _ in nil }, limits: PodcastLimits = PodcastLimits(),
                maxSeconds: Double = 3 * 3600, now: @escaping @Sendable () -> Date = Date.init) {
        store = episodes
        self.directory = directory
        self.jobs = jobs
        self.voices = voices
        self.dialogue = dialogue
        self.readArticle = readArticle
        self.cover = cover
        self.limits = limits
        self.maxSeconds = maxSeconds
        self.now = now
    }

    /// Records the episode `request` asks for (or finds the existing one for its URL and text) and queues its job
    /// unless it is already queued, running or done. Throws `PodcastError.invalid` for a request over the limits.
    public func generate(_ request: PodcastRequest) async throws -> PodcastEpisode {
        let url = request.url.trimmingCharacters(in: .whitespacesAndNewlines)
        let text = request.text.flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 }
        try limits.check(url: url, title: request.title, text: text, sourceKind: request.sourceKind)
        let digest = text.map { SHA256.hex($0) } ?? ""
        let id = UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        let trimmedTitle = request.title.trimmingCharacters(in: .whitespacesAndNewlines)
        let title = trimmedTitle.isEmpty ? nil : trimmedTitle
        let language = request.language.map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : String($0.prefix(35)) }
        let found = try store.findOrInsert(id: id, url: url, digest: digest, title: title, sourceKind: request.sourceKind,
                                           text: text, language: language, now: now())
        if found.created || found.requeued || found.episode.status == .queued {
            try await jobs.enqueue(JobRequest(kind: Self.jobKindName, key: found.episode.id, payload: Payload(episode: found.episode.id),
                                              priority: request.priority))
        }
        return found.episode
    }

    /// The episode with job id `id`.
    public func episode(id: String) throws -> PodcastEpisode? {
        guard id.count == 32, id.allSatisfy(\.isHexDigit) else { return nil }
        return try store.episode(id: id.lowercased()).map(settled)
    }

    /// Episodes, newest first.
    public func episodes(limit: Int = 500) throws -> [PodcastEpisode] {
        try store.episodes(limit: max(1, limit)).map(settled)
    }

    /// The episode, failed with its job's last error when the runner gave its job up (dead-lettered after the
    /// last attempt, e.g. a process that died mid-render every time): a queued or running episode whose job failed
    /// would otherwise say `running` for ever.
    func settled(_ episode: PodcastEpisode) throws -> PodcastEpisode {
        guard episode.status == .queued || episode.status == .running else { return episode }
        let job: Job?
        do {
            job = try jobs.store.jobs(kind: Self.jobKindName, key: episode.id, limit: 1).first
        } catch {
            throw PodcastError.storage("\(error)")
        }
        // A job given up before the episode was asked for again is an old one: the new job is on its way.
        guard let job, job.state == .failed, (job.finishedAt ?? job.updatedAt) >= episode.updatedAt else { return episode }
        let reason = "The episode could not be made: \(job.lastError ?? "its job failed") (asking for it again retries)."
        try store.fail(id: episode.id, error: reason, now: now())
        return try store.episode(id: episode.id) ?? episode
    }

    /// Where this process keeps the MP3 of an episode.
    public func audioFile(for episode: PodcastEpisode) -> URL {
        directory.appendingPathComponent(episode.fileName)
    }

    /// The MP3 of a done episode in this process's podcast directory, copied there from the store first when another
    /// worker made it; nil when its audio is gone.
    public func localAudio(for episode: PodcastEpisode) throws -> URL? {
        let file = audioFile(for: episode)
        return try store.restoreAudio(id: episode.id, to: file) ? file : nil
    }

    /// The `podcast.generate` kind, to register on the runner: one episode at a time.
    public func jobKind() -> JobKind {
        JobKind(Self.jobKindName, concurrency: 1, retry: .job(maxAttempts: 3)) { [self] context in
            try await run(context)
        }
    }

    struct Payload: Codable {
        var episode: String
    }

    /// One run of a job: the whole episode, from the page to the file. Failures end on the episode (the job is done);
    /// a cancelled run (the server stopping) goes back to the queue and starts over next time.
    func run(_ context: JobContext) async throws {
        let id = try context.payload(as: Payload.self).episode
        guard let episode = try store.episode(id: id), episode.status != .done else { return }
        removeLeftovers(of: episode)
        do {
            do {
                try await make(episode, context: context)
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                if context.isCancelled { throw CancellationError() }
                try store.fail(id: id, error: Self.message(for: error), now: now())
            }
        } catch {
            // What escapes (a cancellation nobody asked for, the failure not stored) fails the attempt; on the last
            // one the episode must say so rather than stay running.
            if !context.isCancelled, context.job.attempts >= context.job.maxAttempts {
                do {
                    try store.fail(id: id, error: "The episode could not be made: \(Self.message(for: error))", now: now())
                } catch {}  // the database itself fails: `settled` records it from the dead job on the next read
            }
            throw error
        }
    }

    private func make(_ episode: PodcastEpisode, context: JobContext) async throws {
        let id = episode.id
        try report(id, .fetch, 0.01, context: context)
        var source: NarrationSource
        if let text = try store.text(id: id) {
            source = NarrationSource(title: episode.title, origin: origin(of: episode), language: episode.language,
                                     blocks: PlainTextBlocks.blocks(from: text))
        } else {
            guard let url = URL(string: episode.url) else { throw PodcastError.invalid("The url is not an address to fetch.") }
            source = try await readArticle(url)
            if let title = episode.title { source.title = title }
        }
        try context.checkCancellation()
        try report(id, .script, 0.05, context: context)
        guard let narration = NarrationScriptBuilder.script(for: source) else {
            throw PodcastError.noReadableText(episode.textDigest.isEmpty ? "the page has no article text" : "the text has nothing to speak")
        }
        let (script, scriptNote) = await self.script(for: source, narration: narration, context: context)
        try context.checkCancellation()
        let chosen = try await voices()
        var (speaker, language, voiceNote) = try Self.speaker(for: script.language, in: chosen)
        let site: String
        switch source.origin {
        case .article(let host): site = host
        case .source: site = "marks"
        }
        let picture = try cover(episode.url) ?? CoverCard.picture(for: site)
        try report(id, .synthesis, 0.1, title: script.title, context: context)
        let rendered: RenderedEpisode
        do {
            rendered = try await render(script, with: speaker, language: language, cover: picture, episode: episode, context: context)
        } catch PodcastError.voice(let failure) where !context.isCancelled {
            // The configured voice failed (a provider's 401/429/500, garbage, a hang): the local voice speaks the whole
            // episode again — one voice from start to end — and the episode says so.
            guard let fallback = chosen.fallback, fallback.voice != speaker.voice, let local = fallback.language(for: script.language) else {
                throw PodcastError.voice(failure)
            }
            let reason: String = if case .failed(let reason) = failure { reason } else { failure.description }
            voiceNote = Self.join(voiceNote, "The \(speaker.voice.name) voice failed (\(reason)); \(fallback.voice.name) spoke this episode instead.")
            speaker = fallback
            language = local
            try report(id, .synthesis, 0.1, context: context)
            rendered = try await render(script, with: speaker, language: language, cover: picture, episode: episode, context: context)
        }
        try store.finish(id: id, FinishedEpisode(duration: rendered.durationSeconds, bytes: rendered.bytes, voice: speaker.voice.name,
                                                      language: language, wasCut: rendered.wasCut, voiceNote: voiceNote,
                                                      scriptKind: script.kind.rawValue, scriptNote: scriptNote),
                         audio: audioFile(for: episode), now: now())
    }

    /// The voice and language for a text in `tag`: the configured voice when it speaks the language, else the local
    /// voice when it does (and a note says so); neither: `noVoice`, naming what the voices speak.
    static func speaker(for tag: String?, in voices: PodcastVoices) throws -> (any SpeechSynthesizer, String, String?) {
        if let language = voices.primary.language(for: tag) { return (voices.primary, language, voices.note) }
        if let fallback = voices.fallback, let language = fallback.language(for: tag) {
            let note = "The \(voices.primary.voice.name) voice does not speak \"\(tag ?? "")\"; \(fallback.voice.name) spoke it in \(language)."
            return (fallback, language, join(voices.note, note))
        }
        var available = voices.primary.voice.languages
        for language in voices.fallback?.voice.languages ?? [] where !available.contains(language) { available.append(language) }
        throw PodcastError.voice(.noVoice(language: tag ?? "", available: available))
    }

    /// The script to speak: the dialogue when one is configured and the provider's answer passes every check, else
    /// the narration — with a note saying why when a dialogue was asked for and not used.
    private func script(for source: NarrationSource, narration: NarrationScript, context: JobContext) async -> (NarrationScript, String?) {
        guard let dialogue else { return (narration, nil) }
        do {
            let answer = try await dialogue(source)
            switch DialogueScriptBuilder.script(fromAnswer: answer, source: source, narration: narration) {
            case .success(let script): return (script, nil)
            case .failure(let rejection): return (narration, "The dialogue was not used (\(rejection)); this episode is the narration.")
            }
        } catch {
            if context.isCancelled { return (narration, nil) }
            return (narration, "The dialogue could not be written (\(error)); this episode is the narration.")
        }
    }

    private func render(_ script: NarrationScript, with speaker: any SpeechSynthesizer, language: String, cover picture: ID3Tag.Picture,
                        episode: PodcastEpisode, context: JobContext) async throws -> RenderedEpisode {
        let id = episode.id
        var configured = EpisodeRenderer(voice: speaker)
        configured.maxSeconds = maxSeconds
        let renderer = configured
        let destination = audioFile(for: episode)
        let store = self.store
        let clock = now
        return try await Self.renderPool.run {
            let last = Mutex((fraction: 0.0, at: Date.distantPast))
            return try renderer.render(script, language: language, cover: picture, to: destination,
                                       isCancelled: { WorkerPool.isCancelled }) { fraction, _ in
                let stamp = clock()
                let due = last.withLock { last -> Double? in
                    // A voice's estimate of its share done can dip: what is shown never goes back.
                    let fraction = max(fraction, last.fraction)
                    guard fraction >= 1 || fraction - last.fraction >= 0.02 || stamp.timeIntervalSince(last.at) >= 1 else { return nil }
                    last = (fraction, stamp)
                    return fraction
                }
                guard let fraction = due else { return }
                let stage: PodcastEpisode.Stage = fraction >= 1 ? .encoding : .synthesis
                let overall = 0.1 + 0.88 * fraction
                // A progress row that cannot be written is not worth failing the episode for; the next one may land.
                do { try store.progress(id: id, stage: stage, progress: overall, title: nil, now: stamp) } catch {}
                context.report(JobProgress(fraction: overall, text: "\(stage.rawValue): \(script.title)"))
            }
        }
    }

    private static func join(_ first: String?, _ second: String) -> String {
        first.map { "\($0) \(second)" } ?? second
    }

    private func report(_ id: String, _ stage: PodcastEpisode.Stage, _ progress: Double, title: String? = nil, context: JobContext) throws {
        try store.progress(id: id, stage: stage, progress: progress, title: title, now: now())
        context.report(JobProgress(fraction: progress, text: stage.rawValue))
    }

    private func origin(of episode: PodcastEpisode) -> NarrationSource.Origin {
        if let url = URL(string: episode.url), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" {
            return .article(site: PodcastArticle.site(of: url))
        }
        return .source(kind: episode.sourceKind ?? "text")
    }

    /// Temp files a stopped run left for this episode.
    private func removeLeftovers(of episode: PodcastEpisode) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            return  // no directory yet: nothing left over
        }
        for name in names where name.hasPrefix(".\(episode.fileName).") && name.hasSuffix(".tmp") {
            do { try FileManager.default.removeItem(at: directory.appendingPathComponent(name)) } catch {}  // retried next run
        }
    }

    /// The sentence stored on a failed episode.
    static func message(for error: any Error) -> String {
        switch error {
        case let error as PodcastError: error.description
        case let error as SpeechError: error.description
        case let error as CustomStringConvertible: "The page could not be read: \(error.description)"
        default: "The episode failed: \(error)"
        }
    }
}
