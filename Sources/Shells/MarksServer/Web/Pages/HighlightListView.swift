import MarksReading

/// A bookmark's highlights as a list (the end of the reader, `<section id="highlights">`, and the bookmark's own
/// page): each quote with its note, a link to it in the reader, Edit note and Delete (forms that work without
/// script; `app-highlights.js` posts them in place). In the reader, those that can no longer be placed in the page's
/// text say so.
struct HighlightListView {
    var bookmarkID: Int
    var highlights: [Highlight]
    var csrfToken: String
    /// Where the forms return to.
    var returnPath: String
    /// The ids not found in the text shown; nil where no text is shown (the bookmark's page).
    var unplaced: Set<Int>? = nil
    /// Whether the list is in the reader (links go to `#hl-ID` on the page itself).
    var inReader = true
    /// Where the highlights' script and style sheet are (their own assets, `app-page-scripts.js` loads the script).
    var assets = WebAssets.shared

    func render() -> HTML {
        let items = HTML.each(highlights) { item($0) }
        let empty: HTML = highlights.isEmpty
            ? (inReader ? "<p class=\"hl-empty\">Select words in the article, then choose Highlight (or press h) to keep them here with a note.</p>"
                        : "<p class=\"hl-empty\">No highlights yet.</p>")
            : .empty
        return """
            <section class="highlights" id="highlights" aria-labelledby="highlights-heading" data-starts="highlights" data-script="\(assets.highlights.path)">\
            <link rel="stylesheet" href="\(assets.highlightStyles.path)">\
            <h2 id="highlights-heading">Highlights<span class="count">\(highlights.isEmpty ? "" : " (\(highlights.count))")</span></h2>\
            \(empty)<ol class="hl-list" id="hl-list">\(items)</ol><p><a href="/highlights">All highlights</a></p></section>
            """
    }

    /// One highlight: its quote, note and actions (`item` is also what the script inserts after a save).
    func item(_ highlight: Highlight) -> HTML {
        let id = highlight.id
        let reader = inReader ? SafeURL.path("#hl-\(id)") : SafeURL.path("/bookmarks/\(bookmarkID)/read#hl-\(id)")
        let lost = unplaced?.contains(id) == true
        let status: HTML = lost ? "<p class=\"hl-lost\">This highlight can no longer be placed: the page’s text changed.</p>" : .empty
        let show: HTML = lost ? .empty : "<a class=\"hl-show\" href=\"\(reader)\">Show in the text</a>"
        let note: HTML = highlight.note.map { "<p class=\"hl-note\">\($0)</p>" } ?? .empty
        let csrf = HTML.csrfField(csrfToken)
        let back = HTML.hidden("return", returnPath)
        return """
            <li class="hl-item\(lost ? " hl-unplaced" : "")" id="hl-item-\(id)" data-hl="\(id)">\
            <blockquote class="hl-quote">\(highlight.quote)</blockquote>\(note)\(status)\
            <div class="hl-actions">\(show)\
            <details class="hl-edit"><summary>\(highlight.note == nil ? "Add note" : "Edit note")</summary>\
            <form method="post" action="\(SafeURL.path("/highlights/\(id)"))" class="hl-note-form">\(csrf)\(back)\
            <label for="hl-note-\(id)">Note</label><textarea id="hl-note-\(id)" name="note" rows="3" maxlength="\(HighlightDraft.maximumNote)">\(highlight.note ?? "")</textarea>\
            <button type="submit">Save note</button></form></details>\
            <form method="post" action="\(SafeURL.path("/highlights/\(id)/delete"))" class="hl-delete-form">\(csrf)\(back)\
            <button type="submit" class="danger" aria-label="Delete highlight">Delete</button></form></div></li>
            """
    }
}
