/// A podcast queue directory that could not be read or changed.
public enum PodcastQueueError: Error, Equatable, Sendable, CustomStringConvertible {
    case fileSystem(path: String, reason: String)
    case invalidURL(String)

    public var description: String {
        switch self {
        case .fileSystem(let path, let reason): return "The podcast queue at \(path) could not be changed: \(reason). Check its permissions."
        case .invalidURL(let url): return "A podcast needs an http(s) address or a marks-source:// link, not '\(url.prefix(200))'."
        }
    }
}
