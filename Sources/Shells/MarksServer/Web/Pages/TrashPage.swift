import Foundation
import MarksCore

/// The Trash: deleted bookmarks, most recent first, each with Restore and Delete forever, and Empty trash (which
/// asks once, on `TrashPage.confirmEmpty`). Plain forms, so it works without script.
struct TrashPage {
    enum Content {
        case loaded([TrashedBookmark])
        case failed(String)
    }

    var content: Content
    var dates: WebDate
    var context: PageContext

    static let title = "Trash"

    func render() -> HTML {
        let intro: HTML = "<p class=\"hint\">Deleted bookmarks wait here for 30 days, then they are removed for good.</p>"
        switch content {
        case .failed(let message):
            return "<h1>\(Self.title)</h1><div class=\"empty\" role=\"alert\"><h2>The trash could not be loaded</h2><p>\(message)</p><p><a href=\"/trash\">Try again</a>.</p></div>"
        case .loaded(let entries) where entries.isEmpty:
            return "<h1>\(Self.title)</h1>\(intro)<div class=\"empty\"><h2>The trash is empty</h2><p><a href=\"/\">Back to your bookmarks</a>.</p></div>"
        case .loaded(let entries):
            let count = "\(entries.count) deleted \(entries.count == 1 ? "bookmark" : "bookmarks")"
            return """
                <h1>\(Self.title)</h1>\(intro)<div class="toolbar"><span class="count" id="trash-count">\(count)</span>\
                <span class="spacer"></span><a class="button" href="/trash/empty" id="empty-trash">Empty trash</a></div>\
                <ul class="rows trash" id="trash-rows">\(HTML.each(entries, row))</ul>
                """
        }
    }

    private func row(_ entry: TrashedBookmark) -> HTML {
        let bookmark = entry.bookmark
        let id = String(bookmark.id)
        let note: HTML = entry.restore == .recreate
            ? " <span class=\"hint\">Already deleted on the linkding server: restoring saves it there again, with a new id.</span>"
            : .empty
        let tagText = bookmark.tagNames.map { "#" + $0 }.joined(separator: " ")
        let tags: HTML = bookmark.tagNames.isEmpty ? .empty : " · \(tagText)"
        return """
            <li class="row" data-id="\(id)"><div class="main"><span class="title">\(bookmark.displayTitle)</span>\
            <span class="meta">\(bookmark.domain)\(tags) · deleted <time datetime="\(dates.iso(entry.deletedAt))">\(dates.day(entry.deletedAt))</time>\
            \(note)</span></div>\
            <div class="actions"><form method="post" action="\(SafeURL.path("/bookmarks/\(id)/restore"))">\(HTML.csrfField(context.csrfToken))\
            \(HTML.hidden("return", "/trash"))<button type="submit" class="link" aria-label="Restore \(bookmark.displayTitle)">Restore</button></form>\
            <form method="post" action="\(SafeURL.path("/trash/\(id)/purge"))">\(HTML.csrfField(context.csrfToken))\
            <button type="submit" class="link" aria-label="Delete \(bookmark.displayTitle) forever">Delete forever</button></form></div></li>
            """
    }

    /// The one confirmation the brief allows: emptying the trash.
    static func confirmEmpty(count: Int, context: PageContext) -> HTML {
        guard count > 0 else {
            return "<h1>Empty trash</h1><div class=\"empty\"><h2>The trash is empty</h2><p><a href=\"/trash\">Back to the trash</a>.</p></div>"
        }
        let what = count == 1 ? "the 1 bookmark" : "all \(count) bookmarks"
        return """
            <h1>Empty trash</h1><p>Delete \(what) in the trash for good? This cannot be undone.</p>\
            <form method="post" action="/trash/empty">\(HTML.csrfField(context.csrfToken))\
            <div class="buttons"><button type="submit" id="confirm-empty">Delete forever</button> <a href="/trash">Cancel</a></div></form>
            """
    }
}
