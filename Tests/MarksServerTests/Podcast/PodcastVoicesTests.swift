import Foundation
import HTTPServer
import MarksCore
import MarksJobs
import MarksFetch
import MarksPodcasts
import MarksServer
import MarksTestSupport
import SQLiteDatabase
import StandInNetwork
import Testing

/// Issue 13 items 2 and 3 end to end: the voice the `podcast` section chooses (through `PodcastVoiceSetup`, as
/// `marks serve` builds it), a provider voice against a stand-in speaking OpenAI's `/v1/audio/speech`, its failures
/// (401, 429, 500, garbage, a hang) answered by espeak-ng with a note on the episode, the page's language, and the
/// AI dialogue — good, with an invented quote, garbage — each through the real job runner, polled over `/v1/`.
@Suite struct PodcastVoicesTests {
    static let key = "sk-voice-test-0123456789abcdef"
    static let aiKey = "sk-ai-test-0123456789abcdef"

    /// A stand-in for both APIs: `/v1/audio/speech` answers 0.4 s of a 24 kHz tone per request (or `speech` says
    /// otherwise), `/v1/chat/completions` answers `dialogue` as the model's text.
    final class Provider: Sendable {
        let live: LiveServer
        init(speech: @escaping @Sendable (Int) -> HTTPResponse = { _ in Provider.tone() }, dialogue: String = "") throws {
            live = try LiveServer { request, index in
                switch request.path {
                case "/v1/audio/speech": return speech(index)
                case "/v1/chat/completions":
                    let content = JSONValue.string(dialogue).serialized
                    return .json(data: Data(#"{"id":"c1","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":\#(content)},"finish_reason":"stop"}]}"#.utf8))
                default: return .json(data: Data(#"{"error":{"message":"no route","type":"invalid_request_error"}}"#.utf8), status: 404)
                }
            }
        }

        static func tone(seconds: Double = 0.4) -> HTTPResponse {
            var data = Data()
            for index in 0..<Int(24_000 * seconds) {
                let value = UInt16(bitPattern: Int16(sin(Double(index) / 24_000 * 2 * .pi * 220) * 8_000))
                data.append(UInt8(value & 0xFF))
                data.append(UInt8(value >> 8))
            }
            var headers = HTTPHeaders()
            headers.add("Content-Type", "audio/pcm")
            return HTTPResponse(status: 200, headers: headers, body: .bytes(data))
        }

        var speechRequests: [LiveServer.Recorded] { live.requests.filter { $0.path == "/v1/audio/speech" } }
        var v1: String { live.baseURL.absoluteString + "/v1" }
    }

    /// A fixture whose service is made the way `marks serve` makes it, for `config`.
    static func fixture(_ config: MarksConfig, voicesDirectory: TemporaryDirectory) async throws -> PodcastFixture {
        let environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "OPENAI_API_KEY": key,
                           "TEST_AI_KEY": aiKey, "MARKS_VOICES_DIR": voicesDirectory.path]
        return try await PodcastFixture(service: { database, directory, jobs in
            let setup = PodcastVoiceSetup(config: config, environment: environment, scratch: directory.url)
            let voices = PodcastVoicesCache { try await setup.voices() }
            let fetcher = PageFetcher(policy: FetchPolicy(config: MarksConfig(allowPrivateNetworkFetches: true)))
            return try PodcastService(database: database, directory: directory.file("podcasts/audio"), jobs: jobs,
                                      voices: { try await voices.voices() }, dialogue: try setup.dialogue(),
                                      readArticle: { try await PodcastPages.read($0, fetcher: fetcher) })
        })
    }

    static func openAI(_ base: String, timeout: Int? = nil, languages: [String]? = nil, dialogue: Bool = false) -> PodcastVoiceConfig {
        PodcastVoiceConfig(voice: .openai, baseURL: base, model: "tts-test", voiceID: "alloy", timeoutSeconds: timeout, languages: languages,
                           dialogue: dialogue)
    }

    /// Generates `json` and polls it to the end; the last status.
    static func episode(_ fixture: PodcastFixture, _ json: String) async throws -> [String: Any] {
        let token = try await fixture.register()
        let reply = try await fixture.call("POST", "/v1/podcast/generate", json: json, token: token)
        #expect(reply.status == 202, "\(reply.text)")
        let job = try #require(reply.json?["job_id"] as? String)
        return try #require(try await fixture.poll(job, token: token).last)
    }

    static let source = #"{"url":"marks-source://voices","title":"Caches","source_kind":"text","text":"A cache keeps answers close to where they are needed, so the slow path runs less often.\n\nThe hard part is knowing when an answer is stale. Time limits bound how stale it can be."}"#

    private func with(_ config: MarksConfig, _ body: (PodcastFixture) async throws -> Void) async throws {
        let voices = try TemporaryDirectory(prefix: "marks-voices")
        let fixture = try await Self.fixture(config, voicesDirectory: voices)
        do { try await body(fixture) } catch {
            await fixture.close(); voices.cleanUp()
            throw error
        }
        await fixture.close()
        voices.cleanUp()
    }

    @Test func theProviderVoiceSpeaksTheEpisode() async throws {
        let provider = try Provider()
        var config = MarksConfig()
        config.podcast = Self.openAI(provider.v1)
        try await with(config) { fixture in
            let last = try await Self.episode(fixture, Self.source)
            #expect(last["status"] as? String == "done", "\(last)")
            #expect(last["voice"] as? String == "openai:tts-test/alloy")
            #expect(last["voice_note"] == nil, "\(last)")
            #expect(last["script"] as? String == "narration")
            let requests = provider.speechRequests
            #expect(!requests.isEmpty)
            #expect(requests.allSatisfy { $0.headers["Authorization"] == "Bearer \(Self.key)" && $0.json?["voice"] as? String == "alloy" })
            let spoken = requests.compactMap { $0.json?["input"] as? String }.joined(separator: " ")
            #expect(spoken.contains("Time limits bound how stale it can be."))
            // Each request's 0.4 s, the gaps and the pauses: at least the audio the stand-in sent.
            let duration = try #require(last["duration_seconds"] as? Double)
            #expect(duration >= 0.4 * Double(requests.count))
        }
        await provider.live.stop()
    }

    /// Every failure of the provider: the episode is still made, by espeak-ng, and says why — never with the key.
    static let failures: [(label: String, reason: String, reply: @Sendable (Int) -> HTTPResponse)] = [
        ("401", "the API key was refused (invalid_request_error: Incorrect API key provided)",
         { _ in .json(data: Data(#"{"error":{"message":"Incorrect API key provided","type":"invalid_request_error"}}"#.utf8), status: 401) }),
        ("429", "rate limited (HTTP 429)", { _ in .json(data: Data(#"{"error":{"message":"Rate limit","type":"requests"}}"#.utf8), status: 429) }),
        ("500", "HTTP 500: server_error: boom", { _ in .json(data: Data(#"{"error":{"message":"boom","type":"server_error"}}"#.utf8), status: 500) }),
        ("garbage", "the response is not the provider's format: audio was asked for, the answer is text/html", { _ in .html("<html>hello</html>") }),
        ("fails midway", "HTTP 500: server_error: later", { index in
            index == 0 ? Provider.tone() : .json(data: Data(#"{"error":{"message":"later","type":"server_error"}}"#.utf8), status: 500) }),
    ]

    @Test(arguments: failures.indices)
    func aFailingProviderFallsBackToEspeakAndSaysSo(index: Int) async throws {
        let failure = Self.failures[index]
        let provider = try Provider(speech: failure.reply)
        var config = MarksConfig()
        config.podcast = Self.openAI(provider.v1)
        try await with(config) { fixture in
            // Two paragraphs of ~1,000 characters: two speech requests, so a failure on the second is midway.
            let long = String(repeating: "The hard part is knowing when an answer is stale. ", count: 20)
            let json = #"{"url":"marks-source://midway","title":"Stale","source_kind":"text","text":"\#(long)\n\n\#(long)"}"#
            let last = try await Self.episode(fixture, failure.label == "fails midway" ? json : Self.source)
            #expect(last["status"] as? String == "done", "\(failure.label): \(last)")
            #expect(last["voice"] as? String == "espeak-ng", "\(failure.label)")
            let note = try #require(last["voice_note"] as? String, "\(failure.label): \(last)")
            #expect(note.hasPrefix("The openai:tts-test/alloy voice failed (\(failure.reason)"), "\(failure.label): \(note)")
            #expect(note.hasSuffix("espeak-ng spoke this episode instead."), "\(note)")
            #expect(!note.contains(Self.key))
        }
        await provider.live.stop()
    }

    @Test func aHangingProviderIsGivenUpAfterItsTimeout() async throws {
        let silent = try RawTCPListener(.silent)
        defer { silent.stop() }
        var config = MarksConfig()
        config.podcast = Self.openAI(silent.url("/v1").absoluteString, timeout: 1)
        try await with(config) { fixture in
            let last = try await Self.episode(fixture, Self.source)
            #expect(last["status"] as? String == "done", "\(last)")
            #expect(last["voice"] as? String == "espeak-ng")
            #expect((last["voice_note"] as? String)?.contains("voice failed (no answer within 1 s)") == true, "\(last)")
        }
    }

    @Test func aLanguageTheProviderLacksIsSpokenByEspeakWhichSaysSo() async throws {
        let provider = try Provider()
        var config = MarksConfig()
        config.podcast = Self.openAI(provider.v1, languages: ["en"])
        try await with(config) { fixture in
            let german = #"{"url":"marks-source://de","title":"Zwischenspeicher","source_kind":"text","language":"de","text":"Ein Zwischenspeicher hält Antworten dort, wo sie gebraucht werden. Der schwierige Teil ist zu wissen, wann eine Antwort veraltet ist."}"#
            let last = try await Self.episode(fixture, german)
            #expect(last["status"] as? String == "done", "\(last)")
            #expect(last["voice"] as? String == "espeak-ng")
            #expect(last["language"] as? String == "de")
            #expect(last["voice_note"] as? String == "The openai:tts-test/alloy voice does not speak \"de\"; espeak-ng spoke it in de.")
            #expect(provider.speechRequests.isEmpty)
        }
        await provider.live.stop()
    }

    @Test func aPiperVoiceThatIsNotInstalledIsReplacedByEspeakWithANote() async throws {
        var config = MarksConfig()
        config.podcast = PodcastVoiceConfig(voice: .piper, piperVoice: "nobody")
        try await with(config) { fixture in
            let last = try await Self.episode(fixture, Self.source)
            #expect(last["status"] as? String == "done", "\(last)")
            #expect(last["voice"] as? String == "espeak-ng")
            let note = try #require(last["voice_note"] as? String)
            #expect(note.hasPrefix("The nobody Piper voice could not be loaded (The voice is not available: the nobody voice is not installed"), "\(note)")
        }
    }

    // MARK: The dialogue

    static func dialogue(_ turns: [(String, String)]) -> String {
        let items = turns.map { #"{"speaker":"\#($0.0)","topic":"Caches","text":\#(JSONValue.string($0.1).serialized)}"# }
        return "Here is the script:\n```json\n{\"turns\": [\(items.joined(separator: ","))]}\n```"
    }

    static let goodDialogue = dialogue([
        ("host", "Today we talk about caches and why they matter so much for speed."),
        ("guest", "The article says a cache keeps answers close to where they are needed, so the slow path runs less often."),
        ("host", "That sounds simple enough. So what is the hard part about using one?"),
        ("guest", "Knowing when an answer is stale. As the author puts it, \"time limits bound how stale it can be.\""),
        ("host", "So a time limit is a kind of safety net for old answers, then."),
        ("guest", "Exactly, it puts an upper bound on how old an answer can get before the slow path runs again."),
    ])

    static func config(_ provider: Provider) -> MarksConfig {
        var config = MarksConfig(ai: AIProviderConfig(provider: .openai, baseURL: provider.v1, model: "chat-test", apiKeyEnv: "TEST_AI_KEY"))
        config.podcast = openAI(provider.v1, dialogue: true)
        return config
    }

    @Test func aGoodDialogueIsSpokenByTwoVoices() async throws {
        let provider = try Provider(dialogue: Self.goodDialogue)
        try await with(Self.config(provider)) { fixture in
            let last = try await Self.episode(fixture, Self.source)
            #expect(last["status"] as? String == "done", "\(last)")
            #expect(last["script"] as? String == "dialogue", "\(last)")
            #expect(last["script_note"] == nil)
            #expect(last["voice"] as? String == "openai:tts-test/alloy")
            // Host and guest: the provider's two voices, the guest's turns with the guest's voice.
            let voices = provider.speechRequests.compactMap { request -> String? in request.json?["voice"] as? String }
            #expect(Set(voices) == ["alloy", "echo"], "\(voices)")
            let guestLines = provider.speechRequests.filter { $0.json?["voice"] as? String == "echo" }.compactMap { $0.json?["input"] as? String }
            #expect(guestLines.contains { $0.contains("Knowing when an answer is stale.") }, "\(guestLines)")
            let prompt = try #require(provider.live.requests.first { $0.path == "/v1/chat/completions" })
            #expect(prompt.headers["Authorization"] == "Bearer \(Self.aiKey)")
            #expect(String(decoding: prompt.body, as: UTF8.self).contains("Time limits bound how stale it can be."))
        }
        await provider.live.stop()
    }

    @Test func anInventedQuoteMakesTheEpisodeANarrationAndSaysSo() async throws {
        var turns = [
            ("host", "Today we talk about caches and why they matter so much for speed."),
            ("guest", "The article says a cache keeps answers close to where they are needed, so the slow path runs less often."),
            ("host", "That sounds simple enough. So what is the hard part about using one?"),
            ("guest", "The author says \"caches never go stale if you are careful\", which is the key point here."),
        ]
        turns += [("host", "So careful use is the whole trick, then, for anyone who builds one?"), ("guest", "Yes, with time limits as a safety net.")]
        let provider = try Provider(dialogue: Self.dialogue(turns))
        try await with(Self.config(provider)) { fixture in
            let last = try await Self.episode(fixture, Self.source)
            #expect(last["status"] as? String == "done", "\(last)")
            #expect(last["script"] as? String == "narration")
            #expect(last["script_note"] as? String
                    == "The dialogue was not used (it quotes \"caches never go stale if you are careful\", which is not in the article); this episode is the narration.")
        }
        await provider.live.stop()
    }

    @Test func aGarbageOrFailedDialogueIsANarrationWithTheReason() async throws {
        let provider = try Provider(dialogue: "Sure! Here is a lovely podcast about caches.")
        try await with(Self.config(provider)) { fixture in
            let last = try await Self.episode(fixture, Self.source)
            #expect(last["script"] as? String == "narration")
            #expect(last["script_note"] as? String
                    == "The dialogue was not used (the provider's answer is not a dialogue: no JSON object); this episode is the narration.")
        }
        await provider.live.stop()
        // The provider gone: the call fails and the episode is still made, as a narration.
        var config = Self.config(provider)
        config.ai?.baseURL = "http://127.0.0.1:\(try RawTCPListener.closedPort())/v1"
        try await with(config) { fixture in
            let last = try await Self.episode(fixture, Self.source)
            #expect(last["status"] as? String == "done", "\(last)")
            let note = try #require(last["script_note"] as? String)
            #expect(note.hasPrefix("The dialogue could not be written (unreachable:"), "\(note)")
            #expect(!note.contains(Self.aiKey))
        }
    }
}
