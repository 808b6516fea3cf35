import Foundation
import MarksAccess
import MarksFetch
import HTTPServer
import MarksCore

/// Settings → Podcast feed and Bookmark feeds: the private feeds' URLs (the podcast feed's with its QR code) and the
/// rotation of their secrets.
extension SettingsController {
    /// `POST /settings/podcast-feed/rotate`: a new secret; every URL with the old one is a 404 from now on.
    func rotatePodcastFeed(_ request: HTTPRequest, secrets: FeedSecrets) throws -> HTTPResponse {
        try secrets.rotate()  // a failure is an unexpected error, logged with its cause
        return redirect("/settings", notice: "feed-rotated", anchor: "podcast-feed")
    }

    /// `POST /settings/bookmark-feeds/rotate`: a new key; every bookmark feed URL with the old one is a 404 from now on.
    func rotateBookmarkFeeds(_ request: HTTPRequest, secrets: FeedSecrets) throws -> HTTPResponse {
        try secrets.rotate()
        return redirect("/settings", notice: "bookmark-feeds-rotated", anchor: "bookmark-feeds")
    }

    /// What Settings shows of the bookmark feeds: their URLs on the same base as the podcast feed's.
    func bookmarkFeedsContent(_ request: HTTPRequest) -> BookmarkFeedsView.Content? {
        guard let secrets = bookmarkFeeds else { return nil }
        let (base, onlyThisComputer) = feedBase(request)
        var content = BookmarkFeedsView.Content(rotated: request.query["notice"] == "bookmark-feeds-rotated", onlyThisComputer: onlyThisComputer)
        do {
            let key = try secrets.secret()
            content.urls = BookmarkFeed.Kind.allCases.filter { $0 != .publicShared }.map { BookmarkFeedsView.Feed(title: $0.title, url: "\(base)/feeds/\(key)/\($0.rawValue)") }
        } catch {
            content.problem = error.description
        }
        return content
    }

    /// What Settings shows of the feed: its absolute URL on the configured public URL, else the address the request
    /// came to — unless that is loopback while Marks listens on the network: then the first network address, which a
    /// phone's podcast app can reach.
    func podcastFeedContent(_ request: HTTPRequest) -> PodcastFeedView.Content? {
        guard let secrets = feed else { return nil }
        var content = PodcastFeedView.Content(rotated: request.query["notice"] == "feed-rotated")
        let (base, onlyThisComputer) = feedBase(request)
        content.onlyThisComputer = onlyThisComputer
        do {
            content.url = FeedAddress.feedURL(base: base, secret: try secrets.secret())
        } catch {
            content.problem = error.description
        }
        return content
    }

    /// The base of the feeds' URLs, and whether only this computer reaches it.
    private func feedBase(_ request: HTTPRequest) -> (base: String, onlyThisComputer: Bool) {
        var base: String
        switch listenReach(request) {
        case .thisComputer(let listening):
            base = FeedAddress.base(publicURL: web.publicURL, request: request, fallback: listening)
        case .network(let bases):
            base = FeedAddress.base(publicURL: web.publicURL, request: request, fallback: bases.first ?? "http://127.0.0.1:8080")
            if web.publicURL == nil, Self.isLoopback(base), let first = bases.first { base = first }
        }
        return (base, web.publicURL == nil && Self.isLoopback(base))
    }

    /// True when `base` (`http://host:port`) names this computer only.
    private static func isLoopback(_ base: String) -> Bool {
        guard let host = URLComponents(string: base)?.host else { return false }
        return ListenAddress(host: host, port: 0).isLoopback
    }
}
