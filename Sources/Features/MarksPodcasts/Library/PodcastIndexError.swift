/// Why the podcast library could not do what was asked.
public enum PodcastIndexError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The database failed.
    case storage(String)
    /// No episode with this key.
    case notFound(String)
    /// A value that cannot be stored (an address that is not a podcast item, a negative position).
    case invalid(String)
    /// The audio file could not be written or removed.
    case file(path: String, reason: String)

    public var description: String {
        switch self {
        case .storage(let message): "The podcast library could not be read or written: \(message)"
        case .notFound(let key): "There is no podcast episode \(key.prefix(64)) in the library."
        case .invalid(let message): message
        case .file(let path, let reason): "The podcast file \(path) could not be changed: \(reason)"
        }
    }
}
