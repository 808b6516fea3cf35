import MarksCore

/// The Edit form: URL, title, description, notes, tags, unread and shared. Saving sends only the fields
/// that changed (`LibraryService.update(original, to:)`), so fields nobody touched keep their value.
struct EditPage {
    var bookmark: Bookmark
    var values: BookmarkFormValues
    var problem: String?
    var knownTags: [String] = []
    /// The list the Edit came from (a local path), where Save and Cancel go back to; nil: the bookmark's page.
    var returnPath: String?
    var context: PageContext

    static let title = "Edit bookmark"

    func render() -> HTML {
        let action = SafeURL.path("/bookmarks/\(bookmark.id)/edit")
        return """
            <h1>\(Self.title)</h1>\(problem.map(HTML.problem) ?? .empty)
            <form method="post" action="\(action)" class="stack" id="edit-form">\(HTML.csrfField(context.csrfToken))\
            \(returnPath.map { "<input type=\"hidden\" name=\"return\" value=\"\($0)\">" as HTML } ?? .empty)\
            \(FormFields.text("url", label: "URL", value: values.url, attributes: " inputmode=\"url\" autocomplete=\"off\" spellcheck=\"false\" required"))\
            \(FormFields.text("title", label: "Title", value: values.title))\
            \(FormFields.area("description", label: "Description", value: values.description))\
            \(FormFields.area("notes", label: "Notes", value: values.notes))\
            \(FormFields.tags(value: values.tags, known: knownTags))\
            \(FormFields.check("unread", label: "Unread", on: values.unread))\
            \(FormFields.check("shared", label: "Shared", on: values.shared))\
            <div class="buttons"><button class="primary" type="submit" id="save">Save changes</button> \
            <a href="\(SafeURL.path(returnPath ?? "/bookmarks/\(bookmark.id)"))">Cancel</a></div></form>\(suggestions())
            """
    }

    /// The AI tags with Accept and Dismiss, below the form (each action is a form of its own).
    private func suggestions() -> HTML {
        let suggested = bookmark.suggestedTags
        guard !suggested.isEmpty else { return .empty }
        let menu = AITagMenuView(bookmark: bookmark, returnPath: "/bookmarks/\(bookmark.id)/edit",
                                 placement: .standalone(csrfToken: context.csrfToken))
        return """
            <section class="suggested-tags" aria-labelledby="suggested-heading"><h2 id="suggested-heading">Suggested by AI</h2>\
            <p class="hint">Accept makes a suggestion a real tag; Dismiss means it is never suggested for this bookmark again.</p>\
            <ul class="tags">\(HTML.each(suggested, menu.item))</ul></section>
            """
    }
}
