import MarksCore
import MarksBookmarks

/// A list of rows inside one POST form (so the row buttons work without script, with one CSRF field),
/// followed by a "Load more" link that follows the source's `next`: a plain link to the next page
/// without script, fetched and appended in place with it. In select mode a checkbox starts each row and
/// the bulk bar (tag, untag, mark read, archive, delete) submits the checked ones to `/bookmarks/bulk`.
struct BookmarkListView {
    /// Where the next page is: a full page for the plain link, a fragment for the script.
    struct More {
        var page: SafeURL
        var fragment: SafeURL
    }

    /// Whether rows can be picked for a bulk action, and whether all start picked.
    enum Selection: String, Sendable {
        case off, on, all

        init(_ query: String?) {
            self = query.flatMap(Selection.init(rawValue:)) ?? .off
        }
    }

    var bookmarks: [Bookmark]
    var more: More?
    var rows: RowRenderer
    var context: PageContext
    /// What to show when there are no bookmarks.
    var empty: HTML
    var selection = Selection.off
    /// The list without select mode (the bulk bar's "Done").
    var unselected: SafeURL? = nil

    func render() -> HTML {
        guard !bookmarks.isEmpty else { return empty }
        return """
            <form method="post" class="list-form" action="/bookmarks/action">\(HTML.csrfField(context.csrfToken))\
            \(HTML.hidden("return", context.returnPath))\(bulkBar())
            <ol class="rows" id="rows"\(HTML.when(rows.podcastAction, " data-podcasts"))>\(listed())</ol>
            \(moreLink())</form>
            """
    }

    /// The rows and the next "Load more" link alone, for the script to append.
    func fragment() -> HTML {
        "\(listed())\(moreLink())"
    }

    private func listed() -> HTML {
        switch selection {
        case .off: rows.rows(bookmarks)
        case .on: rows.rows(bookmarks, picked: false)
        case .all: rows.rows(bookmarks, picked: true)
        }
    }

    private func bulkBar() -> HTML {
        guard selection != .off else { return .empty }
        let done: HTML = unselected.map { "<a class=\"button\" href=\"\($0)\" id=\"bulk-done\">Done</a>" } ?? .empty
        return """
            <div class="bulk" id="bulk" role="group" aria-labelledby="bulk-heading"><h2 class="visually-hidden" id="bulk-heading">Selected bookmarks</h2>\
            <span class="count" id="bulk-count" aria-live="polite"></span>\
            <label for="bulk-tag" class="visually-hidden">Tag for the selected bookmarks</label>\
            <input type="text" id="bulk-tag" name="tag" placeholder="tag" autocomplete="off" spellcheck="false">\
            <button formaction="/bookmarks/bulk" name="do" value="tag" id="bulk-tag-add">Add tag</button>\
            <button formaction="/bookmarks/bulk" name="do" value="untag" id="bulk-untag">Remove tag</button>\
            <button formaction="/bookmarks/bulk" name="do" value="read" id="bulk-read">Mark read</button>\
            <button formaction="/bookmarks/bulk" name="do" value="archive" id="bulk-archive">Archive</button>\
            <button formaction="/bookmarks/bulk" name="do" value="delete" id="bulk-delete">Delete…</button>\(done)</div>
            """
    }

    private func moreLink() -> HTML {
        guard let more else { return "<p class=\"end\" id=\"end\">That is all.</p>" }
        return "<a class=\"load-more button\" id=\"load-more\" href=\"\(more.page)\" data-fragment=\"\(more.fragment)\">Load more</a>"
    }
}
