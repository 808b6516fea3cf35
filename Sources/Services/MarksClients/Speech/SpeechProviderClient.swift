/// One speech API: turns a piece of text into 16-bit mono PCM with one of its voices. Conformers:
/// `OpenAISpeechClient` (`/v1/audio/speech`) and `ElevenLabsSpeechClient` (`/v1/text-to-speech/<voice>/stream`).
/// A caller cuts long text into pieces of at most `inputLimit` characters; each answer is held whole (a piece is a
/// minute or two of audio, a few MB), so memory stays bounded by the piece, never the episode.
public protocol SpeechProviderClient: Sendable {
    /// `"openai:gpt-4o-mini-tts/alloy"`: what spoke, for the episode.
    var voiceName: String { get }
    /// The host's and the guest's voice ids.
    var voiceIDs: (host: String, guest: String) { get }
    /// Samples per second of the PCM `speak` returns.
    var sampleRate: Int { get }
    /// The most characters one `speak` may carry.
    var inputLimit: Int { get }
    /// The language tags the voice speaks.
    var languages: [String] { get }
    /// The samples of `text` spoken by `voice` (one of `voiceIDs`), or why there are none (the key never in it).
    func speak(_ text: String, voice: String) async throws(ProviderError) -> [Int16]
}
