import Foundation
import MarksCore
import MarksJobs
import MarksDocuments

/// Makes podcasts for the library (the seeds' `PodcastGenerationManager`): resolves an item (a bookmark, a URL, a
/// source's text), asks the backend for it, polls the job, fetches the audio into `<data>/podcasts/<key>.mp3`,
/// and keeps the `PodcastEpisodes` (state and progress visible while it is made) and the widget file up to date.
/// `playOrGenerate` follows the seeds' rule — ready: play; player idle: make it now, then play; player busy: make
/// it in the background — and background generation is the `podcast.library` job kind, which polls by postponing
/// itself every `pollInterval` (so it survives restarts and holds no worker while it waits). The share queue's
/// drain hands its requests here (`consumer`).
public final class PodcastGenerationManager: Sendable {
    /// The background kind's name.
    public static let jobKindName = "podcast.library"

    public let library: PodcastLibrary
    let backend: any PodcastGenerator
    let sources: DocumentLibrary?
    let enqueue: @Sendable (JobRequest) async throws -> Void
    /// How long between two looks at a job's status.
    public let pollInterval: Duration
    let sleep: @Sendable (Duration) async throws -> Void
    /// The stage each episode's job last reported (for progress lines; not stored).
    let lastStage = StageMemo()

    /// A manager over `library`, asking `backend`; bookmarks are read from the library's bookmark library, sources
    /// from `sources` (either nil: such items are refused), background jobs go through `enqueue` (the runner's).
    public init(library: PodcastLibrary, backend: any PodcastGenerator, sources: DocumentLibrary?,
                enqueue: @escaping @Sendable (JobRequest) async throws -> Void, pollInterval: Duration = .seconds(3),
                sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }) {
        self.library = library
        self.backend = backend
        self.sources = sources
        self.enqueue = enqueue
        self.pollInterval = pollInterval
        self.sleep = sleep
    }

    var index: PodcastEpisodes { library.index }

    // MARK: The seeds' rule

    /// Plays or makes the item's episode: ready → `.play`; otherwise, with the player idle, makes it now (reporting
    /// each step to `progress`) and then `.play(generated: true)`; with the player busy, `.queued` in the background.
    /// A made episode that failed throws its reason.
    public func playOrGenerate(_ item: PodcastItem, playerBusy: Bool,
                               progress: @escaping @Sendable (PodcastGenerationProgress) -> Void = { _ in }) async throws -> PodcastPlayDecision {
        let resolved = try await resolve(item)
        if let entry = try index.entry(url: resolved.url), entry.state == .ready, hasAudio(entry) {
            return .play(entry, generated: false)
        }
        if playerBusy { return .queued(try await generateInBackground(resolved)) }
        return .play(try await generate(resolved, progress: progress), generated: true)
    }

    // MARK: Generation

    /// Makes the episode now: asks for it (at foreground priority: a person waits), then polls until it is ready
    /// (returned) or failed (thrown as `PodcastIndexError.invalid` with the backend's reason). `progress` sees the
    /// entry after every poll.
    public func generate(_ item: PodcastItem, progress: @escaping @Sendable (PodcastGenerationProgress) -> Void = { _ in }) async throws -> PodcastEntry {
        try await generate(try await resolve(item), progress: progress)
    }

    /// `generate` for an item already resolved.
    public func generate(_ resolved: ResolvedPodcastItem, progress: @escaping @Sendable (PodcastGenerationProgress) -> Void = { _ in }) async throws -> PodcastEntry {
        var entry = try await start(resolved, priority: JobPriority.foreground)
        progress(PodcastGenerationProgress(entry: entry, stage: lastStage.value(for: entry.key)))
        while entry.state == .queued || entry.state == .generating {
            try await sleep(pollInterval)
            entry = try await refresh(key: entry.key, priority: JobPriority.foreground)
            progress(PodcastGenerationProgress(entry: entry, stage: lastStage.value(for: entry.key)))
        }
        if entry.state == .failed { throw PodcastIndexError.invalid(entry.error ?? "The episode could not be made.") }
        return entry
    }

    /// Asks for the episode (at background priority: a device's request on the same backend goes first) and queues
    /// the background job that follows it to the end; returns the entry as it is.
    @discardableResult
    public func generateInBackground(_ item: PodcastItem) async throws -> PodcastEntry {
        try await generateInBackground(try await resolve(item))
    }

    /// `generateInBackground` for an item already resolved (the web app's row action passes what it shows).
    @discardableResult
    public func generateInBackground(_ resolved: ResolvedPodcastItem) async throws -> PodcastEntry {
        let entry = try await start(resolved, priority: JobPriority.background)
        if entry.state == .queued || entry.state == .generating {
            try await enqueue(JobRequest(kind: Self.jobKindName, key: entry.key, payload: Payload(key: entry.key)))
        }
        return entry
    }

    /// Records the episode in the index and asks the backend for it at `priority` (`JobPriority`; the same item again
    /// finds the same entry and, on the backend, the same job). A ready episode whose file is gone is made again. An
    /// episode asked for in the background and still queued is asked for again at foreground priority, which raises
    /// its job's.
    public func start(_ resolved: ResolvedPodcastItem, priority: Int) async throws -> PodcastEntry {
        let begun = try index.begin(url: resolved.url, bookmarkID: resolved.bookmarkID, sourceID: resolved.sourceID,
                                    title: resolved.title, site: resolved.site, now: library.now())
        var entry = begun.entry
        if entry.state == .ready {
            guard !hasAudio(entry) else { return entry }
            entry = try index.requeue(key: entry.key, now: library.now())
        }
        let raise = priority > JobPriority.background && entry.state == .queued
        if entry.jobID != nil && !begun.started && !raise { return entry }
        return try await ask(resolved, key: entry.key, priority: priority)
    }

    /// One look at the episode's job: records its progress, its failure, or — once done — fetches the audio and
    /// records it ready (chapters read from the file's ID3 tag). An entry without a job (a restart between the two
    /// writes) or whose job the backend forgot is asked for again, at `priority`.
    @discardableResult
    public func refresh(key: String, priority: Int) async throws -> PodcastEntry {
        guard let entry = try index.entry(key: key) else { throw PodcastIndexError.notFound(key) }
        guard entry.state == .queued || entry.state == .generating else { return entry }
        guard let jobID = entry.jobID else { return try await ask(try await resolve(entry), key: key, priority: priority) }
        let status: PodcastJobStatus
        do {
            status = try await backend.status(jobID: jobID)
        } catch PodcastGenerationError.unknownJob {
            return try await ask(try await resolve(entry), key: key, priority: priority)
        }
        return try await record(status, key: key)
    }

    private func ask(_ resolved: ResolvedPodcastItem, key: String, priority: Int) async throws -> PodcastEntry {
        let status = try await backend.generate(resolved.request(priority: priority))
        return try await record(status, key: key)
    }

    private func record(_ status: PodcastJobStatus, key: String) async throws -> PodcastEntry {
        lastStage.set(status.status == .done ? "download" : status.stage, for: key)
        let now = library.now()
        switch status.status {
        case .queued:
            return try index.recordProgress(key: key, jobID: status.jobID, state: .queued, progress: status.progress, now: now)
        case .running:
            return try index.recordProgress(key: key, jobID: status.jobID, state: .generating, progress: status.progress,
                                            title: status.title, now: now)
        case .failed:
            _ = try index.recordProgress(key: key, jobID: status.jobID, state: .generating, progress: status.progress, now: now)
            return try index.recordFailure(key: key, error: status.error ?? "The backend could not make the episode.", now: now)
        case .done:
            _ = try index.recordProgress(key: key, jobID: status.jobID, state: .generating, progress: 0.99, now: now)
            guard let entry = try index.entry(key: key) else { throw PodcastIndexError.notFound(key) }
            let file = library.audioFile(for: entry)
            let bytes = try await backend.download(jobID: status.jobID, to: file)
            let chapters = Self.chapters(of: file)
            let duration = status.durationSeconds ?? 0
            let ready = try index.recordReady(key: key, byteCount: bytes, durationSeconds: duration, chapters: chapters,
                                              voice: status.voice, title: status.title, now: library.now())
            try library.writeWidgets()
            return ready
        }
    }

    /// The chapters in the head of an MP3 (its ID3 tag), none when it cannot be read.
    static func chapters(of file: URL) -> [PodcastEntry.Chapter] {
        guard let handle = FileHandle(forReadingAtPath: file.path) else { return [] }
        defer {
            do { try handle.close() } catch {}  // a read-only handle: closing cannot lose anything
        }
        do {
            guard let head = try handle.read(upToCount: 10), let size = ID3Tag.tagSize(head), size <= 8 * 1024 * 1024 else { return [] }
            try handle.seek(toOffset: 0)
            guard let tag = try handle.read(upToCount: size) else { return [] }
            return ID3Tag.chapters(in: tag).map { PodcastEntry.Chapter(title: $0.title, start: Double($0.startMilliseconds) / 1000) }
        } catch {
            return []  // chapters are a nicety: an unreadable tag leaves the episode without them
        }
    }

    func hasAudio(_ entry: PodcastEntry) -> Bool {
        PodcastFiles.size(of: library.audioFile(for: entry)) != nil
    }

    // MARK: Items

    /// What the backend needs for an item: a bookmark's URL and title (from the library), a source's full text and
    /// kind (from the sources library).
    public func resolve(_ item: PodcastItem) async throws -> ResolvedPodcastItem {
        switch item {
        case .bookmark(let id):
            guard let bookmarks = library.bookmarkLibrary else { throw PodcastGenerationError.invalidItem("Bookmarks cannot be read here.") }
            let bookmark: Bookmark
            do {
                bookmark = try await bookmarks.bookmark(id: id)
            } catch {
                throw PodcastGenerationError.invalidItem("Bookmark \(id) could not be read: \(error)")
            }
            return ResolvedPodcastItem(url: bookmark.url, title: bookmark.title,
                                       site: bookmark.domain, bookmarkID: id)
        case .url(let url, let title):
            let trimmed = url.trimmingCharacters(in: .whitespacesAndNewlines)
            guard URLNormalizer.isValidWebURL(trimmed, allowDotlessHosts: true), let host = URL(string: trimmed)?.host else {
                throw PodcastGenerationError.invalidItem("A podcast needs an http(s) address, not '\(url.prefix(200))'.")
            }
            let known = try index.entry(url: trimmed)
            return ResolvedPodcastItem(url: trimmed, title: title ?? known?.title ?? "", site: Self.site(host), bookmarkID: known?.bookmarkID)
        case .source(let id):
            guard let sources else { throw PodcastGenerationError.invalidItem("Sources cannot be read here.") }
            let source: StoredDocument
            do {
                source = try sources.source(id: id)
            } catch {
                throw PodcastGenerationError.invalidItem("Source \(id.uuidString.lowercased()) could not be read: \(error)")
            }
            guard let text = source.podcastText else { throw PodcastGenerationError.noText(source.summary.title) }
            // The site is the source's own file name (an upload has no web site), else none: never the app's name.
            return ResolvedPodcastItem(url: source.summary.url, title: source.summary.title, site: source.summary.originalFilename ?? "",
                                       sourceID: id.uuidString.lowercased(), text: text, sourceKind: source.summary.kind.rawValue)
        }
    }

    /// The item an entry was made from.
    func resolve(_ entry: PodcastEntry) async throws -> ResolvedPodcastItem {
        if let sourceID = entry.sourceID, let uuid = UUID(uuidString: sourceID) { return try await resolve(.source(id: uuid)) }
        var resolved = try await resolve(.url(entry.url, title: entry.title))
        resolved.bookmarkID = entry.bookmarkID
        return resolved
    }

    static func site(_ host: String) -> String {
        let lower = host.lowercased()
        return lower.hasPrefix("www.") ? String(lower.dropFirst(4)) : lower
    }

    struct Payload: Codable {
        var key: String
    }
}
