/// Which engine answers AI requests and whether it looks usable, for a status line ("Engine: offline, model installed").
public struct EngineStatus: Sendable, Equatable {
    /// The kind of engine in use.
    public enum Kind: String, Sendable, Equatable {
        /// The in-process engine on the sentence-embedding model.
        case offline
        /// A language model (Anthropic or OpenAI-compatible), with the offline engine behind it.
        case provider
        /// A remote Marks backend (`/v1/`).
        case backend
    }

    /// The kind.
    public var kind: Kind
    /// `"offline"`, `"<provider>:<model>"` or the backend's URL.
    public var name: String
    /// False when it cannot answer as configured (offline: the model is not installed; provider: no key).
    public var healthy: Bool
    /// One line for people: what is in use and, when unhealthy, what to do.
    public var detail: String

    /// A status as given.
    public init(kind: Kind, name: String, healthy: Bool, detail: String) {
        self.kind = kind
        self.name = name
        self.healthy = healthy
        self.detail = detail
    }
}
