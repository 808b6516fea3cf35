/// Why Ask refused a request before answering it.
public enum AskError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A conversation id that is not 1–64 letters, digits, `-` or `_`.
    case invalidConversationID
    /// The conversation table could not be read or written.
    case storage(String)

    public var description: String {
        switch self {
        case .invalidConversationID: "a conversation id is 1–64 letters, digits, '-' or '_'"
        case .storage(let reason): "the Ask conversations could not be stored: \(reason)"
        }
    }
}
