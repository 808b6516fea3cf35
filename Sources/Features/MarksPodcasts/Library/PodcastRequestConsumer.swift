import MarksCore

/// What a `podcast.request` job hands its request to (the generation manager in `marks serve`; tests use recording
/// consumers). Throwing puts the job back with the kind's backoff, or dead-letters it after the last attempt.
public protocol PodcastRequestConsumer: Sendable {
    /// Takes one request. It is called once per claim; a request is never handed to two consumers at once.
    func consume(_ request: PodcastRequest) async throws
}
