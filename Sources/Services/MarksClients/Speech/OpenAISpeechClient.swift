import Foundation

/// An OpenAI-compatible speech endpoint (OpenAI, and local servers that speak it): `POST <base>/audio/speech` with
/// `Authorization: Bearer <key>` (left out when no key is set) and `{model, input, voice, response_format: "pcm"}`;
/// the answer is raw 16-bit mono PCM at 24 kHz (or a WAV, which some servers send), errors are
/// `{"error": {"message", "type"}}`.
public struct OpenAISpeechClient: ProviderSpeechClient {
    let speech: ProviderSpeech
    private var settings: SpeechProviderSettings { speech.settings }

    /// The largest answer accepted: a 4,096-character piece is about five minutes, 14 MB at 24 kHz.
    static let maxAnswerBytes = 64 << 20

    /// A client for `settings`; `baseURL` is the API root including `/v1`.
    public init(settings: SpeechProviderSettings, transport: HTTPTransport = .live,
                sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }) {
        speech = ProviderSpeech(settings: settings, transport: transport, sleep: sleep)
    }

    public func speak(_ text: String, voice: String) async throws(ProviderError) -> [Int16] {
        let body = SpeechRequest(model: settings.model, input: text, voice: voice, responseFormat: "pcm")
        var headers = ["Accept": "audio/pcm, audio/wav;q=0.5, */*;q=0.1"]
        if let key = settings.apiKey { headers["Authorization"] = "Bearer \(key)" }
        return try await speech.samples(from: settings.endpoint("/audio/speech"), headers: headers, body: body,
                                        maxAnswerBytes: Self.maxAnswerBytes, errorMessage: OpenAICompatibleClient.errorMessage)
    }

    struct SpeechRequest: Encodable {
        let model: String
        let input: String
        let voice: String
        let responseFormat: String

        enum CodingKeys: String, CodingKey {
            case model, input, voice
            case responseFormat = "response_format"
        }
    }
}
