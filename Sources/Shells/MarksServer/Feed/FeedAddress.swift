import Foundation
import HTTPServer

/// Where the feeds' absolute URLs point (the podcast feed's and the bookmark feeds'): the configured public URL (`public_url`, `MARKS_PUBLIC_URL`: what a proxy
/// in front of Marks answers on, https and all), else the Host the request came to (`http://`, as Marks serves, or `https://` behind a trusted TLS proxy),
/// else `fallback` (the address Marks listens on).
public enum FeedAddress {
    /// The base URL, without a trailing slash.
    public static func base(publicURL: String?, request: HTTPRequest?, fallback: String) -> String {
        if let publicURL = publicURL?.trimmingCharacters(in: .whitespaces), !publicURL.isEmpty { return trimmed(publicURL) }
        if let host = request?.headers["Host"], LinkdingAPI.isValidHost(host) {
            // `X-Forwarded-Proto` survives routing only from a trusted proxy (MarksApp drops it otherwise).
            return (request?.headers["X-Forwarded-Proto"]?.lowercased() == "https" ? "https://" : "http://") + host
        }
        return trimmed(fallback)
    }

    /// The feed's URL below `base`.
    public static func feedURL(base: String, secret: String) -> String {
        "\(trimmed(base))/feed/\(secret)/podcast.xml"
    }

    /// `path` with a feed's secret hidden, for logs: `/feed/…/podcast.xml`, `/feeds/…/unread` (`/feeds/shared` has none).
    public static func redacted(_ path: String) -> String {
        for prefix in ["/feed/", "/feeds/"] where path.hasPrefix(prefix) {
            let rest = path.dropFirst(prefix.count)
            if prefix == "/feeds/" && rest == "shared" { return path }
            guard let slash = rest.firstIndex(of: "/") else { return prefix + "…" }
            return prefix + "…" + rest[slash...]
        }
        return path
    }

    private static func trimmed(_ base: String) -> String {
        var base = base
        while base.hasSuffix("/") { base.removeLast() }
        return base
    }
}
