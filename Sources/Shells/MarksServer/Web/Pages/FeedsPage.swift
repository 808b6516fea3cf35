import Foundation
import MarksReading

/// Settings → Feeds (`/settings/feeds`): the feeds Marks follows, each with its rules, when it was last checked, how
/// many bookmarks it added and why it fails (in words), Check now and Remove; a form to follow one more (address,
/// tags, maximum age, keywords); OPML import (upload) and export (download). Plain forms with the CSRF token: it works
/// without script.
struct FeedsPage {
    var feeds: [FeedSubscription]
    var csrfToken: String
    var dates: WebDate
    /// A success line after an action; a problem line (with the form kept) after a refused one.
    var success: String?
    var problem: String?
    /// What the add form held when it was refused.
    var form = Form()

    struct Form: Equatable {
        var url = ""
        var tags = ""
        var maxAgeDays = ""
        var keywords = ""
    }

    static let title = "Feeds"

    func render() -> HTML {
        let csrf = HTML.csrfField(csrfToken)
        let list: HTML = feeds.isEmpty ? "<p>No feeds are followed yet.</p>" : "<ul class=\"import-problems stack\" id=\"feed-subscriptions\">\(HTML.each(feeds, row))</ul>"
        return """
            <h1>\(Self.title)</h1>\
            <p><a href="/settings">Back to Settings</a></p>\
            \(success.map(HTML.success) ?? .empty)\(problem.map(HTML.problem) ?? .empty)\
            <section aria-labelledby="feeds-add-heading"><h2 id="feeds-add-heading">Follow a feed</h2>\
            <p>New items of an RSS or Atom feed are saved as unread bookmarks, each once. Marks checks every hour; the first \
            check saves only the \(FeedSubscriptions.firstCheckLimit) newest items.</p>\
            <form method="post" action="/settings/feeds" class="stack" id="feeds-add">\(csrf)\
            \(FormFields.text("feed-url", label: "Feed address", value: form.url, hint: "Such as https://example.com/feed.xml", attributes: " inputmode=\"url\" autocomplete=\"off\" spellcheck=\"false\" required"))\
            \(FormFields.text("feed-tags", label: "Tags for its bookmarks (optional)", value: form.tags, hint: "Separated by commas or spaces.", attributes: " autocomplete=\"off\""))\
            \(FormFields.text("feed-max-age", label: "Skip items older than this many days (optional)", value: form.maxAgeDays, attributes: " inputmode=\"numeric\" autocomplete=\"off\""))\
            \(FormFields.text("feed-keywords", label: "Only items mentioning one of these words (optional)", value: form.keywords, hint: "Separated by commas.", attributes: " autocomplete=\"off\""))\
            <div class="buttons"><button type="submit" class="primary" id="feeds-add-button">Follow</button></div></form></section>\
            <section aria-labelledby="feeds-list-heading"><h2 id="feeds-list-heading">Followed feeds</h2>\(list)</section>\
            <section aria-labelledby="feeds-opml-heading"><h2 id="feeds-opml-heading">OPML</h2>\
            <p>Move your feeds from or to another feed reader. Folders become tags.</p>\
            <form method="post" action="/settings/feeds/import" enctype="multipart/form-data" class="stack" id="feeds-import">\(csrf)\
            <div><label for="opml-file">OPML file</label><input type="file" id="opml-file" name="file" accept=".opml,.xml,text/xml,application/xml"></div>\
            <div class="buttons"><button type="submit" id="feeds-import-button">Import</button> \
            <a href="/settings/feeds/opml" download="marks-feeds.opml" id="feeds-export">Export as OPML</a></div></form></section>
            """
    }

    /// `14:05` at `offset` seconds east of UTC.
    static func time(_ date: Date, offset: Int) -> String {
        let seconds = (Int(date.timeIntervalSince1970.rounded(.down)) + offset) % 86_400
        let positive = seconds < 0 ? seconds + 86_400 : seconds
        let hours = positive / 3600, minutes = positive % 3600 / 60
        return "\(hours < 10 ? "0" : "")\(hours):\(minutes < 10 ? "0" : "")\(minutes)"
    }

    private func row(_ feed: FeedSubscription) -> HTML {
        let csrf = HTML.csrfField(csrfToken)
        var rules: [String] = []
        if !feed.rules.tags.isEmpty { rules.append("tags " + feed.rules.tags.map { "#" + $0 }.joined(separator: " ")) }
        if let days = feed.rules.maxAgeDays { rules.append("items newer than \(days) days") }
        if !feed.rules.keywords.isEmpty { rules.append("mentioning " + feed.rules.keywords.joined(separator: ", ")) }
        let checked = feed.lastChecked.map { "Last checked \(dates.day($0)) at \(Self.time($0, offset: dates.offsetSeconds))" } ?? "Not checked yet"
        let added = "\(feed.itemsAdded) bookmark\(feed.itemsAdded == 1 ? "" : "s") added"
        let status: HTML = feed.lastError.map { "<p class=\"notice problem\" id=\"feed-\(feed.id)-error\"><span><strong>Failing:</strong> \($0)</span></p>" } ?? .empty
        let title = feed.title.isEmpty ? feed.url : feed.title
        return """
            <li id="feed-\(feed.id)">\(feed.title.isEmpty ? HTML.empty : "<strong>\(feed.title)</strong> ")<a href="\(feed.url)" rel="noopener noreferrer" class="hint">\(feed.url)</a>\
            <p class="hint">\(checked) · \(added)\(rules.isEmpty ? "" : " · " + rules.joined(separator: " · "))</p>\(status)\
            <div class="buttons"><form method="post" action="/settings/feeds/\(feed.id)/check">\(csrf)\
            <button type="submit" aria-label="Check \(title) now">Check now</button></form>\
            <form method="post" action="/settings/feeds/\(feed.id)/remove">\(csrf)\
            <button type="submit" aria-label="Stop following \(title)">Remove</button></form></div></li>
            """
    }
}
