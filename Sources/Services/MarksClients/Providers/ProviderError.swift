/// Why a language-model provider gave no usable answer; the description becomes the `fallback_reason`
/// the engine reports. No case ever holds the API key.
public enum ProviderError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No key is configured for a provider that needs one.
    case missingKey(variable: String)
    /// The `ai` section cannot be used (a bad base URL, an empty model).
    case invalidConfiguration(String)
    /// 401/403: the key was refused.
    case unauthorized(String)
    /// 429, still after honouring one `Retry-After`.
    case rateLimited(retryAfter: Int?)
    /// 529 or 503: the provider is overloaded.
    case overloaded(status: Int)
    /// Another non-2xx status.
    case server(status: Int, message: String)
    /// No answer within the timeout.
    case timeout(seconds: Int)
    /// The network failed (connection refused, DNS, TLS).
    case unreachable(String)
    /// The HTTP answer is not the provider's JSON format.
    case malformedResponse(String)
    /// The model answered, but not with the JSON asked for.
    case invalidAnswer(String)

    public var description: String {
        switch self {
        case .missingKey(let variable): "no API key (set $\(variable) or api_key in the ai section of config.json)"
        case .invalidConfiguration(let reason): "the ai configuration is unusable: \(reason)"
        case .unauthorized(let message): "the API key was refused (\(message))"
        case .rateLimited(let retryAfter): "rate limited (HTTP 429\(retryAfter.map { ", retry after \($0) s" } ?? ""))"
        case .overloaded(let status): "the provider is overloaded (HTTP \(status))"
        case .server(let status, let message): "HTTP \(status): \(message)"
        case .timeout(let seconds): "no answer within \(seconds) s"
        case .unreachable(let reason): "unreachable: \(reason)"
        case .malformedResponse(let reason): "the response is not the provider's format: \(reason)"
        case .invalidAnswer(let reason): "the model's answer is not the JSON asked for: \(reason)"
        }
    }
}
