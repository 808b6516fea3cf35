/// Errors from the AI engine, each with a message a user (or an API client) can act on.
public enum EngineError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A list holds more entries than the engine accepts.
    case tooManyItems(field: String, count: Int, limit: Int)
    /// A string is longer than the engine accepts (lengths in UTF-8 bytes).
    case tooLong(field: String, length: Int, limit: Int)
    /// A required string is empty or only white space.
    case missingValue(field: String)
    /// The embedding model failed or returned vectors of the wrong shape.
    case embeddingFailed(reason: String)
    /// The embedding cache could not be read or written.
    case cacheFailed(reason: String)

    public var description: String {
        switch self {
        case let .tooManyItems(field, count, limit):
            return "\(field) has \(count) entries; at most \(limit) are accepted. Send fewer."
        case let .tooLong(field, length, limit):
            return "\(field) is \(length) bytes long; at most \(limit) are accepted. Shorten it."
        case let .missingValue(field):
            return "\(field) is empty; give a value."
        case let .embeddingFailed(reason):
            let said = reason.hasSuffix(".") ? String(reason.dropLast()) : reason
            return "The sentence-embedding model failed: \(said). Reinstall it with scripts/fetch-model.sh."
        case let .cacheFailed(reason):
            return "The embedding cache failed: \(reason)."
        }
    }
}

extension EngineError {
    /// Whether the embedding model failed (not installed, unreadable): the engine cannot answer any request.
    public var isEmbeddingFailure: Bool {
        if case .embeddingFailed = self { true } else { false }
    }
}
