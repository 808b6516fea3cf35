import Foundation

/// The `podcast` section of `config.json`: which voice speaks episodes and whether an AI provider writes a
/// two-voice dialogue. Absent, the neural Piper voice speaks when one is installed, else espeak-ng. A provider
/// voice's key comes from the environment variable `api_key_env` names (default `OPENAI_API_KEY` /
/// `ELEVENLABS_API_KEY`) or from `api_key` in the 0600 file, like the `ai` section's; it is never printed.
///
/// ```json
/// "podcast": {"voice": "openai", "voice_id": "alloy", "guest_voice_id": "echo", "dialogue": true}
/// "podcast": {"voice": "piper", "piper_voice": "joe"}
/// "podcast": {"voice": "elevenlabs", "voice_id": "21m00Tcm4TlvDq8ikWAM"}
/// ```
public struct PodcastVoiceConfig: Sendable, Equatable, Codable, CustomStringConvertible {
    /// The kinds of voice an episode can be spoken with.
    public enum Voice: String, Sendable, Codable, CaseIterable {
        /// espeak-ng (Debian; always there).
        case espeak
        /// An installed neural Piper voice (`marks podcast voices install …`).
        case piper
        /// An OpenAI-compatible `POST /v1/audio/speech` (OpenAI, or a local server speaking it).
        case openai
        /// ElevenLabs' `POST /v1/text-to-speech/<voice>/stream`.
        case elevenlabs

        /// True for the voices reached over the network.
        public var isProvider: Bool { self == .openai || self == .elevenlabs }
    }

    /// The voice; nil: Piper when one is installed, else espeak-ng.
    public var voice: Voice?
    /// The installed Piper voice's name (`piper_voice`); nil takes the first installed one.
    public var piperVoice: String?
    /// A provider's API root (`https://api.openai.com/v1`, `http://127.0.0.1:8880/v1`, `https://api.elevenlabs.io`).
    public var baseURL: String?
    /// A provider's model (`gpt-4o-mini-tts`, `tts-1`, `eleven_multilingual_v2`).
    public var model: String?
    /// A provider's voice (`alloy`; an ElevenLabs voice id) — the host's in a dialogue.
    public var voiceID: String?
    /// The guest's voice in a dialogue; nil takes the provider's second stock voice.
    public var guestVoiceID: String?
    /// The environment variable holding a provider's key.
    public var apiKeyEnv: String?
    /// A provider's key itself (only in the 0600 config file); the environment variable wins when both are set.
    public var apiKey: String?
    /// Seconds one provider request may take before the local voice speaks instead (default 60).
    public var timeoutSeconds: Int?
    /// Samples per second an OpenAI-compatible server answers with (`pcm` is 24,000 at OpenAI).
    public var sampleRate: Int?
    /// The language tags a provider voice speaks (default: the major languages its multilingual models cover).
    public var languages: [String]?
    /// With an `ai` provider configured: a two-voice dialogue (host and guest) instead of the narration.
    public var dialogue: Bool

    /// A podcast section.
    public init(voice: Voice? = nil, piperVoice: String? = nil, baseURL: String? = nil, model: String? = nil, voiceID: String? = nil,
                guestVoiceID: String? = nil, apiKeyEnv: String? = nil, apiKey: String? = nil, timeoutSeconds: Int? = nil,
                sampleRate: Int? = nil, languages: [String]? = nil, dialogue: Bool = false) {
        self.voice = voice
        self.piperVoice = piperVoice
        self.baseURL = baseURL
        self.model = model
        self.voiceID = voiceID
        self.guestVoiceID = guestVoiceID
        self.apiKeyEnv = apiKeyEnv
        self.apiKey = apiKey
        self.timeoutSeconds = timeoutSeconds
        self.sampleRate = sampleRate
        self.languages = languages
        self.dialogue = dialogue
    }

    enum CodingKeys: String, CodingKey {
        case voice, model, languages, dialogue
        case piperVoice = "piper_voice"
        case baseURL = "base_url"
        case voiceID = "voice_id"
        case guestVoiceID = "guest_voice_id"
        case apiKeyEnv = "api_key_env"
        case apiKey = "api_key"
        case timeoutSeconds = "timeout_seconds"
        case sampleRate = "sample_rate"
    }

