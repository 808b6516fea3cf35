import MarksPodcasts

/// One episode in the Podcasts tab (`<li class="episode-row" id="e<key>">`): the title (serif, wrapping) opening the
/// full player, the site, length and state (generating with its progress, failed with the reason), then Queue (or
/// Remove from queue) and Mark played (or unplayed) as plain forms.
struct EpisodeRowView {
    var entry: PodcastEntry
    var context: PageContext

    func render() -> HTML {
        let key = entry.key
        let page = SafeURL.path("/podcasts/" + key)
        let back = context.returnPath
        let length: HTML = EpisodeText.minutes(entry.durationSeconds).map { entry.site.isEmpty ? HTML.text($0) : " · \($0)" } ?? .empty
        let resume: HTML = entry.state == .ready && !entry.played && entry.positionSeconds >= 1
            ? " · stopped at \(EpisodeText.clock(entry.positionSeconds))" : .empty
        var detail = HTML.empty
        switch entry.rowState {
        case .generating(let progress):
            let percent = EpisodeText.percent(progress)
            detail = "<progress class=\"gen-progress\" max=\"100\" value=\"\(percent)\" aria-label=\"Generating \(entry.title): \(percent)%\">\(percent)%</progress>"
        case .failed(let reason):
            detail = "<p class=\"failed\">\(reason.isEmpty ? "The episode could not be made." : reason)</p>"
        default:
            break
        }
        var buttons: [HTML] = []
        if entry.queueOrder == nil && entry.state != .failed {  // a failed episode has nothing to play: Try again is on its page
            buttons.append(EpisodeText.button("/podcasts/\(key)/queue", "Queue", context: context, back: back,
                                              ariaLabel: "Add “\(entry.title)” to the queue"))
        } else {
            buttons.append(EpisodeText.button("/podcasts/\(key)/unqueue", "Remove from queue", context: context, back: back,
                                              ariaLabel: "Remove “\(entry.title)” from the queue"))
        }
        if entry.state == .ready {
            buttons.append(entry.played
                ? EpisodeText.button("/podcasts/\(key)/unplayed", "Mark unplayed", context: context, back: back,
                                     ariaLabel: "Mark “\(entry.title)” unplayed")
                : EpisodeText.button("/podcasts/\(key)/played", "Mark played", context: context, back: back,
                                     ariaLabel: "Mark “\(entry.title)” played"))
        }
        return """
            <li class="episode-row" id="e\(key)"><h3><a href="\(page)">\(entry.title.isEmpty ? entry.url : entry.title)</a></h3>\
            <p class="meta">\(entry.site)\(length)\(resume) \(EpisodeText.badge(entry.rowState))\
            \(HTML.when(entry.queueOrder != nil, " <span class=\"badge\">In the queue</span>"))</p>\(detail)\
            <div class="buttons">\(HTML.join(buttons))</div></li>
            """
    }
}
