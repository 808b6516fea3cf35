/// The confirmation before deleting several bookmarks at once: how many, the first titles, and a form that
/// carries the ids with `confirm=1`; Cancel goes back to the list unchanged.
struct BulkDeletePage {
    var ids: [Int]
    /// The titles of the first few, to recognise them.
    var titles: [String]
    var back: String
    var context: PageContext

    var title: String { "Delete \(ids.count) \(ids.count == 1 ? "bookmark" : "bookmarks")?" }

    func render() -> HTML {
        let more = ids.count - titles.count
        return """
            <h1>\(title)</h1><ul class="bulk-titles">\(HTML.each(titles) { "<li>\($0)</li>" })\
            \(HTML.when(more > 0, "<li>and \(more) more</li>"))</ul>\
            <form method="post" action="/bookmarks/bulk" class="buttons" id="bulk-confirm">\(HTML.csrfField(context.csrfToken))\
            \(HTML.hidden("return", back))\(HTML.hidden("do", "delete"))\(HTML.hidden("confirm", "1"))\
            \(HTML.each(ids) { HTML.hidden("ids", String($0)) })\
            <button type="submit" class="danger" id="bulk-confirm-delete">Delete \(ids.count == 1 ? "it" : "all \(ids.count)")</button>\
            <a class="button" href="\(SafeURL.path(back))" id="bulk-cancel">Cancel</a></form>
            """
    }
}
