/// An engine's answer with the engine that made it: `"offline"` or `"<provider>:<model>"`, and, when a
/// provider failed and the offline engine answered instead, why.
public struct EngineAnswer<Value: Sendable>: Sendable {
    /// The answer.
    public var value: Value
    /// `"offline"`, `"anthropic:<model>"` or `"openai:<model>"`.
    public var engine: String
    /// Why the configured provider did not answer (nil when it did, or when none is configured).
    public var fallbackReason: String?

    /// An answer as given.
    public init(value: Value, engine: String, fallbackReason: String? = nil) {
        self.value = value
        self.engine = engine
        self.fallbackReason = fallbackReason
    }
}

extension EngineAnswer: Equatable where Value: Equatable {}
