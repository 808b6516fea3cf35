import MarksPodcasts

/// How the podcast pages word an episode: its length ("12 min", "1:02:03" on the player), its state as a badge
/// (queued / generating with progress / ready / failed / played), and the forms every episode offers (queue, played).
enum EpisodeText {
    /// Minutes ("12 min"); under a minute, seconds ("19 s"), so a short episode does not claim a minute; nil while unknown.
    static func minutes(_ seconds: Double?) -> String? {
        guard let seconds, seconds.isFinite, seconds > 0 else { return nil }
        guard seconds >= 59.5 else { return "\(max(1, Int(seconds.rounded()))) s" }
        return "\(Int((seconds / 60).rounded())) min"
    }

    /// A clock reading: `m:ss`, or `h:mm:ss` from an hour.
    static func clock(_ seconds: Double) -> String {
        let total = seconds.isFinite ? max(0, Int(seconds)) : 0
        let hours = total / 3600, minutes = (total / 60) % 60, rest = total % 60
        let ss = rest < 10 ? "0\(rest)" : "\(rest)"
        guard hours > 0 else { return "\(minutes):\(ss)" }
        return "\(hours):\(minutes < 10 ? "0\(minutes)" : "\(minutes)"):\(ss)"
    }

    /// Seconds as the shortest decimal text (`12`, `12.5`), for data attributes and fragments.
    static func seconds(_ value: Double) -> String {
        let rounded = (max(0, value.isFinite ? value : 0) * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    /// The state badge of a row or the player page.
    static func badge(_ state: PodcastRowState) -> HTML {
        switch state {
        case .queued: "<span class=\"state queued\">Queued</span>"
        case .generating(let progress):
            "<span class=\"state generating\">Generating \(percent(progress))%</span>"
        case .ready: "<span class=\"state ready\">Ready</span>"
        case .played: "<span class=\"state played\">Played</span>"
        case .failed: "<span class=\"state failed\">Failed</span>"
        }
    }

    static func percent(_ progress: Double) -> Int {
        Int((min(1, max(0, progress.isFinite ? progress : 0)) * 100).rounded())
    }

    /// A small POST form with one button (CSRF token and the page to come back to included).
    static func button(_ action: String, _ label: HTML, context: PageContext, back: String, id: String? = nil,
                       ariaLabel: String? = nil, fields: [(String, String)] = []) -> HTML {
        let idAttribute: HTML = id.map { " id=\"\($0)\"" } ?? .empty
        let aria: HTML = ariaLabel.map { " aria-label=\"\($0)\"" } ?? .empty
        return """
            <form method="post" action="\(SafeURL.path(action))">\(HTML.csrfField(context.csrfToken))\(HTML.hidden("return", back))\
            \(HTML.each(fields) { HTML.hidden($0.0, $0.1) })<button type="submit"\(idAttribute)\(aria)>\(label)</button></form>
            """
    }

    /// The question before deleting an episode: its title, with Delete and Cancel.
    static func deleteConfirmation(_ entry: PodcastEntry, csrfToken: String) -> HTML {
        let base = "/podcasts/" + entry.key
        return """
            <h1>Delete this episode?</h1><p>\(entry.title) and its audio file are deleted; the bookmark or source stays.</p>\
            <form method="post" action="\(SafeURL.path(base + "/delete"))">\(HTML.csrfField(csrfToken))\(HTML.hidden("confirm", "1"))\
            <div class="buttons"><button type="submit" class="danger" id="episode-delete-confirm">Delete the episode</button> \
            <a href="\(SafeURL.path(base))">Cancel</a></div></form>
            """
    }
}
