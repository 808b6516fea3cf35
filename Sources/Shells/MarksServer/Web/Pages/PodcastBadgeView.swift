import MarksPodcasts

/// A row's podcast state as a badge (bookmark rows and source rows): queued, generating with its progress,
/// ready, played, failed; none shows nothing.
enum PodcastBadgeView {
    static func render(_ state: PodcastRowState?) -> HTML {
        guard let state else { return .empty }
        switch state {
        case .queued: return "<span class=\"badge podcast\">Podcast queued</span>"
        case .generating(let progress): return "<span class=\"badge podcast\">Podcast \(EpisodeText.percent(progress))%</span>"
        case .ready: return "<span class=\"badge podcast\">Podcast ready</span>"
        case .played: return "<span class=\"badge podcast\">Podcast played</span>"
        case .failed: return "<span class=\"badge podcast\">Podcast failed</span>"
        }
    }
}
