import Foundation
import MarksLibrary
import MarksServer

extension CompositionRoot {
    /// The private podcast feed's secret in `marks.sqlite` (made on first use).
    func podcastFeedSecrets() throws -> PodcastFeedSecrets {
        try PodcastFeedSecrets(database: try data().database, now: context.now)
    }

    /// The podcast library the feed lists (read only: its ready episodes and their files in `<data>/podcasts`).
    func podcastFeedLibrary() throws -> PodcastLibrary {
        PodcastLibrary(index: try PodcastIndex(database: try data().database), directory: PodcastLibrary.directory(in: paths.dataDirectory),
                       library: nil, widgets: nil, now: context.now)
    }

    /// The feed's URL as `marks podcast feed` prints it: on the configured public URL, else on the address a running
    /// `marks serve` recorded (its first network address when it listens beyond loopback), else on the default
    /// address. `onlyThisComputer` is true when a phone could not reach it.
    func podcastFeedURL() throws -> (url: String, onlyThisComputer: Bool) {
        let secret = try podcastFeedSecrets().secret()
        let base: String
        if let publicURL = config.publicURL, !publicURL.isEmpty {
            base = PodcastFeedAddress.base(publicURL: publicURL, request: nil, fallback: Self.defaultServeURL)
        } else if let listening = try ListenAddress.load(from: paths.dataDirectory) {
            switch listening.reach(lanAddresses: ListenAddress.lanAddresses()) {
            case .thisComputer(let only): base = only
            case .network(let bases): base = bases.first ?? Self.defaultServeURL
            }
        } else {
            base = Self.defaultServeURL
        }
        let onlyThisComputer = config.publicURL?.isEmpty != false && (base.contains("://127.") || base.contains("://localhost") || base.contains("://[::1]"))
        return (PodcastFeedAddress.feedURL(base: base, secret: secret), onlyThisComputer)
    }
}
