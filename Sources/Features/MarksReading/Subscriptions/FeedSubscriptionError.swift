/// Why following a feed failed, in words the Settings page and the CLI show as they are.
public enum FeedSubscriptionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The address is not an http(s) URL.
    case invalidURL(String)
    /// The feed is already followed (its id).
    case duplicate(id: Int)
    /// As many feeds as Marks follows are followed already (the limit).
    case tooMany(Int)
    /// No subscription has this id.
    case notFound(Int)
    /// The answer is not a feed Marks can read: the reason (a wrong type, XML that is not well-formed, too large…).
    case notAFeed(String)
    /// The feed could not be fetched: the fetcher's words.
    case fetch(String)
    /// An OPML file could not be read.
    case opml(String)
    /// `marks.sqlite` could not be read or written.
    case storage(String)

    public var description: String {
        switch self {
        case .invalidURL(let url): "Not an http(s) address: \(url.prefix(200))"
        case .duplicate(let id): "This feed is already followed (feed \(id))."
        case .tooMany(let limit): "Marks follows at most \(limit) feeds; remove one first."
        case .notFound(let id): "No followed feed has the id \(id)."
        case .notAFeed(let reason): "Not a feed: \(reason)."
        case .fetch(let reason): reason
        case .opml(let reason): "The OPML file could not be read: \(reason)."
        case .storage(let detail): "The followed feeds could not be read or saved: \(detail)"
        }
    }
}
