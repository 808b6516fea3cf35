import Foundation
import HTTPServer
import MarksCore
import MarksJobs
import MarksBookmarks

/// The Collections tab: which AI engine is in use (and whether it is healthy), the Enrich All button with the
/// state of its job, and the smart collections as compact cards, each opening its list (`CollectionListPage`).
struct CollectionsPage {
    enum Content {
        case off
        case loaded(EnrichmentService.Collections)
        case failed(String)
    }

    var status: EngineStatus?
    var content: Content
    /// The newest Enrich All job (its state and progress), nil before the first.
    var enrichAll: Job?
    /// False when there is no job runner to queue Enrich All on.
    var canEnrichAll: Bool
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
        guard status != nil, canEnrichAll else { return .empty }
        let busy = enrichAll.map { $0.state == .queued || $0.state == .running } ?? false
        let button: HTML = busy ? "<button type=\"submit\" disabled>Enriching…</button>" : "<button type=\"submit\">Enrich all</button>"
        return """
            <form method="post" action="/collections/enrich" class="inline" data-enrich-all>\(HTML.csrfField(context.csrfToken))\
            \(button) <span class="hint">Adds AI summaries and tags to every bookmark without them, in the background.</span>\
            </form>\(progress)
            """
    }

    /// The Enrich All job's state, as the jobs table has it (reload the page to see it move on without JavaScript).
    private var progress: HTML {
        guard let job = enrichAll else { return .empty }
        let text = job.progress?.text ?? ""
        let line: HTML
        switch job.state {
        case .queued:
            let note: HTML = job.lastError.map { " (last try: \($0))" } ?? .empty
            line = job.attempts == 0 && job.lastError == nil ? "Enrich all is queued." : "Enrich all will go on shortly\(note)."
        case .running:
            let percent = Int(((job.progress?.fraction ?? 0) * 100).rounded())
            line = "Enriching: \(text) <progress max=\"100\" value=\"\(percent)\">\(percent)%</progress> <a href=\"/collections\">Reload</a> to follow it."
        case .done:
            line = "Enrich all finished. \(text)"
        case .failed:
            line = "Enrich all failed: \(job.lastError ?? "unknown error"). Press Enrich all to try again."
        }
        return "<p class=\"notice\" role=\"status\" id=\"enrich-progress\" data-state=\"\(job.state.rawValue)\">\(line)</p>"
    }

    /// One collection as a compact card: its name, count and three sample titles; the whole card opens its list.
    static func card(name: String, bookmarks: [Bookmark]) -> HTML {
        let count = bookmarks.count
        let samples = HTML.each(bookmarks.prefix(3)) { "<li>\($0.displayTitle)</li>" }
        return """
            <li class="collection-card"><a href="\(link(name: name, bookmarks: bookmarks))"><h2>\(name)</h2>\
            <span class="n">\(count) \(count == 1 ? "bookmark" : "bookmarks")</span>\
            <ul class="samples">\(samples)</ul></a></li>
            """
    }

    /// The list page of a collection: its name and member ids (collections are computed, so the link carries them).
    static func link(name: String, bookmarks: [Bookmark]) -> SafeURL {
        SafeURL.path("/collections/view", query: [("name", name),
                                                   ("ids", bookmarks.prefix(CollectionListPage.maxIDs).map { String($0.id) }.joined(separator: ","))])
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
            return "<ul class=\"collection-cards\" id=\"collections\">\(HTML.each(answer.groups) { Self.card(name: $0.collection.name, bookmarks: $0.bookmarks) })</ul>"
        }
    }
}
