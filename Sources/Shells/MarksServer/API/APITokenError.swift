/// Why the API token could not be read or written.
public enum APITokenError: Error, Equatable, Sendable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case unwritable(path: String, reason: String)
    case malformed(path: String)
    case randomness(String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "Cannot read the API token file \(path): \(reason)."
        case .unwritable(let path, let reason): "Cannot write the API token file \(path): \(reason)."
        case .malformed(let path): "The API token file \(path) does not hold 40 hex characters. Make a new token with `marks token --rotate`."
        case .randomness(let reason): "Cannot make a random token: \(reason)."
        }
    }
}
