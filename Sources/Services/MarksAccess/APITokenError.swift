/// Why the API token could not be read or written.
public enum APITokenError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file exists but could not be read.
    case unreadable(path: String, reason: String)
    /// The file could not be written (disk full, permissions).
    case unwritable(path: String, reason: String)
    /// The file does not hold 40 hex characters.
    case malformed(path: String)
    /// The system's random generator failed.
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