    /// Decodes leniently: every key is optional; an unknown voice name is an error naming the choices.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        if let name = try c.decodeIfPresent(String.self, forKey: .voice)?.lowercased(), !name.isEmpty {
            guard let voice = Voice(rawValue: name) else {
                throw DecodingError.dataCorruptedError(forKey: .voice, in: c, debugDescription:
                    "podcast.voice \"\(name.prefix(40))\" is not one of \(Voice.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            self.voice = voice
        }
        piperVoice = try c.decodeIfPresent(String.self, forKey: .piperVoice)
        baseURL = try c.decodeIfPresent(String.self, forKey: .baseURL)
        model = try c.decodeIfPresent(String.self, forKey: .model)
        voiceID = try c.decodeIfPresent(String.self, forKey: .voiceID)
        guestVoiceID = try c.decodeIfPresent(String.self, forKey: .guestVoiceID)
        apiKeyEnv = try c.decodeIfPresent(String.self, forKey: .apiKeyEnv)
        apiKey = try c.decodeIfPresent(String.self, forKey: .apiKey)
        timeoutSeconds = try c.decodeIfPresent(Int.self, forKey: .timeoutSeconds)
        sampleRate = try c.decodeIfPresent(Int.self, forKey: .sampleRate)
        languages = try c.decodeIfPresent([String].self, forKey: .languages)
        dialogue = try c.decodeIfPresent(Bool.self, forKey: .dialogue) ?? false
    }

    /// The API root used when `baseURL` is nil (provider voices only).
    public var defaultBaseURL: String? {
        switch voice {
        case .openai: "https://api.openai.com/v1"
        case .elevenlabs: "https://api.elevenlabs.io"
        default: nil
        }
    }

    /// The environment variable read when `apiKeyEnv` is nil (provider voices only).
    public var defaultKeyVariable: String? {
        switch voice {
        case .openai: "OPENAI_API_KEY"
        case .elevenlabs: "ELEVENLABS_API_KEY"
        default: nil
        }
    }

    /// The key: the named environment variable when set and non-empty, else `apiKey`; nil when neither.
    public func resolvedKey(environment: [String: String]) -> String? {
        if let variable = apiKeyEnv ?? defaultKeyVariable, let value = environment[variable], !value.isEmpty { return value }
        if let apiKey, !apiKey.isEmpty { return apiKey }
        return nil
    }

    /// The section without its key, for messages and logs.
    public var description: String {
        let name = voice?.rawValue ?? "default"
        var parts = [name]
        if let piperVoice { parts.append("piper voice \(piperVoice)") }
        if voice?.isProvider == true {
            parts.append("at \(baseURL ?? defaultBaseURL ?? "")")
            if let model { parts.append("model \(model)") }
            if let voiceID { parts.append("voice \(voiceID)") }
            parts.append(apiKey == nil ? "key from $\(apiKeyEnv ?? defaultKeyVariable ?? "")" : "key in config")
        }
        if dialogue { parts.append("dialogue") }
        return parts.joined(separator: ", ")
    }

    /// The section with `MARKS_PODCAST_*` applied: `MARKS_PODCAST_VOICE` (espeak, piper, openai, elevenlabs; or
    /// `piper:NAME`; empty drops the choice), `MARKS_PODCAST_VOICE_ID`, `MARKS_PODCAST_MODEL`, `MARKS_PODCAST_BASE_URL`,
    /// `MARKS_PODCAST_DIALOGUE` (1/0). Nil when nothing is set.
    public static func applying(_ env: [String: String], to current: PodcastVoiceConfig?) -> PodcastVoiceConfig? {
        var podcast = current
        func edit(_ change: (inout PodcastVoiceConfig) -> Void) {
            var value = podcast ?? PodcastVoiceConfig()
            change(&value)
            podcast = value
        }
        if let name = env["MARKS_PODCAST_VOICE"]?.trimmingCharacters(in: .whitespaces).lowercased() {
            let parts = name.split(separator: ":", maxSplits: 1).map(String.init)
            let kind = parts.first.flatMap(Voice.init(rawValue:))
            edit { value in
                if value.voice != kind { value = PodcastVoiceConfig(dialogue: value.dialogue) }
                value.voice = kind
                if kind == .piper, parts.count == 2, !parts[1].isEmpty { value.piperVoice = parts[1] }
            }
        }
        if let id = env["MARKS_PODCAST_VOICE_ID"], !id.isEmpty { edit { $0.voiceID = id } }
        if let model = env["MARKS_PODCAST_MODEL"], !model.isEmpty { edit { $0.model = model } }
        if let base = env["MARKS_PODCAST_BASE_URL"] { edit { $0.baseURL = base.isEmpty ? nil : base } }
        if let dialogue = env["MARKS_PODCAST_DIALOGUE"].flatMap(MarksConfig.bool) { edit { $0.dialogue = dialogue } }
        return podcast
    }
}
