import Foundation
import MarksClients
import MarksCore
import SystemSupport

/// The podcast voices and script the configuration asks for (the `podcast` section, and `ai` for a dialogue), made
/// for the podcast service: espeak-ng always (the local voice behind every other one); the neural Piper voice —
/// the default once one is installed — loaded once; a provider voice (OpenAI-compatible or ElevenLabs) over the
/// live transport. A voice that cannot be made is replaced by espeak-ng with a note every episode carries, never a
/// silent switch; keys are never in a note, a log or an error.
public struct PodcastVoiceSetup: Sendable {
    public let config: MarksConfig
    public let environment: [String: String]
    public let directory: NeuralVoiceDirectory
    /// Where espeak-ng's text files go while it speaks.
    public let scratch: URL
    public let transport: HTTPTransport

    /// The setup for `config` and `environment` (the key, `PATH`, `MARKS_VOICES_DIR`).
    public init(config: MarksConfig, environment: [String: String], scratch: URL, transport: HTTPTransport = .live) {
        self.config = config
        self.environment = environment
        directory = NeuralVoiceDirectory(environment: environment)
        self.scratch = scratch
        self.transport = transport
    }

    /// The voice kind that speaks: the configured one, else Piper when a voice is installed, else espeak-ng.
    public var kind: PodcastVoiceConfig.Voice {
        if let voice = config.podcast?.voice { return voice }
        return directory.installed().voices.isEmpty ? .espeak : .piper
    }

    /// What will speak and write episodes, in one line, without loading anything (for `marks podcast voices`, the
    /// start-up banner and Settings).
    public var summary: String {
        let podcast = config.podcast ?? PodcastVoiceConfig()
        var line: String
        switch kind {
        case .espeak:
            line = "espeak-ng" + (config.podcast?.voice == nil ? " (no neural voice installed: marks podcast voices install joe --accept-licence)" : "")
        case .piper:
            let name = podcast.piperVoice ?? directory.installed().voices.first?.name ?? "joe"
            line = "the \(name) Piper voice, espeak-ng for other languages or when it fails"
        case .openai, .elevenlabs:
            var provider = podcast
            provider.voice = kind
            do {
                let settings = try SpeechProviderSettings(config: provider, environment: environment)
                line = settings.kind == .elevenlabs && settings.apiKey == nil
                    ? "espeak-ng (the ElevenLabs voice has no key: set $\(settings.keyVariable))"
                    : "\(settings.description), espeak-ng when it fails"
            } catch {
                line = "espeak-ng (the \(kind.rawValue) voice is not usable: \(error))"
            }
        }
        if podcast.dialogue {
            line += config.ai.map { "; dialogue scripts by \($0.provider.rawValue):\($0.model) (narration when one fails its checks)" }
                ?? "; dialogue asked for, but no ai provider is configured: narration"
        }
        return line
    }

    /// The voices, made now (espeak-ng runs once to list its languages; a Piper model is loaded).
    public func voices() async throws -> PodcastVoices {
        let made: Result<EspeakVoice, any Error>
        do {
            made = .success(try await EspeakVoice.installed(path: environment["PATH"], scratch: scratch))
        } catch {
            made = .failure(error)
        }
        let espeak: EspeakVoice? = if case .success(let voice) = made { voice } else { nil }
        func local(note: String) throws -> PodcastVoices {
            PodcastVoices(primary: try made.get(), note: note)
        }
        let podcast = config.podcast ?? PodcastVoiceConfig()
        switch kind {
        case .espeak:
            return PodcastVoices(primary: try made.get())
        case .piper:
            let name = podcast.piperVoice ?? directory.installed().voices.first?.name ?? "joe"
            do {
                let directory = directory, phonemizer = ESpeakPhonemizer.find(path: environment["PATH"], scratch: scratch)
                // Reading and preparing the model blocks for a second or so: off the cooperative pool.
                let piper = try await Self.loading.run { try PiperVoice.load(named: name, from: directory, phonemizer: phonemizer) }
                return PodcastVoices(primary: piper, fallback: espeak)
            } catch {
                return try local(note: "The \(name) Piper voice could not be loaded (\(error)); espeak-ng spoke instead.")
            }
        case .openai, .elevenlabs:
            var provider = podcast
            provider.voice = kind
            let settings: SpeechProviderSettings
            do {
                settings = try SpeechProviderSettings(config: provider, environment: environment)
            } catch {
                return try local(note: "The \(kind.rawValue) voice is not usable (\(error)); espeak-ng spoke instead.")
            }
            if settings.kind == .elevenlabs, settings.apiKey == nil {
                return try local(note: "The ElevenLabs voice has no key ($\(settings.keyVariable)); espeak-ng spoke instead.")
            }
            return PodcastVoices(primary: ProviderVoice(remote: Self.remote(settings.client(transport: transport))), fallback: espeak)
        }
    }

    /// The thread a Piper model is loaded on (once per process).
    static let loading = WorkerPool(name: "podcast-voice-load", threads: 1)

    /// A speech client as the podcast module's remote voice.
    public static func remote(_ client: any SpeechProviderClient) -> RemoteSpeech {
        RemoteSpeech(name: client.voiceName, sampleRate: client.sampleRate, inputLimit: client.inputLimit, languages: client.languages,
                     hostVoice: client.voiceIDs.host, guestVoice: client.voiceIDs.guest,
                     speak: { text, voice in try await client.speak(text, voice: voice) })
    }

    /// The dialogue writer when `podcast.dialogue` is on and an `ai` provider is configured, else nil (narration).
    public func dialogue() throws -> PodcastService.WriteDialogue? {
        guard config.podcast?.dialogue == true, let ai = config.ai else { return nil }
        var settings = try ProviderSettings(config: ai, environment: environment)
        settings.maximumTokens = PodcastDialogueWriter.maximumTokens
        // A whole dialogue is a long answer: at least two minutes before the narration is used instead.
        settings.timeout = max(settings.timeout, .seconds(120))
        let writer = PodcastDialogueWriter(client: settings.client(transport: transport))
        return { source in try await writer.write(source) }
    }
}
