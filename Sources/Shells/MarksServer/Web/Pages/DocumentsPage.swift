import Foundation
import MarksDocuments
import MarksPodcasts

/// The Sources tab: a paste box (text, optional title, tags), a file upload (`multiple`; the script adds
/// drag-and-drop and per-file progress, without it the form posts as plain multipart), what the last upload did,
/// a search over the sources (title, text, tags, filename) and the list, a page at a time.
struct DocumentsPage {
    /// The list as loaded.
    enum Content {
        case loaded(sources: [DocumentSummary], total: Int)
        case failed(String)
        /// No sources library in this server.
        case unavailable
    }

    /// One file of an upload as it went.
    struct Outcome {
        enum Result {
            case added(DocumentSummary)
            case duplicate(DocumentSummary)
            case failed(String)
        }

        var filename: String
        var result: Result
    }

    static let title = "Sources"
    static let pageSize = 100

    var content: Content
    var query = ""
    var page = 1
    var limits: DocumentLimits
    var dates: WebDate
    var context: PageContext
    /// What the last upload or paste did (shown above the list).
    var outcomes: [Outcome] = []
    /// Why the last upload or paste was refused.
    var problem: String?
    /// The paste box's values after a refused paste.
    var pasted = (title: "", text: "", tags: "")
    /// The listed sources' podcast states, by lowercased UUID.
    var podcasts: [String: PodcastRowState] = [:]

    func render() -> HTML {
        """
        <h1>\(Self.title)</h1>\
        <p class="hint">Text, PDFs and files kept beside your bookmarks: searchable, readable, ready for podcasts.</p>\
        \(problem.map(HTML.problem) ?? .empty)\(results())\(forms())\(list())
        """
    }

    /// The paste box and the upload, folded away once there are sources (so the list is in view on a phone).
    private func forms() -> HTML {
        guard case .loaded(_, let total) = content else { return .empty }
        let most = DocumentRowView.megabytes(limits.maximumFileBytes)
        let open = total == 0 || problem != nil || !outcomes.isEmpty || !pasted.text.isEmpty
        return """
            <details class="source-adder" id="source-adder"\(HTML.when(open, " open"))><summary>Add text or files</summary>\
            <div class="source-add"><section aria-labelledby="paste-heading" class="panel">\
            <h2 id="paste-heading">Add text</h2>\
            <form method="post" action="/sources/text" class="stack" id="paste-form">\(HTML.csrfField(context.csrfToken))\
            \(FormFields.text("title", label: "Title (optional)", value: pasted.title))\
            <div><label for="text">Text</label><textarea id="text" name="text" rows="6" required>
            \(pasted.text)</textarea></div>\
            \(tagsField("paste-tags", value: pasted.tags))\
            <div class="buttons"><button type="submit" class="primary" id="paste-save">Save text</button></div></form></section>\
            <section aria-labelledby="upload-heading" class="panel">\
            <h2 id="upload-heading">Upload files</h2>\
            <form method="post" action="/sources/upload" enctype="multipart/form-data" class="stack upload" id="upload-form" \
            data-max-bytes="\(limits.maximumFileBytes)" data-max-files="\(limits.maximumFilesPerUpload)">\
            \(HTML.csrfField(context.csrfToken))\
            \(tagsField("upload-tags", value: ""))\
            <div class="drop" id="drop-zone"><label for="files">PDFs, text or other files</label>\
            <input type="file" id="files" name="files" multiple required aria-describedby="files-hint">\
            <p class="hint" id="files-hint">Up to \(limits.maximumFilesPerUpload) files at once, each at most \(most). \
            <span class="js-only">You can also drop files here.</span></p></div>\
            <div class="buttons"><button type="submit" class="primary" id="upload-send">Upload</button></div>\
            <ul class="upload-progress" id="upload-progress" aria-live="polite"></ul></form></section></div></details>
            """
    }

