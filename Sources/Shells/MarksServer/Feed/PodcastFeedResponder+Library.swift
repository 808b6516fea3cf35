import Foundation
import MarksPodcasts

extension PodcastFeedResponder.Episodes {
    /// The ready episodes of the podcast library: articles link to themselves, sources to their page in the web app.
    public static func library(_ library: PodcastLibrary) -> Self {
        Self(ready: { try library.episodes(.ready).map { Self.episode($0, in: library) } },
             byKey: { key in try library.episode(key: key).flatMap { $0.state == .ready ? Self.episode($0, in: library) : nil } })
    }

    static func episode(_ entry: PodcastEntry, in library: PodcastLibrary) -> FeedEpisode {
        FeedEpisode(key: entry.key, title: entry.title, site: entry.site, articleURL: entry.isSource ? nil : entry.url,
                    sourceID: entry.sourceID, published: entry.readyAt ?? entry.updatedAt, durationSeconds: entry.durationSeconds ?? 0,
                    file: library.audioFile(for: entry))
    }
}
