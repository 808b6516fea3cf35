import Foundation

/// ElevenLabs' streaming speech: `POST <base>/v1/text-to-speech/<voice>/stream?output_format=pcm_<rate>` with
/// `xi-api-key: <key>` and `{text, model_id}`; the answer is a chunked body of raw 16-bit mono PCM, errors are
/// `{"detail": {"status", "message"}}` (or a string, or FastAPI's list of `{msg}` for a 422).
public struct ElevenLabsSpeechClient: ProviderSpeechClient {
    let speech: ProviderSpeech
    private var settings: SpeechProviderSettings { speech.settings }

    /// The largest answer accepted (a 10,000-character piece is about eleven minutes, 30 MB at 22.05 kHz).
    static let maxAnswerBytes = 96 << 20

    /// A client for `settings`; `baseURL` is the API root without `/v1`.
    public init(settings: SpeechProviderSettings, transport: HTTPTransport = .live,
                sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }) {
        speech = ProviderSpeech(settings: settings, transport: transport, sleep: sleep)
    }

    public func speak(_ text: String, voice: String) async throws(ProviderError) -> [Int16] {
        guard let key = settings.apiKey else { throw .missingKey(variable: settings.keyVariable) }
        let url = settings.endpoint("/v1/text-to-speech/\(voice)/stream?output_format=pcm_\(settings.sampleRate)")
        let body = SpeechRequest(text: text, modelID: settings.model)
        return try await speech.samples(from: url, headers: ["xi-api-key": key, "Accept": "audio/pcm, */*;q=0.1"], body: body,
                                        maxAnswerBytes: Self.maxAnswerBytes, errorMessage: Self.errorMessage)
    }

    /// The message of an ElevenLabs error body.
    static func errorMessage(_ data: Data) -> String? {
        struct Detailed: Decodable {
            struct Detail: Decodable {
                let status: String?
                let message: String?
            }
            let detail: Detail
        }
        struct Bare: Decodable {
            let detail: String
        }
        struct Validation: Decodable {
            struct Item: Decodable {
                let msg: String
            }
            let detail: [Item]
        }
        if let detailed = ProviderJSON.decodeIfPossible(Detailed.self, from: data) {
            let text = [detailed.detail.status, detailed.detail.message].compactMap { $0 }.joined(separator: ": ")
            return text.isEmpty ? nil : text
        }
        if let bare = ProviderJSON.decodeIfPossible(Bare.self, from: data) { return bare.detail }
        return ProviderJSON.decodeIfPossible(Validation.self, from: data).map { $0.detail.map(\.msg).joined(separator: "; ") }
    }

    struct SpeechRequest: Encodable {
        let text: String
        let modelID: String

        enum CodingKeys: String, CodingKey {
            case text
            case modelID = "model_id"
        }
    }
}
