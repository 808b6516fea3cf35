/// The voice a process speaks with, made once on first use (espeak-ng's languages come from running it) and kept;
/// a failure is not kept, so installing espeak-ng helps the next job without a restart.
public actor VoiceCache {
    private let make: @Sendable () async throws -> any SpeechSynthesizer
    private var made: (any SpeechSynthesizer)?

    /// A cache over `make`.
    public init(_ make: @escaping @Sendable () async throws -> any SpeechSynthesizer) {
        self.make = make
    }

    /// The voice.
    public func voice() async throws -> any SpeechSynthesizer {
        if let made { return made }
        let voice = try await make()
        made = voice
        return voice
    }
}
