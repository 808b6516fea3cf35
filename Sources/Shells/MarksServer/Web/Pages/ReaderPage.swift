import MarksCore
import MarksLibrary

/// The reader view: the extracted article — headings, lists, links, images, code, quotes and tables, through the
/// allow-list sanitiser — in the editorial serif, with text size and width controls (a plain form; the choice is
/// kept in a cookie) and the row actions. It remembers how far the person read (sent from the script) for the
/// row's progress bar. Images come only through the signed image proxy, sized when the page said how big.
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

    var title: String { bookmark.displayTitle }

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
            let body: HTML = article.content.map { ReaderArticleView(tokens: $0.tokens, imageURL: imageURL).render() }
                ?? HTML.each(article.paragraphs) { "<p>\($0)</p>" }
            return """
                <article class="reader reader-size-\(preferences.size.rawValue) reader-width-\(preferences.width.rawValue)" \
                data-id="\(b.id)" data-leave="/" data-progress="\(SafeURL.path("/bookmarks/\(b.id)/progress"))">\
                <h1 id="reader-title">\(b.title.isEmpty ? (article.title ?? b.displayTitle) : b.title)</h1>\
                <p class="meta"><span>\(b.domain)</span><span>\(minutes) min read</span>\(original)</p>\
                \(controls())<div class="reader-body">\(body)</div>\
                <div class="reader-end" id="reader-end" data-slot="end-of-article"></div>\(actions)</article>
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
