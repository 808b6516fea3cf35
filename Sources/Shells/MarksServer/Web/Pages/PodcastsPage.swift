import MarksPodcasts

/// The Podcasts tab (`/podcasts`): the play queue ("Up next", reordered with Up / Down and emptied with Remove — plain
/// forms; the script keeps the page in place), then the library filtered unplayed / played / all, newest first. Empty
/// states say what to do: any bookmark or source becomes an episode with its Podcast action.
struct PodcastsPage {
    var filter: PodcastLibraryFilter
    var episodes: [PodcastEntry]
    var queue: [PodcastEntry]
    /// Whether the library has any episode at all (for the empty state's wording).
    var hasAny: Bool
    var context: PageContext

    static let filters: [(PodcastLibraryFilter, String)] = [(.unplayed, "Unplayed"), (.played, "Played"), (.all, "All")]

    var title: String { "Podcasts" }

    func render() -> HTML {
        let segments = HTML.each(Self.filters) { item in
            "<a href=\"\(SafeURL.path("/podcasts", query: [("show", item.0.rawValue)]))\"\(HTML.current(filter == item.0)) id=\"show-\(item.0.rawValue)\">\(item.1)</a>"
        }
        let count = episodes.count == 1 ? "1 episode" : "\(episodes.count) episodes"
        return """
            <h1>Podcasts</h1>\
            <p class="hint">Your bookmarks and sources read aloud. Press <strong>Podcast</strong> on a bookmark or a source to make an episode; \
            the player keeps playing while you move between pages.</p>\
            <section aria-labelledby="queue-heading"><h2 id="queue-heading">Up next</h2>\(queueHTML())</section>\
            <section aria-labelledby="library-heading"><h2 id="library-heading">Library</h2>\
            <div class="toolbar"><nav class="segments" aria-label="Show" id="show">\(segments)</nav>\
            <span class="count" id="episode-count">\(count)</span></div>\(listHTML())</section>
            """
    }

    private func queueHTML() -> HTML {
        guard !queue.isEmpty else {
            return "<p class=\"hint\" id=\"queue-empty\">Nothing queued. Press <strong>Queue</strong> on an episode below: the player plays the queue in order, one episode after the other.</p>"
        }
        let back = context.returnPath
        let items = HTML.each(queue.enumerated()) { item in
            let (place, entry) = (item.offset, item.element)
            let name = entry.title.isEmpty ? entry.url : entry.title
            let state: HTML = entry.state == .ready ? .empty : " \(EpisodeText.badge(entry.rowState))"
            let length: HTML = EpisodeText.minutes(entry.durationSeconds).map { "<span class=\"meta\">\($0)</span>" } ?? .empty
            let up: HTML = place == 0 ? .empty : EpisodeText.button("/podcasts/\(entry.key)/move", "Up", context: context, back: back,
                                                                   ariaLabel: "Move “\(name)” up", fields: [("to", String(place - 1))])
            let down: HTML = place == queue.count - 1 ? .empty
                : EpisodeText.button("/podcasts/\(entry.key)/move", "Down", context: context, back: back,
                                     ariaLabel: "Move “\(name)” down", fields: [("to", String(place + 1))])
            let remove = EpisodeText.button("/podcasts/\(entry.key)/unqueue", "Remove", context: context, back: back,
                                            ariaLabel: "Remove “\(name)” from the queue")
            return """
                <li id="q\(entry.key)"><span class="q-title"><a href="\(SafeURL.path("/podcasts/" + entry.key))">\(name)</a>\(state)</span>\
                \(length)\(up)\(down)\(remove)</li>
                """
        }
        return "<ol class=\"queue\" id=\"queue\">\(items)</ol>"
    }

    private func listHTML() -> HTML {
        guard episodes.isEmpty else {
            return "<ul class=\"episodes\" id=\"episodes\">\(HTML.each(episodes) { EpisodeRowView(entry: $0, context: context).render() })</ul>"
        }
        guard hasAny else {
            return """
                <div class="empty" id="podcasts-empty"><h2>No podcasts yet</h2>\
                <p>Any bookmark or source becomes an episode: press <strong>Podcast</strong> on a bookmark in the \
                <a href="/">list</a> or on its page, or on a <a href="/sources">source</a>. Marks reads it aloud, and it appears here.</p></div>
                """
        }
        let message: HTML = switch filter {
        case .unplayed: "Nothing left to play: every episode has been played. <a href=\"/podcasts?show=played\">Played</a> lists them."
        case .played: "No episode has been played to the end yet. <a href=\"/podcasts?show=unplayed\">Unplayed</a> lists what waits."
        default: "No episodes match."
        }
        return "<div class=\"empty\" id=\"podcasts-empty\"><p>\(message)</p></div>"
    }
}
