import MarksCore

/// Library-level refusals, before anything reaches the bookmark source.
public enum LibraryError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidURL(String)
    /// An address longer than linkding keeps (`LinkdingLimits.urlLength`, in characters).
    case urlTooLong(length: Int)
    /// Sync and AI metadata need the local cache, and this library was opened without one.
    case noCache
    /// An import through the API stopped part-way: the server could not be reached or refused the token.
    case importInterrupted(done: Int, total: Int, reason: String)
    /// A tag name that is empty once cleaned (white space only, or nothing).
    case invalidTag(String)
    /// A restore while the delete is on its way to the linkding server.
    case deleteInFlight
    /// A queued linkding delete whose server is no longer the configured one.
    case sourceGone(String)

    public var description: String {
        switch self {
        case .invalidURL(let url): return "Not a web address Marks can save: '\(url.prefix(200))' (it must start with http:// or https:// and name a host)."
        case .urlTooLong(let length):
            return "That address is \(length.grouped) characters long; linkding keeps addresses of up to \(LinkdingLimits.urlLength.grouped) characters. Shorten it (tracking parameters can usually go) and try again."
        case .noCache: return "This library has no local cache; open it with a data directory to sync or keep AI metadata."
        case .importInterrupted(let done, let total, let reason):
            return "The import stopped after \(done) of \(total) bookmarks: \(reason) Run it again to finish: bookmarks already saved are updated, not duplicated."
        case .invalidTag(let tag): return "'\(tag.prefix(100))' is not a tag name: a tag needs at least one character other than spaces."
        case .deleteInFlight:
            return "The delete is being sent to the linkding server right now. Try Restore again in a moment."
        case .sourceGone(let source):
            return "This delete is for \(source), which is no longer the configured bookmark server; it is sent when that server is configured again."
        }
    }

    /// Refuses an address linkding would not keep: longer than 2,048 characters (said so), or not http(s) with a host.
    public static func check(webURL url: String) throws(LibraryError) {
        let length = LinkdingLimits.length(url)
        guard length <= LinkdingLimits.urlLength else { throw .urlTooLong(length: length) }
        guard URLNormalizer.isValidWebURL(url, allowDotlessHosts: true) else { throw .invalidURL(url) }
    }
}
