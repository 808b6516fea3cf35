import Foundation
import MarksJobs

/// The backend's podcast generation as the client side uses it (`/v1/podcast/generate|status|audio`): ask for an
/// episode, read where its job is, and fetch its audio into a file. Two implementations: in process over the
/// backend's `PodcastService` (the shell, which sees both modules; the download is a hard link or a copy) and
/// `RemotePodcastGenerator` over HTTP when the backend is elsewhere.
public protocol PodcastGenerator: Sendable {
    /// Asks for an episode; the same URL and text returns the existing job.
    func generate(_ request: PodcastGenerationRequest) async throws -> PodcastJobStatus
    /// Where the job is.
    func status(jobID: String) async throws -> PodcastJobStatus
    /// Writes the finished episode's MP3 to `destination` (replacing it whole, never half a file); returns its size.
    func download(jobID: String, to destination: URL) async throws -> Int
}

/// What the client asks the backend for (the wire's `POST /v1/podcast/generate` body).
public struct PodcastGenerationRequest: Sendable, Equatable {
    public var url: String
    public var title: String?
    /// The text to narrate, for a source; nil has the backend fetch the page.
    public var text: String?
    /// `text`, `pdf` or `file`, for a source.
    public var sourceKind: String?
    /// The job's priority on the backend: `JobPriority.foreground` when a person waits for the episode,
    /// `JobPriority.background` for the library's background generation, so a device's request goes first.
    public var priority: Int

    /// A request.
    public init(url: String, title: String? = nil, text: String? = nil, sourceKind: String? = nil,
                priority: Int = JobPriority.foreground) {
        self.priority = priority
        self.url = url
        self.title = title
        self.text = text
        self.sourceKind = sourceKind
    }
}

/// A backend job's state (the wire's `GET /v1/podcast/status/<job_id>` answer).
public struct PodcastJobStatus: Sendable, Equatable {
    public enum Status: String, Sendable, Equatable {
        case queued, running, done, failed
    }

    public var jobID: String
    public var status: Status
    /// 0…1.
    public var progress: Double
    public var title: String?
    public var durationSeconds: Double?
    /// Why it failed, for a person.
    public var error: String?
    /// The voice that spoke it, when the backend says.
    public var voice: String?
    /// The step a running job is on (`fetch`, `script`, `synthesis`, `encoding`), when the backend says.
    public var stage: String?

    /// A status.
    public init(jobID: String, status: Status, progress: Double, title: String? = nil, durationSeconds: Double? = nil,
                error: String? = nil, voice: String? = nil, stage: String? = nil) {
        self.stage = stage
        self.jobID = jobID
        self.status = status
        self.progress = progress
        self.title = title
        self.durationSeconds = durationSeconds
        self.error = error
        self.voice = voice
    }
}
