import Foundation
import MarksCore
import SystemSupport

/// A provider ready to call: its wire format, endpoint, model, key and patience. Built from the `ai`
/// section of `config.json` and the environment (where the key usually is).
public struct ProviderSettings: Sendable, Equatable, CustomStringConvertible {
    /// The provider's wire format.
    public var kind: AIProviderConfig.Kind
    /// The API root: `https://api.anthropic.com`, or an OpenAI-compatible root ending in `/v1`.
    public var baseURL: URL
    /// The model name.
    public var model: String
    /// The key (nil is allowed for OpenAI-compatible local servers such as Ollama).
    public var apiKey: String?
    /// The environment variable the key was looked up in (for messages).
    public var keyVariable: String
    /// How long one request may take before the engine falls back.
    public var timeout: Duration
    /// A 429's `Retry-After` is honoured once when it is at most this long; longer, the engine falls back at once.
    public var maximumRetryWait: Duration
    /// The most tokens a model may answer with.
    public var maximumTokens: Int

    /// Settings as given.
    public init(kind: AIProviderConfig.Kind, baseURL: URL, model: String, apiKey: String?, keyVariable: String = "",
                timeout: Duration = .seconds(30), maximumRetryWait: Duration = .seconds(10), maximumTokens: Int = 2048) {
        self.kind = kind
        self.baseURL = baseURL
        self.model = model
        self.apiKey = apiKey
        self.keyVariable = keyVariable
        self.timeout = timeout
        self.maximumRetryWait = maximumRetryWait
        self.maximumTokens = maximumTokens
    }

    /// The settings an `ai` section describes, with the key read from `environment` first.
    public init(config: AIProviderConfig, environment: [String: String]) throws(ProviderError) {
        let base = (config.baseURL ?? config.defaultBaseURL).trimmingCharacters(in: .whitespaces)
        guard let url = URL(string: base), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !host.isEmpty else {
            throw .invalidConfiguration("base_url \"\(base.prefix(200))\" is not an http(s) URL")
        }
        let model = config.model.trimmingCharacters(in: .whitespaces)
        guard !model.isEmpty else { throw .invalidConfiguration("model is empty") }
        let seconds = config.timeoutSeconds ?? 30
        guard (1...600).contains(seconds) else { throw .invalidConfiguration("timeout_seconds must be 1…600") }
        self.init(kind: config.provider, baseURL: url, model: model, apiKey: config.resolvedKey(environment: environment),
                  keyVariable: config.apiKeyEnv ?? config.defaultKeyVariable, timeout: .seconds(seconds))
    }

    /// How a provider call is retried: a POST that costs money is sent again only after a 429 whose
    /// `Retry-After` is at most `maximumRetryWait`, and only once.
    public var retry: RetryPolicy {
        RetryPolicy.request(maxAttempts: 2, baseDelay: .zero, maximumRetryAfter: maximumRetryWait)
    }

    /// `"anthropic:<model>"` or `"openai:<model>"`, the `engine` of answers this provider makes.
    public var engineName: String { "\(kind.rawValue):\(model)" }

    /// The settings without the key.
    public var description: String {
        "\(engineName) at \(baseURL.absoluteString) (\(apiKey == nil ? "no key" : "key set"))"
    }

    /// The root with `path` appended, keeping any path the root has (`…/v1` + `/chat/completions`).
    func endpoint(_ path: String) -> URL {
        var root = baseURL.absoluteString
        while root.hasSuffix("/") { root.removeLast() }
        return URL(string: root + path) ?? baseURL // safe: a valid http(s) root plus a fixed ASCII path is a valid URL
    }
}
