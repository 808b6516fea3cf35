import Foundation
import MarksJobs
import MarksDocuments

/// One source's page: title, kind, filename, pages, size, date and tags; why there is no text (the extraction
/// note); the actions — open the original (a file source), Edit, Podcast (disabled, with the reason, when there is
/// no text), OCR (when pages need it and OCR is installed; its job's state once queued), Delete (with Undo, as a
/// bookmark's) — and then the text, with a "p. 3" marker before each page of a PDF ("ch. 3" before each chapter of an EPUB),
/// a PDF's or plain text's hard line breaks re-flowed into paragraphs and lists (`TextReflow`).
struct DocumentPage {
    var source: StoredDocument
    var dates: WebDate
    var context: PageContext
    /// The words an Ask citation opens at (`?highlight=`), marked and scrolled to (`#passage`).
    var highlight: PassageHighlight? = nil
    /// Whether this server queues podcasts (the action is left out when not).
    var podcasts: Bool
    /// Whether the Podcast action goes through the generation manager (the script then plays or follows it in place).
    var podcastAction = false
    /// Pages OCR could read (empty: no OCR action).
    var ocrPages: [Int]
    /// The `sources.ocr` job of this source, when there is one.
    var ocrJob: Job?

    var title: String { source.summary.displayTitle }

    func render() -> HTML {
        let s = source.summary
        let id = s.id.uuidString.lowercased()
        let tags: HTML = s.tags.isEmpty ? .empty
            : "<ul class=\"tags\">\(HTML.each(s.tags) { "<li><a href=\"\(SafeURL.path("/sources", query: [("q", "#" + $0)]))\">#\($0)</a></li>" })</ul>"
        return """
            <article class="detail source" data-id="\(id)" data-leave="/sources" data-notice="source-deleted">\
            <p class="back"><a href="/sources">Sources</a></p>\
            <h1 class="title" id="source-title" dir="auto">\(s.displayTitle)</h1>\
            <p class="meta">\(DocumentRowView.icon(s.kind))<span>\(DocumentRowView.kindName(s.kind)) · \
            \(DocumentRowView.facts(s, dates: dates))</span></p>\(tags)\(note())\
            <div class="source-actions" role="group" aria-labelledby="source-title">\(actions(id))</div>\
            \(ocrState())<h2>Text</h2>\(text())</article>
            """
    }

    private func note() -> HTML {
        guard let note = source.summary.extractionNote, !note.isEmpty else { return .empty }
        let heading: HTML = source.summary.hasText ? "Note" : "No text"
        return "<p class=\"notice extraction\" id=\"extraction-note\">\(ShellIcons.problem)<span><strong>\(heading):</strong> \(note)</span></p>"
    }

    private func actions(_ id: String) -> HTML {
        let base = "/sources/" + id
        let original: HTML = source.summary.kind == .text ? .empty
            : "<a class=\"button\" href=\"\(SafeURL.path(base + "/original"))\" id=\"open-original\" target=\"_blank\" rel=\"noopener\">Open original</a>"
        let podcast: HTML
        if !podcasts {
            podcast = .empty
        } else if source.podcastText == nil {
            podcast = """
                <button type="button" disabled aria-describedby="podcast-why" id="podcast">Podcast</button>\
                <span class="hint" id="podcast-why">No podcast: this source has no text to read\
                \(HTML.when(!ocrPages.isEmpty, " (yet: run OCR first)")).</span>
                """
        } else {
            podcast = """
                <form method="post" action="\(SafeURL.path(base + "/podcast"))">\(HTML.csrfField(context.csrfToken))\
                <button type="submit" id="podcast"\(HTML.when(podcastAction, " data-podcast=\"\(SafeURL.path(base + "/podcast"))\""))>Podcast</button></form>
                """
        }
        let ocr: HTML = ocrPages.isEmpty || ocrJob.map({ $0.state == .queued || $0.state == .running }) == true ? .empty : """
            <form method="post" action="\(SafeURL.path(base + "/ocr"))">\(HTML.csrfField(context.csrfToken))\
            <button type="submit" id="ocr">Read \(ocrPages.count) \(ocrPages.count == 1 ? "page" : "pages") with OCR</button></form>
            """
        return """
            \(original)<a class="button" href="\(SafeURL.path(base + "/edit"))" id="edit-source">Edit</a>\(podcast)\(ocr)\
            <form method="post" action="\(SafeURL.path(base + "/delete"))">\(HTML.csrfField(context.csrfToken))\
            <button type="submit" data-act="delete" id="delete-source">Delete</button></form>
            """
    }

