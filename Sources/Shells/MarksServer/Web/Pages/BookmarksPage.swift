import MarksCore

/// The Bookmarks tab (also a tag's bookmarks): the wordmark on the main list only, the home cards on
/// the unfiltered first page, the All / Unread / Archived / Shared (/ Broken) filter, the sort (newest, oldest, title), Select
/// (bulk actions), refresh, the rows, and empty or error states that say what to do.
struct BookmarksPage {
    enum Content {
        case loaded(BookmarkListView, count: Int)
        case failed(String)
    }

    var content: Content
    var choice: ListChoice
    var selection = BookmarkListView.Selection.off
    /// Set when listing one tag's bookmarks.
    var tag: String?
    /// True when this page continues a list (a "Load more" page without script).
    var isContinuation: Bool
    var cards: HomeCardsView?
    /// Set when the rows come from the local cache because the source failed: what went wrong.
    var stale: String? = nil
    /// On a tag's page: rename and delete for the tag (`TagManageView`).
    var tagTools: HTML = .empty
    /// Whether the filter offers Broken (the server checks links).
    var offersBroken = true
    var context: PageContext

    var title: String { tag.map { "#\($0)" } ?? "Bookmarks" }

    func render() -> HTML {
        let base = tag.map { "/tags/" + SafeURL.encode($0) } ?? "/"
        let heading: HTML = tag == nil
            ? "<p class=\"wordmark\" aria-hidden=\"true\">Marks</p><h1 class=\"visually-hidden\">Bookmarks</h1>"
            : "<h1>Tag <span class=\"tagname\">#\(tag ?? "")</span></h1>"
        let shows = HTML.each(ListChoice.Show.allCases.filter { $0 != .broken || offersBroken }) { show in
            let key: HTML = show == .unread ? " data-key=\"u\"" : .empty
            return "<a href=\"\(SafeURL.path(base, query: choice.showing(show).items))\"\(HTML.current(choice.show == show))\(key)>\(show.label)</a>"
        }
        let sorts = HTML.each(ListChoice.Sort.allCases) { sort in
            "<a href=\"\(SafeURL.path(base, query: choice.sorted(sort).items))\"\(HTML.current(choice.sort == sort)) id=\"sort-\(sort.rawValue)\">\(sort.label)</a>"
        }
        let filters: HTML = """
            <nav class="segments" aria-label="Filter" id="show">\(shows)</nav>\
            <nav class="segments sort" aria-label="Sort" id="sort">\(sorts)</nav>
            """
        let here = SafeURL.path(base, query: choice.items)
        let refresh: HTML = "<a class=\"link\" href=\"\(here)\" id=\"refresh\">Refresh</a>"
        let select: HTML = selection == .off
            ? "<a class=\"link\" href=\"\(SafeURL.path(base, query: choice.items + [("select", "on")]))\" id=\"select-mode\">Select</a>"
            : "<a class=\"link\" href=\"\(SafeURL.path(base, query: choice.items + [("select", "all")]))\" id=\"select-all\">Select all on this page</a>"
        var count: HTML = .empty
        var body: HTML
        switch content {
        case .loaded(let list, let total):
            // The Unread list's count follows Mark read and Mark unread in place (the script reads `data-counts`).
            let counts: HTML = choice.show == .unread ? " data-counts=\"unread\"" : .empty
            count = "<span class=\"count\" id=\"count\"\(counts)>\(total) \(total == 1 ? "bookmark" : "bookmarks")</span>"
            body = "\(stale.map(HTML.problem) ?? .empty)\(list.render())"
        case .failed(let message):
            body = """
                <div class="empty" role="alert"><h2>Bookmarks could not be loaded</h2><p>\(message)</p>\
                <p>Check the connection in <a href="/settings">Settings</a>, then <a href="\(here)">try again</a>.</p></div>
                """
        }
        if isContinuation {
            body = "<p><a href=\"\(here)\">Back to the start of the list</a></p>\(body)"
        }
        let cardsHTML = !isContinuation && tag == nil && choice == ListChoice() ? cards?.render(folded: context.cardsFolded) ?? .empty : .empty
        return """
            \(heading)\(cardsHTML)<div class="toolbar">\(filters)\(count)<span class="spacer"></span>\
            <span class="toolbar-links">\(select)\(refresh)<a class="link" href="/trash" id="trash-link">Trash</a></span>\
            <a class="button primary" href="/add" data-key="n">Add bookmark</a></div>\(tagTools)
            \(body)
            """
    }

    /// The empty state of a list, with what to do next.
    static func emptyState(show: ListChoice.Show, tag: String?) -> HTML {
        if let tag {
            let which = show == .unread ? " are unread" : show == .archived ? " are archived" : show == .shared ? " are shared" : ""
            return "<div class=\"empty\"><h2>No bookmarks tagged #\(tag)\(which)</h2><p><a href=\"/tags\">See all tags</a>.</p></div>"
        }
        if show == .archived {
            return "<div class=\"empty\"><h2>Nothing archived</h2><p>Archived bookmarks leave the list and wait here. <a href=\"/\">Show all bookmarks</a>.</p></div>"
        }
        if show == .shared {
            return """
                <div class="empty"><h2>Nothing shared</h2><p>Bookmarks marked Shared (in Edit) show here; linkding lists them for \
                others. <a href="/">Show all bookmarks</a>.</p></div>
                """
        }
        if show == .broken {
            return "<div class=\"empty\"><h2>No broken links found</h2><p>Links are checked every week; a bookmark's page has Check now. <a href=\"/\">Show all bookmarks</a>.</p></div>"
        }
        if show == .unread {
            return "<div class=\"empty\"><h2>Nothing unread</h2><p>You are all caught up. <a href=\"/\">Show all bookmarks</a>.</p></div>"
        }
        return """
            <div class="empty"><h2>No bookmarks yet</h2><p><a class="button primary" href="/add">Add your first bookmark</a></p>\
            <p>Already use linkding? Connect it in <a href="/settings">Settings</a>.</p></div>
            """
    }
}
