import Foundation
import MarksCore
import MarksJobs
import SystemSupport

/// The podcast requests the share flow and a source's Podcast action leave for `marks serve`: each is one
/// `podcast.request` job on the one job runner (its payload the `PodcastRequest`, its key the normalized URL), so a
/// URL waits or runs at most once; the runner hands it to the consumer (`jobKind(consumer:)`), retries a failed
/// hand-over with the kind's backoff and dead-letters it after the last attempt. `marks podcast queue` lists the jobs
/// as requests; `marks podcast drain` runs the due ones in the foreground.
public struct PodcastRequests: Sendable {
    /// The job kind of one request.
    public static let jobKindName = "podcast.request"
    /// The kind's attempts and backoff: five tries over about eight minutes.
    public static let retry = RetryPolicy.job(maxAttempts: 5, baseDelay: .seconds(30), maximumDelay: .seconds(3600))

    /// The runner the requests are queued on (and, in `marks serve`, handed over by).
    public let jobs: JobRunner
    /// Where the old file queue kept what it could not read (`<data>/podcast_requests/quarantine`): kept and listed.
    public let quarantineDirectory: URL
    let dataDirectory: URL
    let now: @Sendable () -> Date
    private let makeID: @Sendable () -> String

    /// The requests on `jobs`, for the data directory `dataDirectory`; time from `now`, new ids from `makeID` (letters,
    /// digits and `-`).
    public init(jobs: JobRunner, dataDirectory: URL, now: @escaping @Sendable () -> Date,
                makeID: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() }) {
        self.jobs = jobs
        self.dataDirectory = dataDirectory
        quarantineDirectory = PodcastRequestFileMigration.quarantineDirectory(in: dataDirectory)
        self.now = now
        self.makeID = makeID
    }

    /// Queues a podcast for a URL (a source's `marks-source://<uuid>` with its `text` and `sourceKind`). When a request
    /// for the same URL already waits or runs, that one is returned and nothing is added (`queued` false).
    public func enqueue(url: String, title: String, bookmarkID: Int?, trigger: PodcastRequest.Trigger,
                        matchedTag: String? = nil, text: String? = nil, sourceKind: String? = nil) async throws -> (request: PodcastRequest, queued: Bool) {
        let trimmed = url.trimmingCharacters(in: .whitespacesAndNewlines)
        guard URLNormalizer.isValidWebURL(trimmed, allowDotlessHosts: true) || trimmed.lowercased().hasPrefix("marks-source://"),
              trimmed.utf8.count <= 4096 else { throw PodcastQueueError.invalidURL(trimmed) }
        let key = URLNormalizer.normalize(trimmed)
        if let existing = try jobs.store.jobs(states: [.queued, .running], kind: Self.jobKindName, key: key, limit: 1).first {
            return (Self.request(of: existing), false)
        }
        let id = makeID()
        guard PodcastRequest.isValidID(id) else { throw PodcastQueueError.invalidID(id) }
        let request = PodcastRequest(id: id, url: trimmed, title: String(title.prefix(1000)), bookmarkID: bookmarkID,
                                     trigger: trigger, matchedTag: matchedTag, createdAt: now(), text: text, sourceKind: sourceKind)
        let job = try await jobs.enqueue(try Self.job(for: request))
        return (Self.request(of: job), true)
    }

    /// Every request that waits, runs or was given up on (oldest first), and the old queue's unreadable files.
    public func list() throws -> PodcastQueueListing {
        let all = try jobs.store.jobs(states: [.queued, .running, .failed], kind: Self.jobKindName, limit: 100_000)
            .map { (job: $0, request: Self.request(of: $0)) }
            .sorted { ($0.request.createdAt, $0.job.id) < ($1.request.createdAt, $1.job.id) }
        return PodcastQueueListing(pending: all.filter { $0.job.state == .queued }.map(\.request),
                                   processing: all.filter { $0.job.state == .running }.map(\.request),
                                   failed: all.filter { $0.job.state == .failed }.map(\.request),
                                   quarantined: try PodcastRequestFileMigration.quarantined(in: dataDirectory),
                                   newlyQuarantined: [])
    }

    /// Queues the given-up requests again with a fresh attempt count; returns how many.
    public func retryFailed() throws -> Int {
        var count = 0
        for job in try jobs.store.jobs(states: [.failed], kind: Self.jobKindName, limit: 100_000) {
            try jobs.store.retryFailed(id: job.id, now: now())
            count += 1
        }
        return count
    }

    /// Moves what the old file queue left in the data directory into jobs, once (see `PodcastRequestFileMigration`).
    @discardableResult
    public func migrateFiles() throws -> PodcastRequestFileMigration.Outcome {
        try PodcastRequestFileMigration.run(dataDirectory: dataDirectory, store: jobs.store, now: now())
    }

    // MARK: Jobs and requests

    /// The job of a new request.
    static func job(for request: PodcastRequest) throws -> JobRequest {
        try JobRequest(kind: jobKindName, key: URLNormalizer.normalize(request.url), payload: request, maxAttempts: retry.maxAttempts)
    }

    /// The request a job carries, with the job's attempts, run-after and last error. A payload that cannot be read
    /// (never written by this code) is shown as a request for the job's key with the reason as its last error.
    static func request(of job: Job) -> PodcastRequest {
        var request: PodcastRequest
        do {
            request = try job.payload(as: PodcastRequest.self)
            request.lastError = job.lastError
        } catch {
            request = PodcastRequest(id: "job-\(job.id)", url: job.key, title: "", bookmarkID: nil, trigger: .requested,
                                     createdAt: job.createdAt)
            request.lastError = job.lastError ?? "\(error)"
        }
        request.attempts = job.attempts
        request.nextAttemptAt = job.runAfter
        return request
    }
}
