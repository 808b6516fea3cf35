import MarksBookmarks

/// The page of one import: a progress bar while it runs (the page reloads itself every 2 seconds without
/// JavaScript; the script polls instead), then what was imported and every problem by line.
struct ImportPage {
    var id: String
    var file: String
    var state: ImportStatus.State

    static let title = "Import"
    /// Problems listed on the page at most.
    static let shownProblems = 200

    var isRunning: Bool {
        if case .running = state { return true }
        return false
    }

    func render() -> HTML {
        """
        <h1>\(Self.title)</h1><section aria-labelledby="import-heading" id="import-status" data-import-status="\(id)" \
        data-state="\(isRunning ? "running" : "done")"><h2 id="import-heading">\(file)</h2>\(body())</section>\
        <p><a href="/settings#transfer">Back to Settings</a></p>
        """
    }

    private func body() -> HTML {
        switch state {
        case .running(let done, let total):
            // Nothing is saved until the end (one transaction): the count is of entries written so far, then the commit.
            let label = total == 0 ? "Reading the file…" : done >= total ? "Saving \(total) bookmarks…" : "Importing \(done) of \(total)…"
            return """
                <p role="status" id="import-progress-text">\(label)</p>\
                <progress id="import-progress" max="\(max(total, 1))" value="\(done)" aria-labelledby="import-progress-text"></progress>
                """
        case .failed(let message):
            return HTML.problem(message + " Nothing was imported.")
        case .interrupted(let reason):
            return HTML.problem("This import was interrupted: \(reason). Upload the file again to import it (bookmarks already saved are updated, not doubled).")
        case .finished(let report):
            let summary = "Imported \(report.created + report.updated) bookmarks: \(report.summary)"
            let shown = report.problems.prefix(Self.shownProblems)
            let more: HTML = report.problems.count > shown.count
                ? "<p>… and \(report.problems.count - shown.count) more problems (marks import --json lists them all).</p>" : .empty
            let list: HTML = shown.isEmpty ? .empty : """
                <h3>Problems by line</h3><ul class="import-problems" id="import-problems">\(HTML.each(shown, problemHTML))</ul>\(more)
                """
            return "\(HTML.success(summary))\(list)"
        }
    }

    private func problemHTML(_ problem: ImportReport.Problem) -> HTML {
        let line: HTML = problem.line.map { number -> HTML in "<strong>Line \(number):</strong> " } ?? .empty
        let address: HTML = problem.url.map { url -> HTML in " <code>\(url)</code>" } ?? .empty
        return "<li>\(line)\(problem.message)\(address)</li>"
    }
}
