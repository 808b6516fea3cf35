import Foundation

/// Any OpenAI-compatible chat-completions endpoint (OpenAI, OpenRouter, Ollama, a llama.cpp server):
/// `POST <base>/chat/completions` with `Authorization: Bearer <key>` (left out when no key is set), a body
/// of `{model, messages, response_format: {type: "json_object"}, max_tokens}`, an answer of
/// `{choices: [{message: {content}}]}` and errors of `{"error": {"message", "type"}}`.
public struct OpenAICompatibleClient: ProviderClient {
    let settings: ProviderSettings
    let http: ProviderHTTP

    /// A client for `settings`; `baseURL` is the API root including `/v1`.
    public init(settings: ProviderSettings, transport: HTTPTransport = .live,
                sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }) {
        self.settings = settings
        http = ProviderHTTP(settings: settings, transport: transport, sleep: sleep)
    }

    public var engineName: String { settings.engineName }

    public func complete(_ prompt: ProviderPrompt) async throws(ProviderError) -> String {
        let body = ChatRequest(
            model: settings.model,
            messages: [.init(role: "system", content: prompt.system), .init(role: "user", content: prompt.user)],
            responseFormat: .init(type: "json_object"), maxTokens: min(prompt.maximumTokens, settings.maximumTokens))
        var headers: [String: String] = [:]
        if let key = settings.apiKey { headers["Authorization"] = "Bearer \(key)" }
        let data = try await http.post(settings.endpoint("/chat/completions"), headers: headers,
                                       body: try ProviderJSON.encode(body), errorMessage: Self.errorMessage)
        let answer: ChatResponse
        do {
            answer = try JSONDecoder().decode(ChatResponse.self, from: data)
        } catch {
            throw .malformedResponse("no chat-completions answer (\(ProviderJSON.describe(error)))")
        }
        guard let text = answer.choices.first?.message.content, !text.isEmpty else {
            throw .invalidAnswer("the answer has no message content")
        }
        return text
    }

    /// `error.message` of an OpenAI-style error body (some servers send a bare string).
    static func errorMessage(_ data: Data) -> String? {
        struct Envelope: Decodable {
            struct Detail: Decodable {
                let message: String?
                let type: String?
            }
            let error: Detail
        }
        struct Bare: Decodable {
            let error: String
        }
        if let envelope = ProviderJSON.decodeIfPossible(Envelope.self, from: data) {
            return [envelope.error.type, envelope.error.message].compactMap { $0 }.joined(separator: ": ")
        }
        return ProviderJSON.decodeIfPossible(Bare.self, from: data)?.error
    }

    struct ChatRequest: Encodable {
        struct Message: Encodable {
            let role: String
            let content: String
        }

        struct ResponseFormat: Encodable {
            let type: String
        }

        let model: String
        let messages: [Message]
        let responseFormat: ResponseFormat
        let maxTokens: Int

        enum CodingKeys: String, CodingKey {
            case model, messages
            case responseFormat = "response_format"
            case maxTokens = "max_tokens"
        }
    }

    struct ChatResponse: Decodable {
        struct Choice: Decodable {
            struct Message: Decodable {
                let content: String?
            }

            let message: Message
        }

        let choices: [Choice]
    }
}
