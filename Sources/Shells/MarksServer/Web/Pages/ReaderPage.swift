import MarksCore
import MarksFetch
import MarksReading

/// The reader view: the extracted article — headings, lists, links, images, code, quotes and tables, through the
/// allow-list sanitiser — in the editorial serif, with text size and width controls (a plain form; the choice is
/// kept in a cookie) and the row actions. Images come only through the signed image proxy, sized when the page
/// said how big. It remembers how far the person read (sent from the script) for the row's progress bar, and ends
/// with the read-later loop's block: Mark read (done by the script on reaching it, when that setting is on),
/// Archive (which goes on to the next unread) and Next unread.
struct ReaderPage {
    enum Content {
        case article(ReadableArticle)
        case failed(String)
        /// Page fetching is off on this server (`fetch_pages` / `MARKS_FETCH_PAGES=0`).
        case fetchingOff
    }

    var bookmark: Bookmark
    var content: Content
    var context: PageContext
    var preferences = ReaderPreferences()
    /// The proxied address of an image in the article, or nil to leave it out.
    var imageURL: (String) -> SafeURL? = { _ in nil }
    /// The sizes the image proxy learnt of article images the page gave no size for, by address.
    var imageSizes: [String: ImageSize] = [:]
    /// Whether reaching the end marks the bookmark read (the reading preference).
    var markReadAtEnd = true
    /// The words an Ask citation opens at (`?highlight=`), marked and scrolled to (`#passage`).
    var highlight: PassageHighlight? = nil

    var title: String { bookmark.displayTitle }

    /// The end-of-article block.
    private func end() -> HTML {
        let id = bookmark.id
        let next = SafeURL.path("/bookmarks/next-unread", query: [("after", String(id))])
        let csrf = HTML.csrfField(context.csrfToken)
        let read: HTML = bookmark.unread ? """
            <form method="post" action="\(SafeURL.path("/bookmarks/\(id)/mark-read"))">\(csrf)\
            \(HTML.hidden("return", "/bookmarks/\(id)/read"))<button data-act="read" id="end-read">Mark read</button></form>
            """ : .empty
        return """
            <section class="reader-end" id="reader-end" aria-labelledby="reader-end-heading"><h2 id="reader-end-heading">The end</h2>\
            <p id="reader-end-status" role="status">\(bookmark.unread ? "" : "Marked read.")</p><div class="buttons">\(read)\
            <form method="post" action="\(SafeURL.path("/bookmarks/\(id)/archive"))">\(csrf)\(HTML.hidden("return", next.value))\
            <button id="end-archive">Archive</button></form>\
            <a class="button" href="\(next)" id="next-unread">Next unread</a></div></section>
            """
    }

    func render() -> HTML {
        let b = bookmark
        let open = SafeURL.web(b.url)
        let original: HTML = open.map { "<a href=\"\($0)\" rel=\"noopener noreferrer\">Open the original page ↗</a>" } ?? .empty
        let actions: HTML = """
            <form method="post" action="/bookmarks/action">\(HTML.csrfField(context.csrfToken))\(HTML.hidden("return", "/"))\
            \(BookmarkActionsView(bookmark: b, open: open, labelledBy: "reader-title").render())</form>
            """
        switch content {
        case .fetchingOff:
            let link: HTML = open.map { " <a href=\"\($0)\" rel=\"noopener noreferrer\">Open the page ↗</a>" } ?? .empty
            return """
                <article class="reader" data-id="\(b.id)"><h1 id="reader-title">\(b.displayTitle)</h1>\
                <p class="reader-off">Marks doesn’t fetch pages on this server, so there is no reader view.\(link)</p>\(actions)</article>
                """
        case .failed(let message):
            return """
                <article class="reader" data-id="\(b.id)" data-leave="/"><h1 id="reader-title">\(b.displayTitle)</h1>\
                \(HTML.problem("This page could not be read: \(message)"))<p>\(original)</p>\(actions)</article>
                """
        case .article(let article):
            let minutes = max(1, Int((Double(article.wordCount) / 230).rounded()))
            var firstMark = true
            let body: HTML = article.content.map { ReaderArticleView(tokens: $0.tokens, imageURL: imageURL, imageSizes: imageSizes, highlight: highlight).render() }
                ?? HTML.each(article.paragraphs) { "<p>\(highlight?.mark($0, first: &firstMark) ?? .text($0))</p>" }
            let auto: HTML = markReadAtEnd && b.unread ? " data-mark-read=\"\(SafeURL.path("/bookmarks/\(b.id)/mark-read"))\"" : .empty
            return """
                <article class="reader reader-size-\(preferences.size.rawValue) reader-width-\(preferences.width.rawValue)" \
                data-id="\(b.id)" data-leave="/" data-progress="\(SafeURL.path("/bookmarks/\(b.id)/progress"))"\(auto)>\
                <h1 id="reader-title">\(b.title.isEmpty ? (article.title ?? b.displayTitle) : b.title)</h1>\
                <p class="meta"><span>\(b.domain)</span><span>\(minutes) min read</span>\(original)</p>\
                \(controls())<div class="reader-body">\(body)</div>\(end())\(actions)</article>
                """
        }
    }

    /// Text size and width: two selects and Apply in a disclosure, a form that works without JavaScript.
    private func controls() -> HTML {
        let sizes = HTML.each(ReaderPreferences.Size.allCases) { size in
            "<option value=\"\(size.rawValue)\"\(HTML.when(size == preferences.size, " selected"))>\(size.title)</option>"
        }
        let widths = HTML.each(ReaderPreferences.Width.allCases) { width in
            "<option value=\"\(width.rawValue)\"\(HTML.when(width == preferences.width, " selected"))>\(width.title)</option>"
        }
        return """
            <details class="reader-settings"><summary>Text size and width</summary>\
            <form class="reader-controls" method="post" action="/reader/settings" aria-label="Text size and width">\
            \(HTML.csrfField(context.csrfToken))\(HTML.hidden("return", context.returnPath))\
            <label for="reader-size">Text size</label><select id="reader-size" name="size">\(sizes)</select>\
            <label for="reader-width">Width</label><select id="reader-width" name="width">\(widths)</select>\
            <button type="submit">Apply</button></form></details>
            """
    }
}
