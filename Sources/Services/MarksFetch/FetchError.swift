import HTTPClient

/// Why a page could not be fetched, in words a person can act on.
public enum FetchError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidURL(String)
    case unresolvable(host: String)
    case blockedAddress(host: String)
    case tooManyRedirects(Int)
    /// The whole fetch (every hop) did not finish within the policy's deadline.
    case timeout(seconds: Double)
    /// Too many fetches were in flight for the whole deadline.
    case busy
    /// The network failed; the client's error says how (refused, too slow, too large, TLS, …).
    case network(HTTPClientError)
    case httpStatus(Int)
    case disabled
    /// A run stopped: this many sites did not resolve and none answered, so the network looks unreachable.
    case offline(unresolvedSites: Int)

    public var description: String {
        switch self {
        case .invalidURL(let url): return "Not an http(s) URL: \(url.prefix(200))"
        case .unresolvable(let host): return "Cannot resolve \(host)."
        case .blockedAddress(let host): return "\(host) is on this machine, a private network or a reserved range; fetching it is off (allow_private_network_fetches)."
        case .tooManyRedirects(let limit): return "More than \(limit) redirects."
        case .timeout(let seconds): return "The page did not answer within \(HTTPClientError.formatSeconds(seconds)) s."
        case .busy: return "Too many pages are being fetched at once; try again shortly."
        case .network(let error): return "The page could not be fetched: \(error.reason)."
        case .httpStatus(let status): return "The page answered HTTP \(status)."
        case .disabled: return "Page fetching is off (fetch_pages / MARKS_FETCH_PAGES)."
        case .offline(let count): return "The network looks unreachable (\(count) sites could not be resolved and none answered); the pages not tried yet wait for the next run."
        }
    }
}
