import Foundation
import MarksAccess
import MarksFetch
import HTTPServer

/// Settings → Podcast feed: the private feed's URL (with its QR code) and the rotation of its secret.
extension SettingsController {
    /// `POST /settings/podcast-feed/rotate`: a new secret; every URL with the old one is a 404 from now on.
    func rotatePodcastFeed(_ request: HTTPRequest, secrets: PodcastFeedSecrets) throws -> HTTPResponse {
        try secrets.rotate()  // a failure is an unexpected error, logged with its cause
        return redirect("/settings", notice: "feed-rotated", anchor: "podcast-feed")
    }

    /// What Settings shows of the feed: its absolute URL on the configured public URL, else the address the request
    /// came to — unless that is loopback while Marks listens on the network: then the first network address, which a
    /// phone's podcast app can reach.
    func podcastFeedContent(_ request: HTTPRequest) -> PodcastFeedView.Content? {
        guard let secrets = feed else { return nil }
        var content = PodcastFeedView.Content(rotated: request.query["notice"] == "feed-rotated")
        var base: String
        switch listenReach(request) {
        case .thisComputer(let listening):
            base = PodcastFeedAddress.base(publicURL: web.publicURL, request: request, fallback: listening)
        case .network(let bases):
            base = PodcastFeedAddress.base(publicURL: web.publicURL, request: request, fallback: bases.first ?? "http://127.0.0.1:8080")
            if web.publicURL == nil, Self.isLoopback(base), let first = bases.first { base = first }
        }
        content.onlyThisComputer = web.publicURL == nil && Self.isLoopback(base)
        do {
            content.url = PodcastFeedAddress.feedURL(base: base, secret: try secrets.secret())
        } catch {
            content.problem = error.description
        }
        return content
    }

    /// True when `base` (`http://host:port`) names this computer only.
    private static func isLoopback(_ base: String) -> Bool {
        guard let host = URLComponents(string: base)?.host else { return false }
        return ListenAddress(host: host, port: 0).isLoopback
    }
}
