/// Why a page could not be fetched, in words a person can act on.
public enum FetchError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidURL(String)
    case unresolvable(host: String)
    case blockedAddress(host: String)
    case tooManyRedirects(Int)
    case timeout(seconds: Int)
    case network(String)
    case httpStatus(Int)
    case disabled

    public var description: String {
        switch self {
        case .invalidURL(let url): return "Not an http(s) URL: \(url.prefix(200))"
        case .unresolvable(let host): return "Cannot resolve \(host)."
        case .blockedAddress(let host): return "\(host) is on this machine or a private network; fetching it is off (allow_private_network_fetches)."
        case .tooManyRedirects(let limit): return "More than \(limit) redirects."
        case .timeout(let seconds): return "The page did not answer within \(seconds) s."
        case .network(let reason): return "The page could not be fetched: \(reason)"
        case .httpStatus(let status): return "The page answered HTTP \(status)."
        case .disabled: return "Page fetching is off (fetch_pages / MARKS_FETCH_PAGES)."
        }
    }
}
