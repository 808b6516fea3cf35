import Foundation
import MarksCore
import Testing

/// The `podcast` section of config.json and its `MARKS_PODCAST_*` overrides.
@Suite struct PodcastVoiceConfigTests {
    func decode(_ json: String) throws -> MarksConfig {
        try JSONDecoder().decode(MarksConfig.self, from: Data(json.utf8))
    }

    @Test func theSectionIsReadWithEveryKeyOptional() throws {
        #expect(try decode("{}").podcast == nil)
        let config = try decode(#"{"podcast": {"voice": "OpenAI", "base_url": "http://127.0.0.1:8880/v1", "voice_id": "nova", "guest_voice_id": "onyx", "model": "kokoro", "api_key_env": "LOCAL_TTS_KEY", "timeout_seconds": 20, "sample_rate": 24000, "languages": ["en", "de"], "dialogue": true}}"#)
        #expect(config.podcast == PodcastVoiceConfig(voice: .openai, baseURL: "http://127.0.0.1:8880/v1", model: "kokoro", voiceID: "nova",
                                                     guestVoiceID: "onyx", apiKeyEnv: "LOCAL_TTS_KEY", timeoutSeconds: 20, sampleRate: 24_000,
                                                     languages: ["en", "de"], dialogue: true))
        #expect(try decode(#"{"podcast": {"voice": "piper", "piper_voice": "joe"}}"#).podcast == PodcastVoiceConfig(voice: .piper, piperVoice: "joe"))
        #expect(try decode(#"{"podcast": {"dialogue": true}}"#).podcast?.voice == nil)
    }

    @Test func anUnknownVoiceNamesTheChoices() {
        do {
            _ = try decode(#"{"podcast": {"voice": "siri"}}"#)
            Issue.record("an unknown voice was accepted")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.debugDescription == "podcast.voice \"siri\" is not one of espeak, piper, openai, elevenlabs")
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func theKeyComesFromTheEnvironmentFirstAndIsNeverDescribed() {
        let config = PodcastVoiceConfig(voice: .elevenlabs, apiKey: "in-file-key")
        #expect(config.resolvedKey(environment: ["ELEVENLABS_API_KEY": "env-key"]) == "env-key")
        #expect(config.resolvedKey(environment: [:]) == "in-file-key")
        #expect(PodcastVoiceConfig(voice: .openai).resolvedKey(environment: ["OPENAI_API_KEY": ""]) == nil)
        #expect(!config.description.contains("in-file-key"))
        #expect(config.description == "elevenlabs, at https://api.elevenlabs.io, key in config")
    }

    @Test func environmentVariablesOverrideTheSection() {
        let file = MarksConfig()
        #expect(file.applying(environment: [:]).podcast == nil)
        #expect(file.applying(environment: ["MARKS_PODCAST_VOICE": "piper:joe"]).podcast == PodcastVoiceConfig(voice: .piper, piperVoice: "joe"))
        var openai = MarksConfig()
        openai.podcast = PodcastVoiceConfig(voice: .openai, voiceID: "nova", dialogue: true)
        // Another kind of voice drops the old one's settings, keeping the dialogue choice.
        #expect(openai.applying(environment: ["MARKS_PODCAST_VOICE": "espeak"]).podcast == PodcastVoiceConfig(voice: .espeak, dialogue: true))
        #expect(openai.applying(environment: ["MARKS_PODCAST_VOICE_ID": "shimmer", "MARKS_PODCAST_DIALOGUE": "0"]).podcast
                == PodcastVoiceConfig(voice: .openai, voiceID: "shimmer"))
        #expect(openai.applying(environment: ["MARKS_PODCAST_VOICE": ""]).podcast == PodcastVoiceConfig(dialogue: true))
    }
}
