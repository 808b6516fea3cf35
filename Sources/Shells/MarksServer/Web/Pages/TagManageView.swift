/// A tag's Rename and Delete, on its page: a `<details>` with a rename form (merging into an existing tag of that
/// name) and a delete button that first asks (a bulk destructive action: the brief's one allowed confirmation).
struct TagManageView {
    var tag: String
    var csrfToken: String

    func render() -> HTML {
        let base = "/tags/" + SafeURL.encode(tag)
        return """
            <details class="tag-manage" id="tag-manage"><summary>Rename or delete #\(tag)</summary>\
            <form method="post" action="\(SafeURL.path(base + "/rename"))" class="inline-form">\(HTML.csrfField(csrfToken))\
            <label for="tag-new-name">New name</label>\
            <input type="text" id="tag-new-name" name="name" value="\(tag)" required autocomplete="off" autocapitalize="none" spellcheck="false" \
            aria-describedby="tag-rename-hint"><button type="submit" id="tag-rename">Rename</button>\
            <p class="hint" id="tag-rename-hint">Every bookmark tagged #\(tag) gets the new name; if that tag exists, the two merge.</p></form>\
            <form method="post" action="\(SafeURL.path(base + "/delete"))">\(HTML.csrfField(csrfToken))\
            <button type="submit" class="danger" id="tag-delete">Delete #\(tag) from all bookmarks…</button></form></details>
            """
    }

    /// The question before a delete: how many bookmarks lose the tag, with Delete and Cancel.
    static func confirmation(tag: String, count: Int, csrfToken: String) -> HTML {
        let base = "/tags/" + SafeURL.encode(tag)
        return """
            <h1>Delete #\(tag)?</h1><p>The tag is removed from \(count) \(count == 1 ? "bookmark" : "bookmarks"); \
            the bookmarks themselves stay.</p>\
            <form method="post" action="\(SafeURL.path(base + "/delete"))">\(HTML.csrfField(csrfToken))\(HTML.hidden("confirm", "1"))\
            <div class="buttons"><button type="submit" class="danger" id="tag-delete-confirm">Delete the tag</button> \
            <a href="\(SafeURL.path(base))">Cancel</a></div></form>
            """
    }
}
