import Foundation

/// One episode the backend makes or has made: what it narrates, where its job is, and its audio once done.
public struct PodcastEpisode: Sendable, Equatable {
    /// Where the job is (the wire's `status`).
    public enum Status: String, Sendable, Equatable, CaseIterable {
        case queued, running, done, failed
    }

    /// The step a running job is on; `progress` moves through them in order.
    public enum Stage: String, Sendable, Equatable {
        case fetch, script, synthesis, encoding, done
    }

    /// The job id the API hands out (32 hex digits).
    public var id: String
    /// The article's URL, or `marks-source://<uuid>` for a source.
    public var url: String
    /// The SHA-256 of the posted text, or "" when the server fetches the page.
    public var textDigest: String
    /// The title sent or found.
    public var title: String?
    /// "text", "pdf" or "file" for a source; nil for an article.
    public var sourceKind: String?
    public var status: Status
    /// 0…1.
    public var progress: Double
    public var stage: Stage?
    /// Why it failed, for a person.
    public var error: String?
    /// The exact playing time, once done.
    public var durationSeconds: Double?
    /// The MP3's size, once done.
    public var byteCount: Int?
    /// The voice that spoke it and the language it used.
    public var voice: String?
    public var language: String?
    /// True when the text was longer than the length limit and the episode stops with a note.
    public var wasCut: Bool
    public var createdAt: Date
    public var updatedAt: Date
    public var finishedAt: Date?
    /// Why another voice than the configured one spoke (a provider failed, the voice lacks the language), or nil.
    public var voiceNote: String?
    /// "narration" or "dialogue", once done.
    public var scriptKind: String?
    /// Why the dialogue asked for became a narration (the provider failed, a quote was not in the article), or nil.
    public var scriptNote: String?

    /// The audio file's name inside the podcasts directory.
    public var fileName: String { "\(id).mp3" }
}
