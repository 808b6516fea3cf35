import MarksCore

/// A bookmark's tags as chips: its linkding tags, then its AI tags marked ✦ ("suggested by AI" for screen readers),
/// each AI tag with a small menu (a `<details>`, so it opens without script) to **Accept** it (it becomes a real
/// tag) or **Dismiss** it (never suggested for that bookmark again). List rows use `.insideForm`: buttons of the
/// list's one form (`/bookmarks/action`, which carries the CSRF token and the list's address) named as the row's
/// other buttons are, `a=accept <id> <tag>`, so they add no `formaction` to a row; elsewhere each action is its own form.
struct AITagMenuView {
    enum Placement {
        /// Inside a list's form to `/bookmarks/action` (which carries the CSRF token and the list's address).
        case insideForm
        /// Outside any form: each action is a form of its own with this CSRF token.
        case standalone(csrfToken: String)
    }

    var bookmark: Bookmark
    /// Where Accept and Dismiss return to.
    var returnPath: String
    var placement: Placement

    /// The `<ul class="tags">` of the bookmark's tags, or nothing when it has none.
    func render() -> HTML {
        let suggested = bookmark.suggestedTags
        guard !bookmark.tagNames.isEmpty || !suggested.isEmpty else { return .empty }
        let own = HTML.each(bookmark.tagNames) { "<li><a href=\"\(BookmarkRowView.tagLink($0))\">#\($0)</a></li>" }
        return "<ul class=\"tags\" aria-label=\"Tags\">\(own)\(HTML.each(suggested, item))</ul>"
    }

    /// One AI tag: its chip and its menu.
    func item(_ tag: String) -> HTML {
        let base = "/bookmarks/\(bookmark.id)/tags/"
        return """
            <li class="ai"><a href="\(BookmarkRowView.tagLink(tag))" title="Suggested by AI">\(tag)<span class="visually-hidden"> (suggested by AI)</span></a>\
            <details class="tag-menu"><summary aria-label="Accept or dismiss the AI tag \(tag)"><span aria-hidden="true">▾</span></summary>\
            <div class="tag-menu-actions">\(action(base, "accept", tag, "Accept", "Keep “\(tag)” as a tag"))\
            \(action(base, "dismiss", tag, "Dismiss", "Never suggest “\(tag)” for this bookmark again"))</div></details></li>
            """
    }

    private func action(_ base: String, _ verb: String, _ tag: String, _ label: String, _ hint: String) -> HTML {
        switch placement {
        case .insideForm:
            return "<button class=\"link\" name=\"a\" value=\"\(verb) \(bookmark.id) \(tag)\" title=\"\(hint)\">\(label)</button>"
        case .standalone(let token):
            let route = SafeURL.path(base + verb)
            return """
                <form method="post" action="\(route)">\(HTML.csrfField(token))\(HTML.hidden("tag", tag))\(HTML.hidden("return", returnPath))\
                <button type="submit" class="link" title="\(hint)">\(label)</button></form>
                """
        }
    }
}
