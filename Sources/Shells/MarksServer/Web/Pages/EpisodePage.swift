import MarksPodcasts

/// An episode's page (`/podcasts/<key>`), the full player. Without script it is a plain `<audio controls>` that starts
/// where playback stopped (a `#t=` media fragment; a chapter link `?t=<seconds>` starts there), with forms to mark it
/// played or unplayed and to queue it. With script (`app-podcast-page.js`) the episode plays in the shell's player — it
/// keeps playing on other pages — and the controls below show: play/pause, back 15 s, forward 30 s, a position
/// slider, speed 0.8–3×, a sleep timer, the chapters, and the keys listed on the page. While the episode is being
/// made the page shows its progress (the script follows it and shows the player when the audio is ready).
struct EpisodePage {
    var entry: PodcastEntry
    /// Where to start, from `?t=` (nil: where playback stopped).
    var start: Double?
    /// The bookmark's page and the article, when the episode is a bookmark's.
    var bookmarkPath: String?
    /// What the Try again button of a failed episode posts to (the bookmark's or the source's Podcast action).
    var retryAction: String?
    var context: PageContext

    static let speeds: [Double] = [0.8, 0.9, 1, 1.1, 1.2, 1.3, 1.5, 1.75, 2, 2.5, 3]
    static let sleepMinutes = [5, 10, 15, 30, 45, 60]

    var title: String { entry.title.isEmpty ? "Episode" : entry.title }

    func render() -> HTML {
        let key = entry.key
        let position = start ?? (entry.played ? 0 : entry.positionSeconds)
        let length: HTML = EpisodeText.minutes(entry.durationSeconds).map { entry.site.isEmpty ? HTML.text($0) : " · \($0)" } ?? .empty
        var links: [HTML] = []
        if let bookmarkPath { links.append("<a href=\"\(SafeURL.path(bookmarkPath))\" id=\"episode-bookmark\">The bookmark</a>") }
        if let article = SafeURL.web(entry.url) { links.append("<a href=\"\(article)\" id=\"episode-article\">The article</a>") }
        if let source = entry.sourceID { links.append("<a href=\"\(SafeURL.path("/sources/" + source))\" id=\"episode-source\">The source</a>") }
        return """
            <article class="episode" id="episode" data-key="\(key)" data-state="\(entry.state.rawValue)" data-title="\(title)" \
            data-site="\(entry.site)" data-audio="\(SafeURL.path("/podcasts/\(key)/audio"))" \
            data-duration="\(EpisodeText.seconds(entry.durationSeconds ?? 0))" data-position="\(EpisodeText.seconds(position))">\
            <p class="meta"><a href="/podcasts">Podcasts</a></p>\
            <h1>\(title)</h1>\
            <p class="meta">\(entry.site)\(length) \(EpisodeText.badge(entry.rowState))\
            \(HTML.when(entry.queueOrder != nil, " <span class=\"badge\">In the queue</span>"))</p>\
            \(HTML.when(!links.isEmpty, "<p class=\"meta\">\(HTML.join(links, separator: " · "))</p>"))\
            \(entry.state == .ready ? player(position) : progress())\(actions())\(chapters())\(HTML.when(entry.state == .ready, Self.keys))</article>
            """
    }

    private func player(_ position: Double) -> HTML {
        let audio = SafeURL.path("/podcasts/\(entry.key)/audio" + (position >= 1 ? "#t=" + EpisodeText.seconds(position) : ""))
        let duration = entry.durationSeconds ?? 0
        let speeds = HTML.each(Self.speeds) { speed in
            let value = EpisodeText.seconds(speed)
            return "<option value=\"\(value)\"\(HTML.selected(speed == 1))>\(value)×</option>"
        }
        let sleeps = HTML.each(Self.sleepMinutes) { "<option value=\"\($0)\">\($0) minutes</option>" }
        return """
            <section class="player" id="player" aria-label="Player">\
            <audio id="native-audio" controls preload="metadata" src="\(audio)">Your browser cannot play this audio; \
            <a href="\(SafeURL.path("/podcasts/\(entry.key)/audio"))">download the MP3</a>.</audio>\
            <div class="player-controls" id="player-controls" hidden>\
            <div class="transport" role="group" aria-label="Playback">\
            <button type="button" id="back" aria-label="Back 15 seconds">−15 s</button>\
            <button type="button" id="play" aria-pressed="false">Play</button>\
            <button type="button" id="forward" aria-label="Forward 30 seconds">+30 s</button></div>\
            <div class="seek"><span id="elapsed">\(EpisodeText.clock(position))</span>\
            <input type="range" id="seek" min="0" max="\(Int(duration.rounded(.up)))" step="1" value="\(Int(position))" aria-label="Position">\
            <span id="total">\(EpisodeText.clock(duration))</span></div>\
            <div class="player-options"><div><label for="speed">Speed</label><select id="speed">\(speeds)</select></div>\
            <div><label for="sleep">Sleep timer</label><select id="sleep"><option value="0">Off</option>\(sleeps)\
            <option value="end">End of episode</option></select></div><p id="sleep-left"></p></div></div></section>
            """
    }

