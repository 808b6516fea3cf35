/// Library-level refusals, before anything reaches the bookmark source.
public enum LibraryError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidURL(String)
    /// Sync and AI metadata need the local cache, and this library was opened without one.
    case noCache
    /// An import through the API stopped part-way: the server could not be reached or refused the token.
    case importInterrupted(done: Int, total: Int, reason: String)

    public var description: String {
        switch self {
        case .invalidURL(let url): return "Not a web address Marks can save: '\(url.prefix(200))' (it must start with http:// or https:// and name a host)."
        case .noCache: return "This library has no local cache; open it with a data directory to sync or keep AI metadata."
        case .importInterrupted(let done, let total, let reason):
            return "The import stopped after \(done) of \(total) bookmarks: \(reason) Run it again to finish: bookmarks already saved are updated, not duplicated."
        }
    }
}