    private func ocrState() -> HTML {
        guard let job = ocrJob else { return .empty }
        let text: HTML
        switch job.state {
        case .queued: text = "OCR is queued."
        case .running: text = .text(job.progress?.text ?? "OCR is running.")
        case .done: return .empty
        case .failed: text = .text("OCR failed: " + (job.lastError ?? "no reason given") + ".")
        }
        let running = job.state == .queued || job.state == .running
        return "<p class=\"notice\" id=\"ocr-state\" role=\"status\"\(HTML.when(running, " data-refresh=\"5\""))>\(text)\(HTML.when(running, " <a href=\"\(SafeURL.path("/sources/" + source.summary.id.uuidString.lowercased()))\">Refresh</a>"))</p>"
    }

    private func text() -> HTML {
        var firstMark = true
        let shown: (String) -> HTML = { text in highlight?.mark(text, first: &firstMark) ?? .text(text) }
        if source.body.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            return "<p class=\"empty-text\" id=\"source-text\">There is no text.</p>"
        }
        guard !source.pages.isEmpty else {
            return reflows ? "<div class=\"source-text reflowed\" id=\"source-text\" dir=\"auto\">\(reflowed(source.body, shown))</div>"
                : "<div class=\"source-text\" id=\"source-text\" dir=\"auto\">\(shown(source.body))</div>"
        }
        let pages = HTML.each(source.pages.enumerated()) { index, page -> HTML in
            let number = index + 1
            let body: HTML = page.isEmpty ? "<p class=\"hint\">No text on this \(source.summary.pageUnit).</p>"
                : reflows ? "<div class=\"source-text reflowed\" dir=\"auto\">\(reflowed(page, shown))</div>"
                : "<div class=\"source-text\" dir=\"auto\">\(shown(page))</div>"
            let unit = source.summary.pageUnit == "chapter" ? "Chapter" : "Page"
            return "<section class=\"source-page\" id=\"p\(number)\" aria-label=\"\(unit) \(number)\"><p class=\"page-marker\">\(source.summary.pageMarker(number))</p>\(body)</section>"
        }
        return "<div id=\"source-text\">\(pages)</div>"
    }

    /// Whether the text is shown re-flowed (`TextReflow`): a PDF's pages, pasted text and plain-text files; an EPUB's
    /// chapters and other files (code, data, Markdown) keep their lines.
    private var reflows: Bool {
        switch source.summary.kind {
        case .pdf, .text: true
        case .file: source.summary.mediaType.map { $0.hasPrefix("text/plain") } ?? false
        }
    }

    /// `text` as paragraphs, lists (numbered ones as `ol`) and short lines kept on their own.
    private func reflowed(_ text: String, _ shown: (String) -> HTML) -> HTML {
        var out: [HTML] = []
        var list: (ordered: Bool, items: [HTML], start: Int?)? = nil
        func closeList() {
            guard let open = list else { return }
            let start: HTML = open.ordered && (open.start ?? 1) != 1 ? " start=\"\(open.start ?? 1)\"" : .empty
            out.append(open.ordered ? "<ol\(start)>\(HTML.join(open.items))</ol>" : "<ul>\(HTML.join(open.items))</ul>")
            list = nil
        }
        for block in TextReflow.blocks(text) {
            switch block {
            case .listItem(let item, let number):
                if let open = list, open.ordered == (number != nil) {
                    list?.items.append("<li>\(shown(item))</li>")
                } else {
                    closeList()
                    list = (number != nil, ["<li>\(shown(item))</li>"], number)
                }
            case .paragraph(let paragraph):
                closeList()
                out.append("<p>\(shown(paragraph))</p>")
            case .line(let line):
                closeList()
                out.append("<p class=\"source-line\">\(shown(line))</p>")
            }
        }
        closeList()
        return HTML.join(out)
    }
}
