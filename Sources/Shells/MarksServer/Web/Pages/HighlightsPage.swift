import Foundation
import MarksCore
import MarksReading

/// The Highlights view (`/highlights`, under More): the library's highlights newest first, each with its note, its
/// bookmark and a link to it in the reader; searchable (`q`: words in the quote or the note) and by tag.
struct HighlightsPage {
    var highlights: [Highlight]
    var bookmarks: [Int: Bookmark]
    var query: String
    var tag: String?
    var tags: [String]
    var dates: WebDate
    var context: PageContext

    func render() -> HTML {
        let options = HTML.each(tags) { name in "<option value=\"\(name)\"\(HTML.selected(name == tag))>\(name)</option>" }
        let filter: HTML = """
            <form class="hl-filter" method="get" action="/highlights" role="search" aria-label="Search highlights">\
            <label for="hl-q">Words</label><input id="hl-q" type="search" name="q" value="\(query)" placeholder="Words in a highlight or note">\
            <label for="hl-tag">Tag</label><select id="hl-tag" name="tag"><option value="">Any tag</option>\(options)</select>\
            <button type="submit">Search</button></form>
            """
        let filtered = !query.isEmpty || tag != nil
        let empty: HTML = highlights.isEmpty
            ? (filtered ? "<p class=\"empty\" id=\"hl-none\">No highlight matches.</p>"
                        : "<p class=\"empty\" id=\"hl-none\">No highlights yet. Open a bookmark in the reader, select words and choose Highlight.</p>")
            : .empty
        let items = HTML.each(highlights) { item($0) }
        return """
            <link rel="stylesheet" href="\(context.assets.highlightStyles.path)"><h1>Highlights</h1>\(filter)\
            \(highlights.isEmpty && !filtered ? HTML.empty : "<p><a href=\"/highlights/export\" id=\"hl-export\" download>Download all as Markdown</a></p>")\(empty)<ol class="hl-list hl-library" id="hl-library">\(items)</ol>
            """
    }

    private func item(_ highlight: Highlight) -> HTML {
        let bookmark = bookmarks[highlight.bookmarkID]
        let title = bookmark?.displayTitle ?? highlight.url
        let reader = SafeURL.path("/bookmarks/\(highlight.bookmarkID)/read#hl-\(highlight.id)")
        let note: HTML = highlight.note.map { "<p class=\"hl-note\">\($0)</p>" } ?? .empty
        let tags: HTML = bookmark.map { b in
            HTML.each(b.tagNames) { "<a class=\"tag\" href=\"\(SafeURL.path("/highlights", query: [("tag", $0)]))\">#\($0)</a>" }
        } ?? .empty
        return """
            <li class="hl-item" id="hl-item-\(highlight.id)"><blockquote class="hl-quote"><a href="\(reader)">\(highlight.quote)</a></blockquote>\
            \(note)<p class="meta"><a href="\(SafeURL.path("/bookmarks/\(highlight.bookmarkID)"))">\(title)</a>\
            <time datetime="\(dates.iso(highlight.createdAt))">\(dates.day(highlight.createdAt))</time>\(tags)</p></li>
            """
    }
}
