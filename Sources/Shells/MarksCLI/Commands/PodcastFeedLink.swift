/// The private podcast feed's address for `marks podcast feed` (the feed itself: `PodcastFeedResponder` and its
import MarksAssembly
/// secret in `marks.sqlite`, `/feed/<secret>/podcast.xml`): on the configured public URL, else on `web` when given
/// (`--web`, `$MARKS_WEB_URL`), else where a running `marks serve` listens, else on the default address.
enum PodcastFeedLink {
    /// The feed's URL, and whether only this computer can open it (a loopback address and no public URL).
    static func url(root: CompositionRoot, web: String?) throws -> (url: String, onlyThisComputer: Bool) {
        try root.podcastFeedURL(web: web)
    }
}
