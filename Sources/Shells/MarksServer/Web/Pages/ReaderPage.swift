import MarksCore
import MarksLibrary

/// The reader view: the extracted text of the page in the editorial serif, with the row actions.
/// It remembers how far the person read (sent from the script) for the row's progress bar, and ends with the
/// read-later loop's block: Mark read (done by the script on reaching it, when that setting is on), Archive
/// (which goes on to the next unread) and Next unread.
struct ReaderPage {
    enum Content {
        case article(ReadableArticle)
        case failed(String)
    }

    var bookmark: Bookmark
    var content: Content
    var context: PageContext
    /// Whether reaching the end marks the bookmark read (the reading preference).
    var markReadAtEnd = true

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
        let original: HTML = open.map { "<a href=\"\($0)\">Open the original page</a>" } ?? .empty
        let actions: HTML = """
            <form method="post" action="/bookmarks/action">\(HTML.csrfField(context.csrfToken))\(HTML.hidden("return", "/"))\
            \(BookmarkActionsView(bookmark: b, open: open, labelledBy: "reader-title").render())</form>
            """
        switch content {
        case .failed(let message):
            return """
                <article class="reader" data-id="\(b.id)" data-leave="/"><h1 id="reader-title">\(b.displayTitle)</h1>\
                \(HTML.problem("This page could not be read: \(message)"))<p>\(original)</p>\(actions)</article>
                """
        case .article(let article):
            let minutes = max(1, Int((Double(article.wordCount) / 230).rounded()))
            let auto: HTML = markReadAtEnd && b.unread ? " data-mark-read=\"\(SafeURL.path("/bookmarks/\(b.id)/mark-read"))\"" : .empty
            return """
                <article class="reader" data-id="\(b.id)" data-leave="/" data-progress="\(SafeURL.path("/bookmarks/\(b.id)/progress"))"\(auto)>\
                <h1 id="reader-title">\(b.title.isEmpty ? (article.title ?? b.displayTitle) : b.title)</h1>\
                <p class="meta"><span>\(b.domain)</span><span>\(minutes) min read</span>\(original)</p>\
                \(HTML.each(article.paragraphs) { "<p>\($0)</p>" })\(end())\(actions)</article>
                """
        }
    }
}
