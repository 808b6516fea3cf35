import MarksCore
import MarksReading

/// A bookmark's own page (where `marks://bookmark` links and the home cards lead): the full summary,
/// description and notes, tags, dates, and the same actions as a row.
struct BookmarkPage {
    var bookmark: Bookmark
    var extras: RowExtras
    var dates: WebDate
    var context: PageContext
    /// Set when the bookmark server was unreachable and this is the saved copy.
    var stale: String? = nil
    /// Whether the Podcast action shows (the server has podcasts).
    var podcastAction = false
    /// The words an Ask citation of the bookmark's own fields opens at (`?highlight=`), marked in the summary,
    /// description and notes.
    var highlight: PassageHighlight? = nil
    /// The bookmark's highlights, listed under its details; nil where this server keeps none.
    var highlights: [Highlight]? = nil
    /// The link's status with Check now (and Update URL); nil where this server checks no links.
    var link: LinkCheckView? = nil

    var title: String { bookmark.displayTitle }

    func render() -> HTML {
        let b = bookmark
        let open = SafeURL.web(b.url)
        var firstMark = true
        let shown: (String) -> HTML = { text in highlight?.mark(text, first: &firstMark) ?? .text(text) }
        let heading: HTML = open.map { "<a href=\"\($0)\">\(b.displayTitle)</a>" } ?? .text(b.displayTitle)
        let summary: HTML = b.distinctAISummary.map { "<p class=\"excerpt\"><span class=\"ai-label\">AI summary</span>\(shown($0))</p>" } ?? .empty
        let minutes: HTML = extras.readingMinutes.map { "<span>\($0) min read</span>" } ?? .empty
        let tags = AITagMenuView(bookmark: b, returnPath: "/bookmarks/\(b.id)", placement: .standalone(csrfToken: context.csrfToken))
        return """
            \(stale.map(HTML.problem) ?? .empty)<article class="detail\(b.unread ? " unread" : "")" data-id="\(b.id)" data-leave="/">\
            <h1 class="title" id="bookmark-title">\(heading)</h1>\
            <p class="meta"><span>\(b.domain)</span><time datetime="\(dates.iso(b.dateAdded))">\(dates.day(b.dateAdded))</time>\(minutes)\
            \(HTML.when(b.unread, "<span class=\"badge unread-badge\">Unread</span>"))\(HTML.when(b.isArchived, "<span class=\"badge\">Archived</span>"))\
            \(HTML.when(b.shared, "<span class=\"badge\">Shared</span>"))\(podcast())</p>\
            \(summary)\(b.description.isEmpty ? HTML.empty : "<p class=\"excerpt\">\(shown(b.description))</p>")\
            \(tags.render())\
            \(b.notes.isEmpty ? HTML.empty : "<h2>Notes</h2><p class=\"notes\">\(shown(b.notes))</p>")\
            <dl><dt>Address</dt><dd>\(b.displayURL)</dd><dt>Added</dt><dd>\(dates.day(b.dateAdded))</dd>\
            <dt>Changed</dt><dd>\(dates.day(b.dateModified))</dd></dl>\
            \(link?.render() ?? .empty)\
            \(highlights.map { HighlightListView(textPath: "/bookmarks/\(b.id)/read", highlights: $0, csrfToken: context.csrfToken, returnPath: "/bookmarks/\(b.id)", inReader: false).render() } ?? .empty)\
            <form method="post" action="/bookmarks/action">\(HTML.csrfField(context.csrfToken))\(HTML.hidden("return", "/"))\
            \(BookmarkActionsView(bookmark: b, open: open, labelledBy: "bookmark-title", showDetails: false, podcast: podcastAction).render())</form></article>
            """
    }

    /// The podcast state, linking to the episode's page.
    private func podcast() -> HTML {
        guard let state = extras.podcast else { return .empty }
        let words = switch state {
        case .queued: "Podcast queued"
        case .generating(let progress): "Podcast \(EpisodeText.percent(progress))%"
        case .ready: "Podcast ready"
        case .played: "Podcast played"
        case .failed: "Podcast failed"
        }
        return "<a class=\"badge podcast\" href=\"\(SafeURL.path("/podcasts/open", query: [("bookmark", String(bookmark.id))]))\" id=\"podcast-state\">\(words)</a>"
    }
}
