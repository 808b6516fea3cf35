import Foundation
import MarksAccess
import MarksBookmarks
import MarksFetch
import MarksServer

extension CompositionRoot {
    /// The private podcast feed's secret in `marks.sqlite` (made on first use).
    public func podcastFeedSecrets() throws -> FeedSecrets {
        try FeedSecrets(kind: .podcast, database: try data().database, now: context.now)
    }

    /// The bookmark feeds' key in `marks.sqlite` (made on first use).
    public func bookmarkFeedSecrets() throws -> FeedSecrets {
        try FeedSecrets(kind: .bookmarks, database: try data().database, now: context.now)
    }

    /// The feed's URL as `marks podcast feed` prints it: on the configured public URL, else on `web` (`--web`,
    /// `$MARKS_WEB_URL`), else on the address a running `marks serve` recorded (its first network address when it
    /// listens beyond loopback), else on the default address. `onlyThisComputer` is true when a phone could not reach it.
    public func podcastFeedURL(web: String? = nil) throws -> (url: String, onlyThisComputer: Bool) {
        let secret = try podcastFeedSecrets().secret()
        let base: String
        if let publicURL = config.publicURL, !publicURL.isEmpty {
            base = FeedAddress.base(publicURL: publicURL, request: nil, fallback: Self.defaultServeURL)
        } else if let web {
            base = FeedAddress.base(publicURL: web, request: nil, fallback: Self.defaultServeURL)
        } else if let listening = try ListenAddress.load(from: paths.dataDirectory) {
            switch listening.reach(lanAddresses: ListenAddress.lanAddresses()) {
            case .thisComputer(let only): base = only
            case .network(let bases): base = bases.first ?? Self.defaultServeURL
            }
        } else {
            base = Self.defaultServeURL
        }
        let host = URLComponents(string: base)?.host ?? ""
        let onlyThisComputer = config.publicURL?.isEmpty != false && ListenAddress(host: host, port: 0).isLoopback
        return (FeedAddress.feedURL(base: base, secret: secret), onlyThisComputer)
    }
}
