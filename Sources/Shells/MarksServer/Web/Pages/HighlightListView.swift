import MarksReading

/// A bookmark's or a document's highlights as a list (the end of the reader, `<section id="highlights">`, the
/// bookmark's own page, a document's page after its text): each quote with its note, a link to it in the text, Edit
/// note and Delete (forms that work without script; `highlights.js` posts them in place). Where the text is shown,
/// those that can no longer be placed in it say so.
struct HighlightListView {
    /// The page that shows the text the highlights are in (the reader, a document's page).
    var textPath: String
    var highlights: [Highlight]
    var csrfToken: String
    /// Where the forms return to.
    var returnPath: String
    /// The ids not found in the text shown; nil where no text is shown (the bookmark's page).
    var unplaced: Set<Int>? = nil
    /// Whether the list is on the page that shows the text (its hint then says to select words there).
    var inReader = true
    /// Where the highlights' script and style sheet are (their own assets, `app-page-scripts.js` loads the script).
    var assets = WebAssets.shared

    func render() -> HTML {
        let items = HTML.each(highlights) { item($0) }
        let empty: HTML = highlights.isEmpty
            ? (inReader ? "<p class=\"hl-empty\">Select words in the text, then choose Highlight (or press h) to keep them here with a note.</p>"
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
        // The text's page with the fragment (a bare "#hl-N" is not a local path: `SafeURL` made it "/", the list).
        let reader = SafeURL.path("\(textPath)#hl-\(id)")
        let lost = unplaced?.contains(id) == true
        let status: HTML = lost ? "<p class=\"hl-lost\">This highlight can no longer be placed: the text changed.</p>" : .empty
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
