/// Why the share flow could not go on, in words a person can act on.
public enum ShareError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing shared held an http(s) link.
    case noLinkFound
    /// The web app address given for a bookmarklet cannot be used.
    case invalidWebAppURL(String)

    public var description: String {
        switch self {
        case .noLinkFound: return "No link found: the shared text has no http:// or https:// address."
        case .invalidWebAppURL(let url):
            let printable = String(String.UnicodeScalarView(url.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7f }.prefix(200)))
            return "The web app address '\(printable)' cannot be used for a bookmarklet: give http(s)://host[:port][/path] with plain characters."
        }
    }
}
