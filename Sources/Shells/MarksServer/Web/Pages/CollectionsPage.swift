import Foundation
import HTTPServer
import MarksLibrary

/// The Collections tab: which AI engine is in use (and whether it is healthy), the Enrich All button with
/// the last batch's result, and the smart collections with their bookmarks.
struct CollectionsPage {
    enum Content {
        case off
        case loaded(EnrichmentService.Collections)
        case failed(String)
    }

    /// The result of the last Enrich All batch, from the redirect's query.
    struct Batch {
        var enriched: Int
        var failed: Int
        var left: Int

        init?(query: QueryParameters) {
            guard let enriched = query["enriched"].flatMap(Int.init), let left = query["left"].flatMap(Int.init) else { return nil }
            self.enriched = max(0, enriched)
            self.failed = max(0, query["failed"].flatMap(Int.init) ?? 0)
            self.left = max(0, left)
        }
    }

    var status: EngineStatus?
    var content: Content
    var batch: Batch?
    var context: PageContext
    var rows: RowRenderer

    static let title = "Collections"

    func render() -> HTML {
        "<h1>\(Self.title)</h1>\(engineLine)\(enrichForm)\(body)"
    }

    private var engineLine: HTML {
        guard let status else { return "<p class=\"engine\" id=\"engine\">AI is off in this app.</p>" }
        let health: HTML = status.healthy ? "<span class=\"ok\">ready</span>" : "<span class=\"problem\">not ready</span>"
        return "<p class=\"engine\" id=\"engine\">Engine: \(status.detail) — \(health)</p>"
    }

    private var enrichForm: HTML {
        guard status != nil else { return .empty }
        var result: HTML = .empty
        if let batch {
            let failed: HTML = batch.failed > 0 ? ", \(batch.failed) failed" : .empty
            let more: HTML = batch.left > 0 ? " \(batch.left) left: press Enrich all again to go on." : " Every bookmark has a summary."
            result = "<p class=\"notice\" role=\"status\" id=\"enrich-progress\">Enriched \(batch.enriched)\(failed).\(more)</p>"
        }
        return """
            <form method="post" action="/collections/enrich" class="inline" data-enrich-all>\(HTML.csrfField(context.csrfToken))\
            <button type="submit">Enrich all</button> <span class="hint">Adds AI summaries and tags to bookmarks without them, \
            \(WebController.enrichBatchSize) at a time.</span></form>\(result)
            """
    }

    private var body: HTML {
        switch content {
        case .off:
            return .empty
        case .failed(let message):
            return "<div class=\"empty\" role=\"alert\"><h2>Collections could not be made</h2><p>\(message)</p></div>"
        case .loaded(let answer):
            guard !answer.groups.isEmpty else {
                return "<div class=\"empty\"><h2>No collections yet</h2><p>Save a few more related bookmarks, or enrich them, and collections appear here.</p></div>"
            }
            return HTML.each(answer.groups) { group in
                """
                <section class="collection"><h2>\(group.collection.name)</h2><p>\(group.collection.description)</p>\
                <ol class="rows">\(rows.rows(group.bookmarks))</ol></section>
                """
            }
        }
    }
}
