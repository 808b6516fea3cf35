/// A podcast request that could not be queued, or a file of the old queue that could not be moved.
public enum PodcastQueueError: Error, Equatable, Sendable, CustomStringConvertible {
    case fileSystem(path: String, reason: String)
    case invalidURL(String)
    /// The id maker gave an id that is not letters, digits and `-`.
    case invalidID(String)

    public var description: String {
        switch self {
        case .fileSystem(let path, let reason): return "The podcast queue at \(path) could not be changed: \(reason). Check its permissions."
        case .invalidURL(let url): return "A podcast needs an http(s) address or a marks-source:// link, not '\(url.prefix(200))'."
        case .invalidID(let id): return "The podcast request id '\(id.prefix(80))' is not letters, digits and dashes."
        }
    }
}
