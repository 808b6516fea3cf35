import MarksCore
import MarksLibrary

/// A list of rows inside one POST form (so archive and delete work without script, with one CSRF field),
/// followed by a "Load more" link that follows the source's `next`: a plain link to the next page
/// without script, fetched and appended in place with it.
struct BookmarkListView {
    /// Where the next page is: a full page for the plain link, a fragment for the script.
    struct More {
        var page: SafeURL
        var fragment: SafeURL
    }

    var bookmarks: [Bookmark]
    var more: More?
    var rows: RowRenderer
    var context: PageContext
    /// What to show when there are no bookmarks.
    var empty: HTML

    func render() -> HTML {
        guard !bookmarks.isEmpty else { return empty }
        return """
            <form method="post" class="list-form" action="/bookmarks/action">\(HTML.csrfField(context.csrfToken))\
            \(HTML.hidden("return", context.returnPath))
            <ol class="rows" id="rows">\(rows.rows(bookmarks))</ol>
            \(moreLink())</form>
            """
    }

    /// The rows and the next "Load more" link alone, for the script to append.
    func fragment() -> HTML {
        "\(rows.rows(bookmarks))\(moreLink())"
    }

    private func moreLink() -> HTML {
        guard let more else { return "<p class=\"end\" id=\"end\">That is all.</p>" }
        return "<a class=\"load-more button\" id=\"load-more\" href=\"\(more.page)\" data-fragment=\"\(more.fragment)\">Load more</a>"
    }
}
