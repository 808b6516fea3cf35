import MarksCore

/// The Add flow: a paste box that pulls the first web address out of any text (the rest becomes notes),
/// then URL, optional title, notes and tags (with the person's tags offered). A URL that is already
/// saved is reported before anything is written, with a link to edit it instead.
struct AddPage {
    var values = BookmarkFormValues()
    var pasteText = ""
    var problem: String?
    /// The bookmark that already has this URL, found by `check`.
    var duplicate: Bookmark?
    /// A line about what the paste box found.
    var pasteMessage: String?
    var knownTags: [String] = []
    /// Set when the form came from a share (PWA share target, bookmarklet): it saves through the share flow,
    /// which updates an existing bookmark and can queue a podcast.
    var share: ShareFields?
    var context: PageContext

    /// What the share flow adds to the form.
    struct ShareFields: Equatable {
        var createPodcast = false
        var suggestedTags: [String] = []
        var updatesExisting = false
    }

    static let title = "Add a bookmark"

    func render() -> HTML {
        let csrf = HTML.csrfField(context.csrfToken)
        return """
            <h1>\(Self.title)</h1>\(problem.map(HTML.problem) ?? .empty)
            <details class="paste"\(pasteText.isEmpty ? "" : " open")><summary>Paste text with a link</summary>\
            <form method="post" action="/add/paste" class="stack">\(csrf)\
            \(FormFields.area("paste", label: "Text", value: pasteText, hint: "Marks takes the first web address and keeps the other words as notes."))\
            <div class="buttons"><button type="submit" id="use-paste">Use this text</button></div></form></details>
            \(pasteMessage.map { "<p class=\"notice\" role=\"status\">\($0)</p>" as HTML } ?? .empty)\
            <form method="post" action="/add" class="stack" id="add-form">\(csrf)
            <div id="duplicate" aria-live="polite">\(duplicateNotice())</div>\
            \(FormFields.text("url", label: "URL", value: values.url,
                              attributes: " inputmode=\"url\" autocomplete=\"off\" autocapitalize=\"none\" spellcheck=\"false\" required data-check=\"/add/check\"\(values.url.isEmpty ? HTML(" autofocus") : HTML.empty)"))\
            \(FormFields.text("title", label: "Title (optional)", value: values.title, hint: "Left empty, Marks uses the page’s own title."))\
            \(FormFields.area("notes", label: "Notes", value: values.notes))\
            \(FormFields.tags(value: values.tags, known: knownTags))\
            \(FormFields.check("unread", label: "Read later (mark as unread)", on: values.unread))\
            \(shareFields())\
            <div class="buttons"><button class="primary" type="submit" id="save">Save bookmark</button> <a href="/">Cancel</a></div></form>
            """
    }

    private func shareFields() -> HTML {
        guard let share else { return .empty }
        let suggested: HTML = share.suggestedTags.isEmpty ? .empty
            : "<p class=\"hint\" id=\"suggested-tags\">Suggested: \(share.suggestedTags.joined(separator: ", "))</p>"
        let existing: HTML = share.updatesExisting ? "<p class=\"notice\" role=\"status\" id=\"share-existing\">Already saved: saving updates it.</p>" : .empty
        let podcast = FormFields.check("podcast", label: "Create podcast", on: share.createPodcast)
        return "<input type=\"hidden\" name=\"via\" value=\"share\">\(suggested)\(existing)\(podcast)"
    }

    private func duplicateNotice() -> HTML {
        guard let duplicate else { return .empty }
        return """
            <p class="notice" role="alert">Already saved as “\(duplicate.displayTitle)” — \
            <a href="\(SafeURL.path("/bookmarks/\(duplicate.id)/edit"))" id="edit-existing">edit it instead</a>. \
            <button type="submit" name="merge" value="1" class="link">Add these tags and notes to it</button></p>
            """
    }
}
