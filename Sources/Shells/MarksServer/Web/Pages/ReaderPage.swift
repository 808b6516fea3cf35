import HTMLExtraction
import MarksCore
import MarksFetch
import MarksReading

/// The reader view: the extracted article — headings, lists, links, images, code, quotes and tables, through the
/// allow-list sanitiser — in the editorial serif (or a sans), under an action bar that stays at the top while
/// reading: Archive (on to the next unread), Mark read, Next unread, Tags, Listen, Highlights, the original page,
/// and "Aa" — text size, width, typeface and theme (a plain form kept in cookies; the script applies a change at
/// once). Images come only through the signed image proxy, sized when the page said how big. It remembers how far
/// the person read and where they stopped (sent from the script; `position` reopens there, on any device), and ends
/// with the read-later loop's block: Mark read (done by the script on reaching it, when that setting is on),
/// Archive (which goes on to the next unread) and Next unread.
struct ReaderPage {
    enum Content {
        case article(ReadableArticle)
        case failed(String)
        /// Page fetching is off on this server (`fetch_pages` / `MARKS_FETCH_PAGES=0`).
        case fetchingOff
    }

    var bookmark: Bookmark
    var content: Content
    var context: PageContext
    var preferences = ReaderPreferences()
    /// The proxied address of an image in the article, or nil to leave it out.
    var imageURL: (String) -> SafeURL? = { _ in nil }
    /// The sizes the image proxy learnt of article images the page gave no size for, by address.
    var imageSizes: [String: ImageSize] = [:]
    /// Whether reaching the end marks the bookmark read (the reading preference).
    var markReadAtEnd = true
    /// The words an Ask citation opens at (`?highlight=`), marked and scrolled to (`#passage`).
    var highlight: PassageHighlight? = nil
    /// Where the person stopped reading last time (on any device); the script scrolls there unless a citation or a
    /// link into the page says where to go.
    var position: ReadingPosition? = nil
    /// Whether the bar offers Listen (the server has podcasts).
    var podcast = false
    /// The bookmark's highlights (drawn in the text, listed at the end); nil where this server keeps none.
    var highlights: [Highlight]? = nil

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

    /// The page, with the reader's own style sheet (an asset the other pages do not carry).
    func render() -> HTML {
        "<link rel=\"stylesheet\" href=\"\(context.assets.readerStyles.path)\">\(page())"
    }

    private func page() -> HTML {
        let b = bookmark
        let open = SafeURL.web(b.url)
        let original: HTML = open.map { "<a href=\"\($0)\" rel=\"noopener noreferrer\">Open the original page ↗</a>" } ?? .empty
        let actions: HTML = """
            <form method="post" action="/bookmarks/action">\(HTML.csrfField(context.csrfToken))\(HTML.hidden("return", "/"))\
            \(BookmarkActionsView(bookmark: b, open: open, labelledBy: "reader-title").render())</form>
            """
        switch content {
        case .fetchingOff:
            let link: HTML = open.map { " <a href=\"\($0)\" rel=\"noopener noreferrer\">Open the page ↗</a>" } ?? .empty
            return """
                <article class="reader" data-id="\(b.id)"><h1 id="reader-title">\(b.displayTitle)</h1>\
                <p class="reader-off">Marks doesn’t fetch pages on this server, so there is no reader view.\(link)</p>\(actions)</article>
                """
        case .failed(let message):
            return """
                <article class="reader" data-id="\(b.id)" data-leave="/"><h1 id="reader-title">\(b.displayTitle)</h1>\
                \(HTML.problem("This page could not be read: \(message)"))<p>\(original)</p>\(actions)</article>
                """
        case .article(let article):
            let minutes = max(1, Int((Double(article.wordCount) / 230).rounded()))
            let tokens = article.content?.tokens ?? article.paragraphs.flatMap { [ArticleToken.start(.p, []), .text($0), .end(.p)] }
            let marks = ArticleMarks(tokens: tokens, passage: highlight, highlights: highlights ?? [])
            let body = ReaderArticleView(tokens: tokens, imageURL: imageURL, marks: marks, imageSizes: imageSizes).render()
            let list: HTML = highlights.map {
                HighlightListView(textPath: "/bookmarks/\(b.id)/read", highlights: $0, csrfToken: context.csrfToken, returnPath: "/bookmarks/\(b.id)/read",
                                  unplaced: marks.unplaced).render()
            } ?? .empty
            let hl: HTML = highlights == nil ? .empty : " data-highlights=\"\(SafeURL.path("/bookmarks/\(b.id)/highlights"))\""
            let auto: HTML = markReadAtEnd && b.unread ? " data-mark-read=\"\(SafeURL.path("/bookmarks/\(b.id)/mark-read"))\"" : .empty
            let look = "reader-size-\(preferences.size.rawValue) reader-width-\(preferences.width.rawValue) reader-font-\(preferences.font.rawValue)"
            return """
                <article class="reader \(look)" \
                data-id="\(b.id)" data-leave="/" data-starts="reader" data-script="\(context.assets.reader.path)" \
                data-progress="\(SafeURL.path("/bookmarks/\(b.id)/progress"))"\(auto)\(hl)\(resume())>\
                \(bar(open: open))<h1 id="reader-title">\(b.title.isEmpty ? (article.title ?? b.displayTitle) : b.title)</h1>\
                <p class="meta"><span>\(b.domain)</span><span>\(minutes) min read</span>\(original)</p>\
                <div class="reader-body">\(body)</div>\(list)\(end())\(actions)</article>
                """
        }
    }

