import MarksBookmarks

/// Settings → Import and export: upload a bookmark file (HTML from a browser or linkding, another service's export,
/// or a Marks export; the same importer as `marks import`, problems listed by line) and download every bookmark as
/// one, as Marks JSON or as Markdown notes.
struct TransferView {
    struct Content {
        /// A problem with the last upload, in words.
        var problem: String?
    }

    var content: Content
    var context: PageContext

    func render() -> HTML {
        """
        <section aria-labelledby="transfer-heading" id="transfer"><h2 id="transfer-heading">Import and export</h2>\
        \(content.problem.map(HTML.problem) ?? .empty)\
        <form method="post" action="/settings/import" enctype="multipart/form-data" class="stack" id="import-form" data-import-form>\
        \(HTML.csrfField(context.csrfToken))\
        <div><label for="import-file">Bookmark file</label><input type="file" id="import-file" name="file" accept=".html,.htm,.csv,.json,.zip,text/html,text/csv,application/json,application/zip" \
        required aria-describedby="import-hint"><p class="hint" id="import-hint">An HTML bookmark file from a browser \
        (Bookmarks → Export) or from linkding, the export of Pocket, Instapaper, Readwise Reader, Wallabag, Omnivore \
        (its ZIP), Karakeep or Linkwarden, or a Marks export (JSON): the format is found from the file. Existing \
        addresses are updated, never duplicated.</p></div>\
        \(FormFields.check("folders_as_tags", label: "Add folder names as tags", on: false))\
        <div class="buttons"><button type="submit" id="import">Import</button></div></form>\
        <p><a href="/settings/export" id="export" download>Download all bookmarks</a> \
        <span class="hint">(an HTML bookmark file, archived ones included, as marks export writes it)</span></p>\
        <form method="get" action="/settings/export" class="stack" id="export-form">\
        <div><label for="export-format">Export everything</label><select id="export-format" name="format">\
        <option value="json">Marks JSON: everything (summaries, highlights, page texts, reading progress, sources); Import reads it back</option>\
        <option value="markdown">Markdown notes, one per bookmark, in a ZIP (for Obsidian)</option></select></div>\
        \(FormFields.check("text", label: "Markdown: add each page's archived text", on: false))\
        <div class="buttons"><button type="submit" id="export-library">Download</button></div></form></section>
        """
    }
}
