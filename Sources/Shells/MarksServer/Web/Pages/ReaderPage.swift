import MarksCore
import MarksLibrary

/// The reader view: the extracted text of the page in the editorial serif, with the row actions.
/// It remembers how far the person read (sent from the script) for the row's progress bar.
struct ReaderPage {
    enum Content {
        case article(ReadableArticle)
        case failed(String)
    }

    var bookmark: Bookmark
    var content: Content
    var context: PageContext

    var title: String { bookmark.displayTitle }

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
            return """
                <article class="reader" data-id="\(b.id)" data-leave="/" data-progress="\(SafeURL.path("/bookmarks/\(b.id)/progress"))">\
                <h1 id="reader-title">\(b.title.isEmpty ? (article.title ?? b.displayTitle) : b.title)</h1>\
                <p class="meta"><span>\(b.domain)</span><span>\(minutes) min read</span>\(original)</p>\
                \(HTML.each(article.paragraphs) { "<p>\($0)</p>" })\(actions)</article>
                """
        }
    }
}
