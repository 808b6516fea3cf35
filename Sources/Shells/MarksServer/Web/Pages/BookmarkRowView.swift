import MarksCore
import MarksIndex
import MarksReading

/// One bookmark as a row (`<li class="row" id="b<id>">`; the script adds `data-id`): the title (serif,
/// wrapping, never truncated) is the main target — it opens the original page or the reader view (a setting); favicon or monogram, domain, date and reading time, one
/// unread mark, excerpt or AI summary, tags with AI tags marked (each with Accept / Dismiss), reading progress, podcast state; then
/// Mark read, Archive and Delete as labelled buttons and a "More" link (the bookmark's page without script,
/// a menu with Read, Edit, New tab, Copy link, Podcast and Details with it). Tags are links in one paragraph.
///
/// The buttons submit the list's one form to `/bookmarks/action` as `a=<verb> <id>` (no per-button
/// `formaction`, which keeps a row small); the script sends the same verbs to the per-bookmark routes.
/// In select mode each row carries a checkbox named `ids` for the bulk form.
struct BookmarkRowView {
    var bookmark: Bookmark
    var extras: RowExtras
    var favicon: SafeURL?
    var dates: WebDate
    var titleOpens = ReadingPreferences.TitleTarget.page
    /// In select mode, whether the row's checkbox starts checked; nil outside select mode.
    var picked: Bool? = nil
    /// Where a keyword search matched (a page match on the Search tab), shown instead of the excerpt.
    var snippet: KeywordSnippet? = nil

    func render() -> HTML {
        let id = bookmark.id
        let page = SafeURL.web(bookmark.url)
        let target = titleOpens == .reader ? SafeURL.path("/bookmarks/\(id)/read") : page
        let titleLink: HTML = target.map { "<a href=\"\($0)\">\(bookmark.displayTitle)</a>" } ?? .text(bookmark.displayTitle)
        var url = HTML.empty
        if titleOpens == .reader, let page { url = " data-url=\"\(page)\"" }
        let pick: HTML = picked.map {
            "<input type=\"checkbox\" class=\"pick\" name=\"ids\" value=\"\(id)\" aria-labelledby=\"t\(id)\"\(HTML.checked($0))>"
        } ?? .empty
        let heading: HTML = picked != nil ? "<h2 id=\"t\(id)\">" : "<h2>"
        return """
            <li class="row\(bookmark.unread ? " unread" : "")" id="b\(id)"\(url)>\(pick)\(heading)\(titleLink)</h2>\
            \(meta())\(excerpt())\(tags())\(progress())\(actions())</li>
            """
    }

    /// Mark read (or unread), Archive (or Unarchive), Delete, More: direct children of the row (no wrapper,
    /// which keeps a row small; the style sheet lays them out as one line of buttons).
    private func actions() -> HTML {
        let id = bookmark.id
        let read: HTML = bookmark.unread
            ? "<button name=\"a\" value=\"read \(id)\">Mark read</button>"
            : "<button name=\"a\" value=\"unread \(id)\">Mark unread</button>"
        let archive: HTML = bookmark.isArchived
            ? "<button name=\"a\" value=\"unarchive \(id)\">Unarchive</button>"
            : "<button name=\"a\" value=\"archive \(id)\">Archive</button>"
        return "\(read)\(archive)<button name=\"a\" value=\"delete \(id)\">Delete</button><a href=\"/bookmarks/\(id)\">More</a>"
    }

    /// Favicon (else the monogram, drawn by the style sheet from `data-m` and hidden from screen readers),
    /// domain, date, reading time, the podcast state, archived and shared (as the bookmark's page shows them); the one unread mark is the row's `unread`
    /// class, shown (and read out) by the style sheet.
    private func meta() -> HTML {
        let icon: HTML = favicon.map { "<img class=\"fav\" src=\"\($0)\" width=\"16\" height=\"16\" alt=\"\" loading=\"lazy\" decoding=\"async\">" } ?? .empty
        let monogram: HTML = favicon == nil ? " data-m=\"\(String(bookmark.domain.prefix(1)).uppercased())\"" : .empty
        let minutes: HTML = extras.readingMinutes.map { " · \($0) min read" } ?? .empty
        return """
            <p class="meta"\(monogram)>\(icon)\(bookmark.domain) · \(dates.day(bookmark.dateAdded))\(minutes)\
            \(HTML.when(bookmark.isArchived, "<span class=\"badge\">Archived</span>"))\
            \(HTML.when(bookmark.shared, "<span class=\"badge\">Shared</span>"))\(podcast())</p>
            """
    }

    /// The podcast state (none shows nothing).
    private func podcast() -> HTML {
        PodcastBadgeView.render(extras.podcast)
    }

    private func excerpt() -> HTML {
        if let snippet {
            let runs = HTML.each(snippet.runs) { $0.matched ? "<mark>\($0.text)</mark>" : "\($0.text)" }
            return "<p class=\"excerpt snippet\"><span class=\"ai-label\">In the page</span>\(runs)</p>"
        }
        if let summary = bookmark.distinctAISummary {
            return "<p class=\"excerpt\"><span class=\"ai-label\">AI summary</span>\(Self.clip(summary, 400))</p>"
        }
        let text = bookmark.description.isEmpty ? bookmark.notes : bookmark.description
        guard !text.isEmpty else { return .empty }
        return "<p class=\"excerpt\">\(Self.clip(text, 280))</p>"
    }

    /// Linkding tags as links in one paragraph; with AI tags (✦), the list `AITagMenuView` draws, each AI tag with its
    /// Accept / Dismiss menu posting through the list's form (a row without AI tags stays a paragraph, the smaller).
    private func tags() -> HTML {
        guard bookmark.suggestedTags.isEmpty else {
            return AITagMenuView(bookmark: bookmark, returnPath: "", placement: .insideForm).render()
        }
        guard !bookmark.tagNames.isEmpty else { return .empty }
        return "<p class=\"tags\">\(HTML.each(bookmark.tagNames) { "<a href=\"\(Self.tagLink($0))\">#\($0)</a>" })</p>"
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
