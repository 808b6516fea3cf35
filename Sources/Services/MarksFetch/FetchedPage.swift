import Foundation
import MarksCore

/// A fetched page: where it ended up, its status and type, the body (cut at the policy's size cap) and the redirects
/// followed on the way, in order.
public struct FetchedPage: Sendable {
    public var url: URL
    public var status: Int
    public var contentType: String?
    public var body: Data
    public var truncated: Bool
    public var redirects: [RedirectHop]
    /// The last answer's validators, by the names in `keptHeaders` (`ETag`, `Last-Modified`), when it sent them.
    public var headers: [String: String] = [:]

    /// The response headers a fetched page keeps (a conditional GET's validators).
    public static let keptHeaders = ["ETag", "Last-Modified"]

    /// A fetched page value.
    public init(url: URL, status: Int, contentType: String?, body: Data, truncated: Bool, redirects: [RedirectHop] = []) {
        self.url = url
        self.status = status
        self.contentType = contentType
        self.body = body
        self.truncated = truncated
        self.redirects = redirects
    }

    /// True when the body is HTML (or has no declared type).
    public var isHTML: Bool {
        guard let type = contentType?.lowercased() else { return true }
        return type.contains("html") || type.contains("xml")
    }
}
