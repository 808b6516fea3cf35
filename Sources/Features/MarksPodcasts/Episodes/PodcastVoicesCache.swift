/// The podcast voices a process speaks with, made once on first use (a Piper model is loaded, espeak-ng is asked for
/// its languages) and kept; a failure is not kept, so installing espeak-ng helps the next job without a restart.
public actor PodcastVoicesCache {
    private let make: @Sendable () async throws -> PodcastVoices
    private var made: PodcastVoices?

    /// A cache over `make`.
    public init(_ make: @escaping @Sendable () async throws -> PodcastVoices) {
        self.make = make
    }

    /// The voices.
    public func voices() async throws -> PodcastVoices {
        if let made { return made }
        let voices = try await make()
        made = voices
        return voices
    }
}
