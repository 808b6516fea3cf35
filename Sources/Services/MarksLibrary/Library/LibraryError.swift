/// Library-level refusals, before anything reaches the bookmark source.
public enum LibraryError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidURL(String)

    public var description: String {
        switch self {
        case .invalidURL(let url): return "Not a web address Marks can save: '\(url.prefix(200))' (it must start with http:// or https:// and name a host)."
        }
    }
}
