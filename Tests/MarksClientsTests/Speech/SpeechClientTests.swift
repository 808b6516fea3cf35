import MarksTestSupport
import Foundation
import HTTPServer
import MarksClients
import MarksCore
import StandInNetwork
import Testing

/// The provider voices against stand-ins on port 0 speaking the real formats: OpenAI's `/v1/audio/speech` (raw
/// PCM, or the WAV some local servers send) and ElevenLabs' chunked `/v1/text-to-speech/<voice>/stream`; their
/// error bodies, statuses, garbage and a hang, each a `ProviderError` without the key.
@Suite struct SpeechClientTests {
    static let key = "sk-speech-0123456789abcdef"

    /// `count` samples of a ramp, as little-endian bytes.
    static func pcm(_ count: Int) -> Data {
        var data = Data()
        for index in 0..<count {
            let value = UInt16(bitPattern: Int16(truncatingIfNeeded: index * 37 - 9_000))
            data.append(UInt8(value & 0xFF))
            data.append(UInt8(value >> 8))
        }
        return data
    }

    static func wav(_ samples: Data, rate: Int, size: UInt32? = nil) -> Data {
        func le32(_ value: UInt32) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)] }
        func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
        var data = Data("RIFF".utf8) + le32(36 + UInt32(samples.count)) + Data("WAVEfmt ".utf8) + le32(16) + le16(1) + le16(1)
        data += le32(UInt32(rate)) + le32(UInt32(rate * 2)) + le16(2) + le16(16) + Data("data".utf8) + le32(size ?? UInt32(samples.count))
        return data + samples
    }

    static func openAI(_ server: StandInServer, key: String? = key, timeout: Duration = .seconds(30)) -> SpeechProviderSettings {
        SpeechProviderSettings(kind: .openai, baseURL: server.baseURL.appendingPathComponent("v1"), model: "tts-test", voiceID: "alloy",
                               guestVoiceID: "echo", apiKey: key, keyVariable: "OPENAI_API_KEY", timeout: timeout)
    }

    static func audio(_ data: Data, type: String = "audio/pcm", status: Int = 200) -> HTTPResponse {
        var headers = HTTPHeaders()
        headers.add("Content-Type", type)
        return HTTPResponse(status: status, headers: headers, body: .bytes(data))
    }

    @Test func openAIAnswersRawPCMAndIsAskedForIt() async throws {
        try await withStandIn({ _, _ in Self.audio(Self.pcm(2_400)) }) { server, transport in
            let client = Self.openAI(server).client(transport: transport)
            let samples = try await client.speak("Hello there. This is a test.", voice: "echo")
            #expect(samples.count == 2_400)
            #expect(samples[1] == Int16(truncatingIfNeeded: 37 - 9_000))
            #expect(client.sampleRate == 24_000)
            #expect(client.voiceName == "openai:tts-test/alloy")
            let request = try #require(server.requests.first)
            #expect(request.method == "POST")
            #expect(request.path == "/v1/audio/speech")
            #expect(request.headers["Authorization"] == "Bearer \(Self.key)")
            let body = try #require(request.json)
            #expect(body["model"] as? String == "tts-test")
            #expect(body["input"] as? String == "Hello there. This is a test.")
            #expect(body["voice"] as? String == "echo")
            #expect(body["response_format"] as? String == "pcm")
        }
    }

    @Test func aLocalServerWithoutAKeyMaySendAWAV() async throws {
        // A streaming server writes 0xFFFFFFFF as the data size: the samples run to the end.
        try await withStandIn({ _, _ in Self.audio(Self.wav(Self.pcm(1_000), rate: 24_000, size: 0xFFFF_FFFF), type: "audio/wav") }) { server, transport in
            let samples = try await Self.openAI(server, key: nil).client(transport: transport).speak("Hi.", voice: "alloy")
            #expect(samples.count == 1_000)
            #expect(server.requests.first?.headers["Authorization"] == nil)
        }
    }

    @Test func aWAVAtAnotherRateSaysWhatToSet() async throws {
        try await withStandIn({ _, _ in Self.audio(Self.wav(Self.pcm(100), rate: 16_000), type: "audio/wav") }) { server, transport in
            await #expect(throws: ProviderError.malformedResponse("a WAV at 16000 Hz, not 24000 Hz (set podcast.sample_rate to 16000)")) {
                _ = try await Self.openAI(server).client(transport: transport).speak("Hi.", voice: "alloy")
            }
        }
    }

    /// What each failure becomes; none holds the key.
    static let failures: [(label: String, expected: String, reply: @Sendable () -> HTTPResponse)] = [
        ("401", "the API key was refused (invalid_request_error: Incorrect API key provided: sk-spee…cdef)",
         { .json(#"{"error":{"message":"Incorrect API key provided: sk-spee…cdef","type":"invalid_request_error","param":null,"code":"invalid_api_key"}}"#, status: 401) }),
        ("429", "rate limited (HTTP 429)", { .json(#"{"error":{"message":"Rate limit reached","type":"requests"}}"#, status: 429) }),
        ("500", "HTTP 500: server_error: The server had an error", { .json(#"{"error":{"message":"The server had an error","type":"server_error"}}"#, status: 500) }),
        ("HTML 200", "the response is not the provider's format: audio was asked for, the answer is text/html: <html>",
         { .html("<html>oops</html>") }),
        ("JSON 200", "the response is not the provider's format: audio was asked for, the answer is application/json",
         { .json(#"{"audio": null}"#) }),
        ("odd bytes", "the response is not the provider's format: 3 bytes is not 16-bit PCM", { audio(Data([1, 2, 3])) }),
        ("empty", "the response is not the provider's format: the answer has no audio", { audio(Data()) }),
    ]

    @Test(arguments: failures.indices)
    func openAIFailuresSayWhatWentWrongWithoutTheKey(index: Int) async throws {
        let failure = Self.failures[index]
        try await withStandIn({ _, _ in failure.reply() }) { server, transport in
            do {
                _ = try await Self.openAI(server).client(transport: transport, sleep: Sleeper(deadline: .seconds(30)).sleep).speak("Hi.", voice: "alloy")
                Issue.record("\(failure.label): no error")
            } catch let error as ProviderError {
                #expect(error.description.hasPrefix(failure.expected), "\(failure.label): \(error.description)")
                #expect(!error.description.contains(Self.key))
            }
        }
    }

    @Test func aKeyEchoedInAnErrorIsScrubbed() async throws {
        try await withStandIn({ _, _ in .json(#"{"error":{"message":"bad key \#(Self.key)","type":"auth"}}"#, status: 401) }) { server, transport in
            await #expect(throws: ProviderError.unauthorized("auth: bad key [key]")) {
                _ = try await Self.openAI(server).client(transport: transport).speak("Hi.", voice: "alloy")
            }
        }
    }

    @Test func aHangingServerTimesOut() async throws {
        let listener = try RawTCPListener(.silent)
        defer { listener.stop() }
        let settings = SpeechProviderSettings(kind: .openai, baseURL: listener.url("/v1"), model: "m", voiceID: "alloy", guestVoiceID: "echo",
                                              apiKey: Self.key, timeout: .seconds(1))
        await #expect(throws: ProviderError.timeout(seconds: 1)) { _ = try await settings.client().speak("Hi.", voice: "alloy") }
    }

    // MARK: ElevenLabs

    static func elevenLabs(port: Int, key: String? = key) throws -> SpeechProviderSettings {
        let url = try #require(URL(string: "http://127.0.0.1:\(port)"))
        return SpeechProviderSettings(kind: .elevenlabs, baseURL: url, model: "eleven_multilingual_v2", voiceID: "voice-host",
                                      guestVoiceID: "voice-guest", apiKey: key, keyVariable: "ELEVENLABS_API_KEY")
    }

    @Test func elevenLabsStreamsChunkedPCM() async throws {
        let audio = Self.pcm(5_000)
        let listener = try RawTCPListener(.reply { _ in
            var reply = Data("HTTP/1.1 200 OK\r\nContent-Type: audio/pcm\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n".utf8)
            var offset = 0
            for size in [1, 999, 4_096, 3_000, 1_904] {  // an odd first chunk: samples straddle chunk borders
                reply += Data(String(size, radix: 16).utf8) + Data("\r\n".utf8) + audio[offset..<offset + size] + Data("\r\n".utf8)
                offset += size
            }
            return reply + Data("0\r\n\r\n".utf8)
        })
        defer { listener.stop() }
        let client = try Self.elevenLabs(port: Int(listener.port)).client()
        let samples = try await client.speak("Hallo Welt.", voice: "voice-guest")
        #expect(samples.count == 5_000)
        #expect(client.sampleRate == 22_050)
        let head = try #require(listener.requests.first)
        #expect(head.hasPrefix("POST /v1/text-to-speech/voice-guest/stream?output_format=pcm_22050 HTTP/1.1"), "\(head)")
        #expect(head.lowercased().contains("xi-api-key: \(Self.key)"))
        #expect(head.contains(#""model_id":"eleven_multilingual_v2""#) && head.contains(#""text":"Hallo Welt.""#), "\(head)")
    }

    @Test func elevenLabsErrorsReadTheirDetail() async throws {
        let replies: [(HTTPResponse, ProviderError)] = [
            (.json(#"{"detail":{"status":"invalid_api_key","message":"Invalid API key"}}"#, status: 401), .unauthorized("invalid_api_key: Invalid API key")),
            (.json(#"{"detail":{"status":"too_many_concurrent_requests","message":"Too many"}}"#, status: 429), .rateLimited(retryAfter: nil)),
            (.json(#"{"detail":[{"loc":["body","text"],"msg":"field required","type":"value_error.missing"}]}"#, status: 422), .server(status: 422, message: "field required")),
            (.json(#"{"detail":"Internal error"}"#, status: 500), .server(status: 500, message: "Internal error")),
        ]
        for (reply, expected) in replies {
            try await withStandIn({ _, _ in reply }) { server, _ in
                await #expect(throws: expected) { _ = try await Self.elevenLabs(port: server.port).client().speak("Hi.", voice: "voice-host") }
            }
        }
    }

    @Test func elevenLabsWithoutAKeyIsNotCalled() async throws {
        try await withStandIn({ _, _ in Self.audio(Self.pcm(10)) }) { server, _ in
            await #expect(throws: ProviderError.missingKey(variable: "ELEVENLABS_API_KEY")) {
                _ = try await Self.elevenLabs(port: server.port, key: nil).client().speak("Hi.", voice: "voice-host")
            }
            #expect(server.requests.isEmpty)
        }
    }

    // MARK: Settings from the podcast section

    @Test func settingsComeFromThePodcastSectionWithTheKeyFromTheEnvironment() throws {
        let config = PodcastVoiceConfig(voice: .openai, baseURL: "http://127.0.0.1:8880/v1", voiceID: "nova")
        let settings = try SpeechProviderSettings(config: config, environment: ["OPENAI_API_KEY": Self.key])
        #expect(settings.apiKey == Self.key)
        #expect(settings.model == "gpt-4o-mini-tts")
        #expect(settings.voiceID == "nova" && settings.guestVoiceID == "echo")
        #expect(settings.inputLimit == 4_096)
        #expect(!settings.description.contains(Self.key))
        let eleven = try SpeechProviderSettings(config: PodcastVoiceConfig(voice: .elevenlabs, apiKeyEnv: "MY_XI"), environment: ["MY_XI": "xi"])
        #expect(eleven.baseURL.absoluteString == "https://api.elevenlabs.io" && eleven.apiKey == "xi")
        #expect(throws: ProviderError.invalidConfiguration("podcast.base_url \"ftp://x\" is not an http(s) URL")) {
            try SpeechProviderSettings(config: PodcastVoiceConfig(voice: .openai, baseURL: "ftp://x"), environment: [:])
        }
        #expect(throws: ProviderError.self) {
            try SpeechProviderSettings(config: PodcastVoiceConfig(voice: .openai, voiceID: "../../admin"), environment: [:])
        }
    }
}
