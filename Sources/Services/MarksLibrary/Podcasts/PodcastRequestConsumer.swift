import MarksCore

/// What a drain hands each due podcast request to (the podcast generator in the main process; tests use
/// recording consumers). Throwing puts the request back with backoff, or marks it failed after the last attempt.
public protocol PodcastRequestConsumer: Sendable {
    /// Takes one request. It is called once per claim; a request is never handed to two consumers at once.
    func consume(_ request: PodcastRequest) async throws
}