    private func progress() -> HTML {
        switch entry.rowState {
        case .failed(let reason):
            let retry: HTML = retryAction.map {
                EpisodeText.button($0, "Try again", context: context, back: "/podcasts/" + entry.key, id: "retry")
            } ?? .empty
            return """
                <div class="player"><p class="failed" id="generation-state">The episode could not be made: \
                \(reason.isEmpty ? "no reason was given." : reason)</p>\(retry)</div>
                """
        case .generating(let fraction):
            let percent = EpisodeText.percent(fraction)
            return """
                <div class="player"><p id="generation-state">Generating: \(percent)%</p>\
                <progress id="generation-progress" max="100" value="\(percent)" aria-label="Generation progress">\(percent)%</progress>\
                <p class="hint">The page shows the player when the audio is ready. \
                <a href="\(SafeURL.path("/podcasts/" + entry.key))" id="check-again">Check again</a></p></div>
                """
        default:
            return """
                <div class="player"><p id="generation-state">Queued: waiting for the voice.</p>\
                <progress id="generation-progress" max="100" value="0" aria-label="Generation progress">0%</progress>\
                <p class="hint">The page shows the player when the audio is ready. \
                <a href="\(SafeURL.path("/podcasts/" + entry.key))" id="check-again">Check again</a></p></div>
                """
        }
    }

    private func actions() -> HTML {
        let key = entry.key, back = "/podcasts/" + key
        var items: [HTML] = []
        if entry.state == .ready {
            items.append(entry.played
                ? EpisodeText.button("/podcasts/\(key)/unplayed", "Mark unplayed", context: context, back: back, id: "mark-unplayed")
                : EpisodeText.button("/podcasts/\(key)/played", "Mark played", context: context, back: back, id: "mark-played"))
        }
        // A failed episode has nothing to play, so nothing to queue (one queued before it failed can still leave the queue).
        if entry.queueOrder != nil {
            items.append(EpisodeText.button("/podcasts/\(key)/unqueue", "Remove from queue", context: context, back: back, id: "queue-remove"))
        } else if entry.state != .failed {
            items.append(EpisodeText.button("/podcasts/\(key)/queue", "Add to queue", context: context, back: back, id: "queue-add"))
        }
        items.append(EpisodeText.button("/podcasts/\(key)/delete", "Delete…", context: context, back: back, id: "episode-delete"))
        return "<div class=\"episode-actions\">\(HTML.join(items))</div>"
    }

    private func chapters() -> HTML {
        guard entry.state == .ready, !entry.chapters.isEmpty else { return .empty }
        let items = HTML.each(entry.chapters) { chapter in
            let at = EpisodeText.seconds(chapter.start)
            return """
                <li><a href="\(SafeURL.path("/podcasts/" + entry.key, query: [("t", at)]))" data-start="\(at)" data-title="\(chapter.title)">\
                \(chapter.title)</a><span class="at">\(EpisodeText.clock(chapter.start))</span></li>
                """
        }
        return "<section aria-labelledby=\"chapters-heading\"><h2 id=\"chapters-heading\">Chapters</h2><ol class=\"chapters\" id=\"chapters\">\(items)</ol></section>"
    }

    /// The player's keys (the script's `keydown` handler on this page).
    static let keys: HTML = """
        <details class="help js-only" id="player-keys"><summary>Keyboard</summary><dl>\
        <dt><kbd>Space</kbd> or <kbd>K</kbd></dt><dd>Play or pause</dd>\
        <dt><kbd>←</kbd> or <kbd>J</kbd></dt><dd>Back 15 seconds</dd>\
        <dt><kbd>→</kbd> or <kbd>L</kbd></dt><dd>Forward 30 seconds</dd>\
        <dt><kbd>↑</kbd> <kbd>↓</kbd></dt><dd>Faster, slower (0.1× a press)</dd>\
        <dt><kbd>[</kbd> <kbd>]</kbd></dt><dd>Previous, next chapter</dd></dl>\
        <p class="hint">Media keys and the lock screen's controls work too.</p></details>
        """
}
