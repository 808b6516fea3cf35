import MarksCore

/// The Bookmarks tab (also a tag's bookmarks): the wordmark on the main list only, the home cards on
/// the unfiltered first page, the All / Unread filter, refresh, the rows, and empty or error states
/// that say what to do.
struct BookmarksPage {
    enum Content {
        case loaded(BookmarkListView, count: Int)
        case failed(String)
    }

    var content: Content
    var unreadOnly: Bool
    /// Set when listing one tag's bookmarks.
    var tag: String?
    /// True when this page continues a list (a "Load more" page without script).
    var isContinuation: Bool
    var cards: HomeCardsView?
    /// Set when the rows come from the local cache because the source failed: what went wrong.
    var stale: String? = nil
    var context: PageContext

    var title: String { tag.map { "#\($0)" } ?? "Bookmarks" }

    func render() -> HTML {
        let base = tag.map { "/tags/" + SafeURL.encode($0) } ?? "/"
        let heading: HTML = tag == nil
            ? "<p class=\"wordmark\" aria-hidden=\"true\">Marks</p><h1 class=\"visually-hidden\">Bookmarks</h1>"
            : "<h1>Tag <span class=\"tagname\">#\(tag ?? "")</span></h1>"
        let filters: HTML = """
            <nav class="segments" aria-label="Filter"><a href="\(SafeURL.path(base))"\(HTML.current(!unreadOnly))>All</a>\
            <a href="\(SafeURL.path(base, query: [("unread", "1")]))"\(HTML.current(unreadOnly)) data-key="u">Unread</a></nav>
            """
        let refresh: HTML = "<a class=\"link\" href=\"\(SafeURL.path(base, query: unreadOnly ? [("unread", "1")] : []))\" id=\"refresh\">Refresh</a>"
        var count: HTML = .empty
        var body: HTML
        switch content {
        case .loaded(let list, let total):
            count = "<span class=\"count\" id=\"count\">\(total) \(total == 1 ? "bookmark" : "bookmarks")</span>"
            body = "\(stale.map(HTML.problem) ?? .empty)\(list.render())"
        case .failed(let message):
            body = """
                <div class="empty" role="alert"><h2>Bookmarks could not be loaded</h2><p>\(message)</p>\
                <p>Check the connection in <a href="/settings">Settings</a>, then <a href="\(SafeURL.path(base))">try again</a>.</p></div>
                """
        }
        if isContinuation {
            body = "<p><a href=\"\(SafeURL.path(base, query: unreadOnly ? [("unread", "1")] : []))\">Back to the start of the list</a></p>\(body)"
        }
        let cardsHTML = !isContinuation && tag == nil && !unreadOnly ? cards?.render() ?? .empty : .empty
        return """
            \(heading)\(cardsHTML)<div class="toolbar">\(filters)\(count)<span class="spacer"></span>\(refresh)\
            <a class="link" href="/trash" id="trash-link">Trash</a>\
            <a class="button primary" href="/add" data-key="n">Add bookmark</a></div>
            \(body)
            """
    }

    /// The empty state of a list, with what to do next.
    static func emptyState(unreadOnly: Bool, tag: String?) -> HTML {
        if let tag {
            return "<div class=\"empty\"><h2>No bookmarks tagged #\(tag)\(unreadOnly ? " are unread" : "")</h2><p><a href=\"/tags\">See all tags</a>.</p></div>"
        }
        if unreadOnly {
            return "<div class=\"empty\"><h2>Nothing unread</h2><p>You are all caught up. <a href=\"/\">Show all bookmarks</a>.</p></div>"
        }
        return """
            <div class="empty"><h2>No bookmarks yet</h2><p><a class="button primary" href="/add">Add your first bookmark</a></p>\
            <p>Already use linkding? Connect it in <a href="/settings">Settings</a>.</p></div>
            """
    }
}
