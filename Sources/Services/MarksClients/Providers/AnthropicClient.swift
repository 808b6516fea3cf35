import Foundation

/// The Anthropic Messages API: `POST /v1/messages` with `x-api-key` and `anthropic-version`, a body of
/// `{model, max_tokens, system, messages}`, an answer of `{content: [{type: "text", text}], …}` and errors
/// of `{"type": "error", "error": {"type", "message"}}`.
public struct AnthropicClient: ProviderClient {
    /// The API version sent in `anthropic-version`.
    public static let apiVersion = "2023-06-01"

    let settings: ProviderSettings
    let http: ProviderHTTP

    /// A client for `settings`.
    public init(settings: ProviderSettings, transport: HTTPTransport = .live,
                sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }) {
        self.settings = settings
        http = ProviderHTTP(settings: settings, transport: transport, sleep: sleep)
    }

    public var engineName: String { settings.engineName }

    public func complete(_ prompt: ProviderPrompt) async throws(ProviderError) -> String {
        guard let key = settings.apiKey else { throw .missingKey(variable: settings.keyVariable) }
        let body = MessagesRequest(model: settings.model, maxTokens: min(prompt.maximumTokens, settings.maximumTokens),
                                   system: prompt.system, messages: [.init(role: "user", content: prompt.user)])
        let data = try await http.post(
            messagesURL, headers: ["x-api-key": key, "anthropic-version": Self.apiVersion],
            body: try ProviderJSON.encode(body), errorMessage: Self.errorMessage)
        let answer: MessagesResponse
        do {
            answer = try JSONDecoder().decode(MessagesResponse.self, from: data)
        } catch {
            throw .malformedResponse("no Messages API answer (\(ProviderJSON.describe(error)))")
        }
        let text = answer.content.filter { $0.type == "text" }.compactMap(\.text).joined()
        guard !text.isEmpty else { throw .invalidAnswer("the answer has no text block") }
        return text
    }

    /// `<base>/v1/messages`.
    var messagesURL: URL {
        settings.endpoint(settings.baseURL.path.hasSuffix("/v1") ? "/messages" : "/v1/messages")
    }

    /// `error.type: error.message` of an Anthropic error body.
    static func errorMessage(_ data: Data) -> String? {
        struct Envelope: Decodable {
            struct Detail: Decodable {
                let type: String?
                let message: String?
            }
            let error: Detail
        }
        guard let envelope = ProviderJSON.decodeIfPossible(Envelope.self, from: data) else { return nil }
        return [envelope.error.type, envelope.error.message].compactMap { $0 }.joined(separator: ": ")
    }

    struct MessagesRequest: Encodable {
        struct Message: Encodable {
            let role: String
            let content: String
        }

        let model: String
        let maxTokens: Int
        let system: String
        let messages: [Message]

        enum CodingKeys: String, CodingKey {
            case model, system, messages
            case maxTokens = "max_tokens"
        }
    }

    struct MessagesResponse: Decodable {
        struct Block: Decodable {
            let type: String
            let text: String?
        }

        let content: [Block]
    }
}
