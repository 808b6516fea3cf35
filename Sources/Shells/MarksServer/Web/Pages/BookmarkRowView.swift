import MarksCore

/// One bookmark as a row: title (serif, wrapping, never truncated) linking to the page, favicon,
/// domain, date and reading time, unread mark, excerpt or AI summary, tags with AI tags marked,
/// reading progress, podcast state, and the row actions.
struct BookmarkRowView {
    var bookmark: Bookmark
    var extras: RowExtras
    var favicon: SafeURL?
    var dates: WebDate

    func render() -> HTML {
        let id = bookmark.id
        let open = SafeURL.web(bookmark.url)
        let titleLink: HTML = open.map { "<a href=\"\($0)\">\(bookmark.displayTitle)</a>" } ?? .text(bookmark.displayTitle)
        return """
            <li class="row\(bookmark.unread ? " unread" : "")" id="b\(id)" data-id="\(id)"><h2 class="title" id="t\(id)">\(titleLink)</h2>\
            \(meta())\(excerpt())\(tags())\(progress())\
            \(BookmarkActionsView(bookmark: bookmark, open: open, labelledBy: "t\(id)").render())</li>
            """
    }

    private func meta() -> HTML {
        let icon: HTML = favicon.map { "<img class=\"fav\" src=\"\($0)\" width=\"16\" height=\"16\" alt=\"\" loading=\"lazy\" decoding=\"async\">" }
            ?? "<span class=\"mono\" aria-hidden=\"true\">\(String(bookmark.domain.prefix(1)).uppercased())</span>"
        let minutes: HTML = extras.readingMinutes.map { "<span>\($0) min read</span>" } ?? .empty
        return """
            <p class="meta">\(icon)<span>\(bookmark.domain)</span><time datetime="\(dates.iso(bookmark.dateAdded))">\(dates.day(bookmark.dateAdded))</time>\
            \(minutes)\(HTML.when(bookmark.unread, "<span class=\"badge unread-badge\">Unread</span>"))\
            \(HTML.when(bookmark.isArchived, "<span class=\"badge\">Archived</span>"))\(podcast())</p>
            """
    }

    private func podcast() -> HTML {
        switch extras.podcast {
        case .none: .empty
        case .generating: "<span class=\"badge\">Podcast in progress</span>"
        case .ready: "<span class=\"badge\">Podcast ready</span>"
        case .played: "<span class=\"badge\">Podcast played</span>"
        }
    }

    private func excerpt() -> HTML {
        if let summary = bookmark.distinctAISummary {
            return "<p class=\"excerpt\"><span class=\"ai-label\">AI summary</span>\(Self.clip(summary, 400))</p>"
        }
        let text = bookmark.description.isEmpty ? bookmark.notes : bookmark.description
        guard !text.isEmpty else { return .empty }
        return "<p class=\"excerpt\">\(Self.clip(text, 280))</p>"
    }

    private func tags() -> HTML {
        let own = Set(bookmark.tagNames.map { $0.lowercased() })
        let ai = bookmark.aiTags.filter { !own.contains($0.lowercased()) }
        guard !bookmark.tagNames.isEmpty || !ai.isEmpty else { return .empty }
        let linkding = HTML.each(bookmark.tagNames) { "<li><a href=\"\(Self.tagLink($0))\">#\($0)</a></li>" }
        let aiItems = HTML.each(ai) { "<li class=\"ai\"><a href=\"\(Self.tagLink($0))\" title=\"Suggested by AI\">\($0)<span class=\"visually-hidden\"> (suggested by AI)</span></a></li>" }
        return "<ul class=\"tags\" aria-label=\"Tags\">\(linkding)\(aiItems)</ul>"
    }

    private func progress() -> HTML {
        guard let value = extras.progress, value > 0 else { return .empty }
        let percent = min(100, Int((value * 100).rounded()))
        return "<progress class=\"progress\" max=\"100\" value=\"\(percent)\" aria-label=\"Read \(percent)%\">\(percent)%</progress>"
    }

    /// The page listing a tag's bookmarks.
    static func tagLink(_ name: String) -> SafeURL {
        .path("/tags/" + SafeURL.encode(name))
    }

    /// Text cut at a word boundary near `limit` characters, with an ellipsis when cut (excerpts only; titles never).
    static func clip(_ text: String, _ limit: Int) -> String {
        guard text.count > limit else { return text }
        let cut = text.prefix(limit)
        let end = cut.lastIndex(where: \.isWhitespace) ?? cut.endIndex
        return String(cut[..<end]).trimmingCharacters(in: .whitespacesAndNewlines) + "…"
    }
}