    private func tagsField(_ id: String, value: String) -> HTML {
        """
        <div><label for="\(id)">Tags (optional)</label><input type="text" id="\(id)" name="tags" value="\(value)" \
        autocomplete="off" autocapitalize="none" spellcheck="false" aria-describedby="\(id)-hint">\
        <p class="hint" id="\(id)-hint">Separate tags with commas.</p></div>
        """
    }

    private func results() -> HTML {
        guard !outcomes.isEmpty else { return .empty }
        let items = HTML.each(outcomes) { outcome -> HTML in
            switch outcome.result {
            case .added(let source):
                return "<li>\(ShellIcons.success)<span>Added <a href=\"\(Self.link(source))\">\(source.displayTitle)</a></span></li>"
            case .duplicate(let source):
                return """
                    <li>\(ShellIcons.success)<span>“\(outcome.filename)” is already here, with the same content: \
                    <a href="\(Self.link(source))">\(source.displayTitle)</a></span></li>
                    """
            case .failed(let message):
                return "<li class=\"failed\">\(ShellIcons.problem)<span>“\(outcome.filename)” was not added: \(message)</span></li>"
            }
        }
        return "<div class=\"notice upload-results\" role=\"status\"><ul id=\"upload-results\">\(items)</ul></div>"
    }

    private func list() -> HTML {
        switch content {
        case .unavailable:
            return "<div class=\"empty\"><h2>Sources are not available</h2><p>This server was started without a sources library.</p></div>"
        case .failed(let message):
            return "<div class=\"empty\" role=\"alert\"><h2>The sources could not be loaded</h2><p>\(message)</p><p><a href=\"/sources\">Try again</a>.</p></div>"
        case .loaded(let sources, let total):
            let search: HTML = """
                <form method="get" action="/sources" role="search" class="toolbar source-search">\
                <label for="source-q" class="visually-hidden">Search sources</label>\
                <input type="search" id="source-q" name="q" value="\(query)" placeholder="Search sources">\
                <button type="submit">Search</button>\(HTML.when(!query.isEmpty, "<a href=\"/sources\">Clear</a>"))</form>
                """
            if sources.isEmpty {
                let empty: HTML = query.isEmpty
                    ? "<div class=\"empty\" id=\"sources-empty\"><h2>No sources yet</h2><p>Paste some text or upload a PDF above.</p></div>"
                    : "<div class=\"empty\" id=\"sources-empty\"><h2>No results for “\(query)”</h2><p>Sources are searched by title, text, tags and filename.</p></div>"
                return "<h2 class=\"visually-hidden\">Your sources</h2>\(search)\(empty)"
            }
            let shown = query.isEmpty ? "\(total) \(total == 1 ? "source" : "sources")" : "\(total) found"
            return """
                <h2 class="visually-hidden">Your sources</h2>\(search)<p class="count" id="source-count">\(shown)</p>\
                <ul class="rows sources" id="source-rows">\(HTML.each(sources) { DocumentRowView(source: $0, dates: dates, podcast: podcasts[$0.id.uuidString.lowercased()]).render() })</ul>\
                \(paging(total: total))
                """
        }
    }

    private func paging(total: Int) -> HTML {
        let pages = (total + Self.pageSize - 1) / Self.pageSize
        guard pages > 1 else { return .empty }
        func link(_ number: Int) -> SafeURL {
            SafeURL.path("/sources", query: (query.isEmpty ? [] : [("q", query)]) + [("page", String(number))])
        }
        let previous: HTML = page > 1 ? "<a href=\"\(link(page - 1))\" rel=\"prev\">Newer</a>" : .empty
        let next: HTML = page < pages ? "<a href=\"\(link(page + 1))\" rel=\"next\">Older</a>" : .empty
        return "<nav class=\"paging\" aria-label=\"Pages\">\(previous)<span>Page \(page) of \(pages)</span>\(next)</nav>"
    }

    static func link(_ source: DocumentSummary) -> SafeURL {
        SafeURL.path("/sources/" + source.id.uuidString.lowercased())
    }
}