    /// The saved place as data attributes for the script (nothing when there is none).
    private func resume() -> HTML {
        guard let position else { return .empty }
        return """
             data-at-block="\(String(position.block))" data-at-within="\(String(position.within))" \
            data-at-fraction="\(String(position.fraction))" data-at-quote="\(position.quote)"
            """
    }

    /// The action bar: one form carrying the CSRF token, each button naming its route (`formaction`) and where to
    /// go after (`return`), so it works without the script; with it, Mark read toggles in place.
    private func bar(open: SafeURL?) -> HTML {
        let b = bookmark, base = "/bookmarks/\(b.id)"
        let next = SafeURL.path("/bookmarks/next-unread", query: [("after", String(b.id))])
        let here = SafeURL.path(base + "/read")
        let read: HTML = b.unread
            ? "<button class=\"link\" formaction=\"\(SafeURL.path(base + "/mark-read"))\" name=\"return\" value=\"\(here)\" data-act=\"read\">\(ShellIcons.success)<span class=\"bar-label\">Mark read</span></button>"
            : "<button class=\"link\" formaction=\"\(SafeURL.path(base + "/mark-unread"))\" name=\"return\" value=\"\(here)\" data-act=\"unread\">\(ShellIcons.success)<span class=\"bar-label\">Mark unread</span></button>"
        let archive: HTML = b.isArchived
            ? "<button class=\"link\" formaction=\"\(SafeURL.path(base + "/unarchive"))\" name=\"return\" value=\"\(here)\">\(ShellIcons.archive)<span class=\"bar-label\">Unarchive</span></button>"
            : "<button class=\"link\" formaction=\"\(SafeURL.path(base + "/archive"))\" name=\"return\" value=\"\(next)\" title=\"Archive and open the next unread\">\(ShellIcons.archive)<span class=\"bar-label\">Archive</span></button>"
        let listen: HTML = podcast
            ? "<button class=\"link\" formaction=\"\(SafeURL.path(base + "/podcast"))\" data-podcast=\"\(SafeURL.path(base + "/podcast"))\" name=\"return\" value=\"\(here)\" title=\"Listen to it as a podcast episode\">\(ShellIcons.listen)<span class=\"bar-label icon-only\">Listen</span></button>"
            : .empty
        let highlightsLink: HTML = highlights == nil ? .empty
            : "<a href=\"#highlights\" title=\"Highlights\">\(ShellIcons.highlight)<span class=\"bar-label icon-only\">Highlights</span></a>"
        let original: HTML = open.map { "<a href=\"\($0)\" rel=\"noopener noreferrer\" title=\"Open the original page\">\(ShellIcons.external)<span class=\"bar-label icon-only\">Original</span></a>" } ?? .empty
        return """
            <div class="reader-toolbar"><form class="reader-bar" method="post" action="\(SafeURL.path(base + "/mark-read"))" aria-label="Reading actions">\
            \(HTML.csrfField(context.csrfToken))\(archive)\(read)\
            <a href="\(next)">\(ShellIcons.next)<span class=\"bar-label\">Next unread</span></a>\
            <a href="\(SafeURL.path(base + "/edit", query: [("return", here.value)]))" title="Edit tags">\(ShellIcons.tag)<span class=\"bar-label icon-only\">Tags</span></a>\
            \(listen)\(highlightsLink)\(original)</form>\
            \(controls())<p class="reader-resumed" id="reader-resumed" role="status" hidden></p></div>
            """
    }

    /// "Aa": text size, width, typeface and the app's theme — selects with Apply in a disclosure, plain forms that
    /// work without the script (which applies a change at once and hides Apply).
    private func controls() -> HTML {
        func options<T: RawRepresentable & CaseIterable & Equatable>(_ all: T.AllCases, _ chosen: T, _ title: (T) -> String) -> HTML where T.RawValue == String {
            HTML.each(Array(all)) { item in
                "<option value=\"\(item.rawValue)\"\(HTML.when(item == chosen, " selected"))>\(title(item))</option>"
            }
        }
        let csrf = HTML.csrfField(context.csrfToken), back = HTML.hidden("return", context.returnPath)
        return """
            <details class="reader-settings"><summary title="Text size, width, typeface and theme"><span aria-hidden="true">Aa</span>\
            <span class="visually-hidden">Text size, width, typeface and theme</span></summary><div class="reader-panel">\
            <form class="reader-controls" method="post" action="/reader/settings" aria-label="Text size, width and typeface">\(csrf)\(back)\
            <label for="reader-size">Text size</label><select id="reader-size" name="size">\(options(ReaderPreferences.Size.allCases, preferences.size, \.title))</select>\
            <label for="reader-width">Width</label><select id="reader-width" name="width">\(options(ReaderPreferences.Width.allCases, preferences.width, \.title))</select>\
            <label for="reader-font">Typeface</label><select id="reader-font" name="font">\(options(ReaderPreferences.Font.allCases, preferences.font, \.title))</select>\
            <button type="submit" class="no-js-only">Apply</button></form>\
            <form class="reader-controls" method="post" action="/theme" aria-label="Theme">\(csrf)\(back)\
            <label for="reader-theme">Theme</label><select id="reader-theme" name="theme">\(options(WebTheme.allCases, context.theme, \.title))</select>\
            <button type="submit" class="no-js-only">Apply</button></form></div></details>
            """
    }
}
