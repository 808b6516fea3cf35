/// One language-model API: sends a system and a user message, returns the model's text; or streams one turn of
/// a conversation with tools. Conformers:
/// `AnthropicClient` (Messages API) and `OpenAICompatibleClient` (chat completions).
public protocol ProviderClient: Sendable {
    /// `"anthropic:<model>"` or `"openai:<model>"`.
    var engineName: String { get }
    /// The model's answer to `prompt`, or the reason there is none.
    func complete(_ prompt: ProviderPrompt) async throws(ProviderError) -> String
    /// The model's next turn of a tool-using conversation, streamed: `onText` gets its text as it arrives.
    func chat(_ request: ChatRequest, onText: @escaping @Sendable (String) -> Void) async throws(ProviderError) -> ChatReply
}

/// What is sent to a model: instructions, the material, and a cap on the answer's length.
public struct ProviderPrompt: Sendable, Equatable {
    /// The instructions (the system prompt).
    public var system: String
    /// The material and the question (the user message).
    public var user: String
    /// The most tokens the answer may use.
    public var maximumTokens: Int

    /// A prompt as given.
    public init(system: String, user: String, maximumTokens: Int) {
        self.system = system
        self.user = user
        self.maximumTokens = maximumTokens
    }
}

extension ProviderSettings {
    /// The client for this provider's kind; `sleep` waits out a `Retry-After` and measures timeouts.
    public func client(
        transport: HTTPTransport = .live,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) -> any ProviderClient {
        switch kind {
        case .anthropic: AnthropicClient(settings: self, transport: transport, sleep: sleep)
        case .openai: OpenAICompatibleClient(settings: self, transport: transport, sleep: sleep)
        }
    }
}
