import Foundation
import MarksJobs
import MarksDocuments
import MarksReading

/// One source's page: title, kind, filename, pages, size, date and tags; why there is no text (the extraction
/// note); the actions — open the original (a file source), Edit, Podcast (disabled, with the reason, when there is
/// no text), OCR (when pages need it and OCR is installed; its job's state once queued), Delete (with Undo, as a
/// bookmark's) — and then the text, with a "p. 3" marker before each page of a PDF ("ch. 3" before each chapter of an EPUB),
/// a PDF's or plain text's hard line breaks re-flowed into paragraphs and lists (`DocumentText`), the person's
/// highlights drawn in it and listed after it (made by selecting words, as in the reader).
struct DocumentPage {
    var source: StoredDocument
    var dates: WebDate
    var context: PageContext
    /// The words an Ask citation opens at (`?highlight=`), marked and scrolled to (`#passage`).
    var highlight: PassageHighlight? = nil
    /// The document's highlights (drawn in the text, listed after it); nil where this server keeps none.
    var highlights: [Highlight]? = nil
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
        let hl: HTML = highlights == nil || !source.summary.hasText ? .empty
            : " data-highlights=\"\(SafeURL.path("/sources/\(id)/highlights"))\""
        return """
            <article class="detail source" data-id="\(id)" data-leave="/sources" data-notice="source-deleted"\(hl)>\
            <p class="back"><a href="/sources">Sources</a></p>\
            <h1 class="title" id="source-title" dir="auto">\(s.displayTitle)</h1>\
            <p class="meta">\(DocumentRowView.icon(s.kind))<span>\(DocumentRowView.kindName(s.kind)) · \
            \(DocumentRowView.facts(s, dates: dates))</span></p>\(tags)\(note())\
            <div class="source-actions" role="group" aria-labelledby="source-title">\(actions(id))</div>\
            \(ocrState())<h2>Text</h2>\(textAndHighlights(id))</article>
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

    /// The text with its marks, then the highlights' list.
    private func textAndHighlights(_ id: String) -> HTML {
        let list = { (unplaced: Set<Int>) -> HTML in
            highlights.map {
                HighlightListView(textPath: "/sources/" + id, highlights: $0, csrfToken: context.csrfToken, returnPath: "/sources/" + id,
                                  unplaced: unplaced).render()
            } ?? .empty
        }
        if source.body.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            // Highlights made before the text was edited away are still listed, as unplaced.
            let kept = highlights ?? []
            return "<p class=\"empty-text\" id=\"source-text\">There is no text.</p>\(kept.isEmpty ? HTML.empty : list(Set(kept.map(\.id))))"
        }
        let text = DocumentText(source)
        let marks = ArticleMarks(tokens: text.tokens, passage: highlight, highlights: highlights ?? [])
        var written = ArticleMarks.Written()
        let shown: (Int) -> HTML = { index in
            var out: [UInt8] = []
            marks.write(text.string(index), index: index, into: &out, written: &written)
            return HTML(trustedBytes: out)
        }
        let placed = list(marks.unplaced)
        guard text.parts.first?.page != nil else {
            return "<div class=\"source-text\(reflows ? " reflowed" : "")\" id=\"source-text\" dir=\"auto\">\(blocks(text.parts.first?.blocks ?? [], shown))</div>\(placed)"
        }
        let pages = HTML.each(text.parts) { part -> HTML in
            let number = part.page ?? 1
            let body: HTML = part.blocks.isEmpty ? "<p class=\"hint\">No text on this \(source.summary.pageUnit).</p>"
                : "<div class=\"source-text\(reflows ? " reflowed" : "")\" dir=\"auto\">\(blocks(part.blocks, shown))</div>"
            let unit = source.summary.pageUnit == "chapter" ? "Chapter" : "Page"
            return "<section class=\"source-page\" id=\"p\(number)\" aria-label=\"\(unit) \(number)\"><p class=\"page-marker\">\(part.marker.map(shown) ?? .text(source.summary.pageMarker(number)))</p>\(body)</section>"
        }
        return "<div id=\"source-text\">\(pages)</div>\(placed)"
    }

    private var reflows: Bool { DocumentText.reflows(source.summary) }

    /// Blocks as paragraphs, lists (numbered ones as `ol`), short lines kept on their own, or text kept whole.
    private func blocks(_ blocks: [DocumentText.Block], _ shown: (Int) -> HTML) -> HTML {
        HTML.each(blocks) { block -> HTML in
            switch block {
            case .whole(let index): return shown(index)
            case .paragraph(let index): return "<p>\(shown(index))</p>"
            case .line(let index): return "<p class=\"source-line\">\(shown(index))</p>"
            case .list(let ordered, let start, let items):
                let number: HTML = ordered && (start ?? 1) != 1 ? " start=\"\(start ?? 1)\"" : .empty
                let entries = HTML.each(items) { "<li>\(shown($0))</li>" }
                return ordered ? "<ol\(number)>\(entries)</ol>" : "<ul>\(entries)</ul>"
            }
        }
    }
}
