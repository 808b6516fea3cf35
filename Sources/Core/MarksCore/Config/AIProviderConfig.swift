import Foundation

/// The `ai` section of `config.json`: which language model the AI features use. Absent, the offline
/// engine answers. The key comes from the environment variable `api_key_env` names (default
/// `ANTHROPIC_API_KEY` / `OPENAI_API_KEY`) or from `api_key` in the 0600 file; it is never printed.
public struct AIProviderConfig: Sendable, Equatable, Codable, CustomStringConvertible {
    /// The wire format the provider speaks.
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// The Anthropic Messages API (`POST /v1/messages`).
        case anthropic
        /// Any OpenAI-compatible chat-completions endpoint: OpenAI, OpenRouter, Ollama, a llama.cpp server.
        case openai
    }

    /// The provider's wire format.
    public var provider: Kind
    /// The API root, such as `https://api.anthropic.com` or `http://127.0.0.1:11434/v1`; nil takes the kind's default.
    public var baseURL: String?
    /// The model name, such as `claude-3-5-haiku-latest` or `llama3.2`.
    public var model: String
    /// The environment variable holding the key; nil takes `ANTHROPIC_API_KEY` or `OPENAI_API_KEY`.
    public var apiKeyEnv: String?
    /// The key itself (only in the 0600 config file); the environment variable wins when both are set.
    public var apiKey: String?
    /// Seconds to wait for an answer before falling back to the offline engine (default 30).
    public var timeoutSeconds: Int?

    /// A provider section.
    public init(provider: Kind, baseURL: String? = nil, model: String, apiKeyEnv: String? = nil, apiKey: String? = nil,
                timeoutSeconds: Int? = nil) {
        self.provider = provider
        self.baseURL = baseURL
        self.model = model
        self.apiKeyEnv = apiKeyEnv
        self.apiKey = apiKey
        self.timeoutSeconds = timeoutSeconds
    }

    enum CodingKeys: String, CodingKey {
        case provider, model
        case baseURL = "base_url"
        case apiKeyEnv = "api_key_env"
        case apiKey = "api_key"
        case timeoutSeconds = "timeout_seconds"
    }

    /// The API root used when `baseURL` is nil.
    public var defaultBaseURL: String {
        switch provider {
        case .anthropic: "https://api.anthropic.com"
        case .openai: "https://api.openai.com/v1"
        }
    }

    /// The environment variable read when `apiKeyEnv` is nil.
    public var defaultKeyVariable: String {
        switch provider {
        case .anthropic: "ANTHROPIC_API_KEY"
        case .openai: "OPENAI_API_KEY"
        }
    }

    /// The key: the named environment variable when set and non-empty, else `apiKey`; nil when neither.
    public func resolvedKey(environment: [String: String]) -> String? {
        if let value = environment[apiKeyEnv ?? defaultKeyVariable], !value.isEmpty { return value }
        if let apiKey, !apiKey.isEmpty { return apiKey }
        return nil
    }

    /// The section without its key, for messages and logs.
    public var description: String {
        "\(provider.rawValue):\(model) at \(baseURL ?? defaultBaseURL) (key \(apiKey == nil ? "from $\(apiKeyEnv ?? defaultKeyVariable)" : "in config"))"
    }
}
