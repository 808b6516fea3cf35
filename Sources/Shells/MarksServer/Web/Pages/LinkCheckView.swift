import Foundation
import MarksCore

/// A bookmark's link status on its page: "Link OK", "Broken (reason)" or "Moved to …", when it was checked, a Check
/// now button, and for a page that moved an Update URL button.
struct LinkCheckView {
    var bookmarkID: Int
    /// The last check; nil when the link was never checked.
    var check: LinkCheck?
    var now: Date
    var csrfToken: String

    func render() -> HTML {
        let status: HTML
        var update = HTML.empty
        if let check {
            let words: HTML = switch check.status {
            case .ok: "<span class=\"badge link-ok\">Link OK</span>"
            case .broken(let reason): "<span class=\"badge link-broken\">Broken</span> \(reason)"
            case .moved(let to): "<span class=\"badge link-moved\">Moved</span> to <span class=\"link-to\">\(to)</span>"
            case .unknown(let reason): "<span class=\"badge\">Not checked</span> \(reason)"
            }
            status = "\(words) · checked \(Self.ago(check.checkedAt, now: now))"
            if case .moved(let to) = check.status {
                update = """
                    <form method="post" action="/bookmarks/\(bookmarkID)/use-moved-url">\(HTML.csrfField(csrfToken))\
                    <button type="submit" class="button" aria-label="Update the address to \(to)">Update URL</button></form>
                    """
            }
        } else {
            status = "Not checked yet"
        }
        return """
            <section class="link-check" aria-labelledby="link-check-title"><h2 id="link-check-title">Link</h2>\
            <p id="link-status">\(status)</p>\
            <form method="post" action="/bookmarks/\(bookmarkID)/check-link">\(HTML.csrfField(csrfToken))\
            <button type="submit" class="button">Check now</button></form>\(update)</section>
            """
    }

    /// "today", "yesterday", "N days ago".
    static func ago(_ date: Date, now: Date) -> String {
        let days = Int((now.timeIntervalSince(date) / 86_400).rounded(.down))
        switch days {
        case ..<1: return "today"
        case 1: return "yesterday"
        default: return "\(days) days ago"
        }
    }
}
