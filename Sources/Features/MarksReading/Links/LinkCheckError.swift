/// Why the link check failed as a whole (one link that does not answer is a result, not an error).
public enum LinkCheckError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `marks.sqlite` could not be read or written.
    case storage(String)
    /// A stored check has a status this version does not know.
    case damaged(String)

    public var description: String {
        switch self {
        case .storage(let detail): "The link checks could not be read or saved: \(detail)"
        case .damaged(let detail): "A stored link check is damaged: \(detail)"
        }
    }
}
