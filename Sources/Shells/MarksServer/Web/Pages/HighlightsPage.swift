import Foundation
import MarksCore
import MarksDocuments
import MarksReading

/// The Highlights view (`/highlights`, under More): the library's highlights newest first — bookmarks' and
/// documents' — each with its note, its bookmark or source and a link to it in the text (the reader, the source's
/// page); searchable (`q`: words in the quote or the note) and by tag.
struct HighlightsPage {
    var highlights: [Highlight]
    var bookmarks: [Int: Bookmark]
    /// The documents highlights were made on (in the trash too).
    var documents: [UUID: DocumentSummary] = [:]
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
                        : "<p class=\"empty\" id=\"hl-none\">No highlights yet. Open a bookmark in the reader or a source’s text, select words and choose Highlight.</p>")
            : .empty
        let items = HTML.each(highlights) { item($0) }
        return """
            <link rel="stylesheet" href="\(context.assets.highlightStyles.path)"><h1>Highlights</h1>\(filter)\
            \(highlights.isEmpty && !filtered ? HTML.empty : "<p><a href=\"/highlights/export\" id=\"hl-export\" download>Download all as Markdown</a></p>")\(empty)<ol class="hl-list hl-library" id="hl-library">\(items)</ol>
            """
    }

    private func item(_ highlight: Highlight) -> HTML {
        let text = SafeURL.path(HighlightsController.textPath(highlight) + "#hl-\(highlight.id)")
        let note: HTML = highlight.note.map { "<p class=\"hl-note\">\($0)</p>" } ?? .empty
        let about: HTML, tagNames: [String]
        switch highlight.subject {
        case .bookmark(_, let id, let url):
            let bookmark = bookmarks[id]
            about = "<a href=\"\(SafeURL.path("/bookmarks/\(id)"))\">\(bookmark?.displayTitle ?? url)</a>"
            tagNames = bookmark?.tagNames ?? []
        case .document(let id):
            let document = documents[id]
            about = "<span class=\"hl-kind\">Source</span> <a href=\"\(SafeURL.path("/sources/" + id.uuidString.lowercased()))\">\(document?.displayTitle ?? "A deleted source")</a>"
            tagNames = document?.tags ?? []
        }
        let tags = HTML.each(tagNames) { "<a class=\"tag\" href=\"\(SafeURL.path("/highlights", query: [("tag", $0)]))\">#\($0)</a>" }
        return """
            <li class="hl-item" id="hl-item-\(highlight.id)"><blockquote class="hl-quote"><a href="\(text)">\(highlight.quote)</a></blockquote>\
            \(note)<p class="meta">\(about)\
            <time datetime="\(dates.iso(highlight.createdAt))">\(dates.day(highlight.createdAt))</time>\(tags)</p></li>
            """
    }
}
