import MarksDocuments

/// A source's Edit form: title, tags and the stored text. The original file is never changed; saving a new text
/// drops the PDF's page split (it no longer matches).
struct DocumentEditPage {
    var source: StoredDocument
    var values: (title: String, tags: String, body: String)
    var problem: String?
    var context: PageContext

    static let title = "Edit source"

    func render() -> HTML {
        let id = source.summary.id.uuidString.lowercased()
        let pagesHint: String? = source.pages.isEmpty ? nil
            : "Saving a changed text drops the “p. 3” page markers: they would no longer match. The original file stays as it was."
        return """
            <h1>\(Self.title)</h1>\(problem.map(HTML.problem) ?? .empty)
            <form method="post" action="\(SafeURL.path("/sources/\(id)/edit"))" class="stack" id="source-edit-form">\(HTML.csrfField(context.csrfToken))\
            \(FormFields.text("title", label: "Title", value: values.title))\
            \(FormFields.text("tags", label: "Tags", value: values.tags, hint: "Separate tags with commas."))\
            \(FormFields.area("body", label: "Text", value: values.body, hint: pagesHint ?? "The text search, podcasts and Ask use. The original file is never changed."))\
            <div class="buttons"><button class="primary" type="submit" id="save">Save changes</button> \
            <a href="\(SafeURL.path("/sources/\(id)"))">Cancel</a></div></form>
            """
    }
}
