import Foundation
import MarksCore
import SystemSupport

/// A speech provider ready to call: its wire format, endpoint, model, voices, key and patience. Built from the
/// `podcast` section of `config.json` and the environment (where the key usually is).
public struct SpeechProviderSettings: Sendable, Equatable, CustomStringConvertible {
    /// The provider's wire format.
    public enum Kind: String, Sendable, Equatable {
        /// `POST <base>/audio/speech` (OpenAI, and local servers that speak it).
        case openai
        /// `POST <base>/v1/text-to-speech/<voice>/stream` (ElevenLabs).
        case elevenlabs
    }

    public var kind: Kind
    /// The API root: an OpenAI-compatible root ending in `/v1`, or `https://api.elevenlabs.io`.
    public var baseURL: URL
    public var model: String
    /// The host's voice (and the only one in a narration).
    public var voiceID: String
    /// The guest's voice in a dialogue.
    public var guestVoiceID: String
    /// The key (nil is allowed for local OpenAI-compatible servers).
    public var apiKey: String?
    /// The environment variable the key was looked up in (for messages).
    public var keyVariable: String
    /// How long one request may take before the local voice takes over.
    public var timeout: Duration
    /// Samples per second of the 16-bit mono PCM asked for.
    public var sampleRate: Int
    /// The most characters one request may carry (OpenAI: 4,096; ElevenLabs' multilingual model: 10,000).
    public var inputLimit: Int
    /// The language tags the voice speaks (its models are multilingual; the text's language is not sent).
    public var languages: [String]

    /// The languages the providers' multilingual models speak well, when the config lists none.
    public static let defaultLanguages = ["en", "en-us", "en-gb", "de", "fr", "es", "it", "pt", "nl", "pl", "sv", "da", "no", "fi",
                                          "cs", "ro", "hu", "el", "tr", "ru", "uk", "ja", "ko", "zh", "hi", "ar", "id"]

    /// Settings as given.
    public init(kind: Kind, baseURL: URL, model: String, voiceID: String, guestVoiceID: String, apiKey: String?, keyVariable: String = "",
                timeout: Duration = .seconds(60), sampleRate: Int? = nil, inputLimit: Int? = nil, languages: [String] = defaultLanguages) {
        self.kind = kind
        self.baseURL = baseURL
        self.model = model
        self.voiceID = voiceID
        self.guestVoiceID = guestVoiceID
        self.apiKey = apiKey
        self.keyVariable = keyVariable
        self.timeout = timeout
        self.sampleRate = sampleRate ?? (kind == .openai ? 24_000 : 22_050)
        self.inputLimit = inputLimit ?? (kind == .openai ? 4_096 : 10_000)
        self.languages = languages.map { $0.lowercased() }
    }

    /// The settings a `podcast` section with a provider voice describes, with the key read from `environment` first.
    /// Throws `ProviderError.invalidConfiguration` for a section without a provider voice or with a bad value.
    public init(config: PodcastVoiceConfig, environment: [String: String]) throws(ProviderError) {
        let kind: Kind
        switch config.voice {
        case .openai: kind = .openai
        case .elevenlabs: kind = .elevenlabs
        default: throw .invalidConfiguration("podcast.voice is not a provider voice (openai or elevenlabs)")
        }
        let base = (config.baseURL ?? config.defaultBaseURL ?? "").trimmingCharacters(in: .whitespaces)
        guard let url = URL(string: base), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !host.isEmpty else {
            throw .invalidConfiguration("podcast.base_url \"\(base.prefix(200))\" is not an http(s) URL")
        }
        let seconds = config.timeoutSeconds ?? 60
        guard (1...600).contains(seconds) else { throw .invalidConfiguration("podcast.timeout_seconds must be 1…600") }
        if let rate = config.sampleRate, !(8_000...48_000).contains(rate) {
            throw .invalidConfiguration("podcast.sample_rate must be 8000…48000")
        }
        func clean(_ value: String?) -> String? {
            value.map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        let voice: String, guest: String, model: String
        switch kind {
        case .openai:
            model = clean(config.model) ?? "gpt-4o-mini-tts"
            voice = clean(config.voiceID) ?? "alloy"
            guest = clean(config.guestVoiceID) ?? (voice == "echo" ? "alloy" : "echo")
        case .elevenlabs:
            model = clean(config.model) ?? "eleven_multilingual_v2"
            // ElevenLabs' stock voices "Rachel" and "Adam".
            voice = clean(config.voiceID) ?? "21m00Tcm4TlvDq8ikWAM"
            guest = clean(config.guestVoiceID) ?? (voice == "pNInz6obpgDQGcFmaJgB" ? "21m00Tcm4TlvDq8ikWAM" : "pNInz6obpgDQGcFmaJgB")
        }
        for id in [voice, guest] where !id.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." }) {
            throw .invalidConfiguration("podcast voice id \"\(id.prefix(60))\" has characters a voice id does not")
        }
        let languages = (config.languages ?? []).isEmpty ? Self.defaultLanguages : config.languages ?? []
        self.init(kind: kind, baseURL: url, model: model, voiceID: voice, guestVoiceID: guest,
                  apiKey: config.resolvedKey(environment: environment),
                  keyVariable: config.apiKeyEnv ?? config.defaultKeyVariable ?? "", timeout: .seconds(seconds),
                  sampleRate: config.sampleRate, languages: languages)
    }

    /// How a speech call is retried: only after a 429 whose `Retry-After` is at most 10 s, and only once.
    public var retry: RetryPolicy {
        RetryPolicy.request(maxAttempts: 2, baseDelay: .zero, maximumRetryAfter: .seconds(10))
    }

    /// `"openai:gpt-4o-mini-tts/alloy"`: the voice's name on an episode.
    public var voiceName: String { "\(kind.rawValue):\(model)/\(voiceID)" }

    /// The settings without the key.
    public var description: String {
        "\(voiceName) at \(baseURL.absoluteString) (\(apiKey == nil ? "no key" : "key set"))"
    }

    /// The root with `path` appended, keeping any path the root has (`…/v1` + `/audio/speech`).
    func endpoint(_ path: String) -> URL {
        var root = baseURL.absoluteString
        while root.hasSuffix("/") { root.removeLast() }
        return URL(string: root + path) ?? baseURL // safe: a valid http(s) root plus an ASCII path is a valid URL
    }

    /// The client for this provider's kind; `sleep` waits out a `Retry-After` and measures timeouts.
    public func client(
        transport: HTTPTransport = .live,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) -> any SpeechProviderClient {
        switch kind {
        case .openai: OpenAISpeechClient(settings: self, transport: transport, sleep: sleep)
        case .elevenlabs: ElevenLabsSpeechClient(settings: self, transport: transport, sleep: sleep)
        }
    }
}
