import Foundation
import HTTPServer
import MarksCore
import MarksJobs
import MarksBookmarks

/// The Collections tab: the Enrich All button with the state of its job, and the saved smart collections as compact
/// cards, each opening its page (`CollectionListPage`); before there are any, what to do to get them.
struct CollectionsPage {
    /// A collection's card: the collection and up to three of its bookmarks.
    struct Card {
        var collection: SavedCollection
        var samples: [Bookmark]
    }

    enum Content {
        /// Fewer bookmarks are indexed than collections need.
        case waiting(indexed: Int, needed: Int)
        /// Enough are indexed; the first refresh has not run yet.
        case coming
        /// The last refresh found no groups.
        case none
        case listed([Card])
    }

    var content: Content
    /// The newest Enrich All job (its state and progress), nil before the first.
    var enrichAll: Job?
    /// False when there is no job runner to queue Enrich All on, or the source has no enrichment.
    var canEnrichAll: Bool
    /// False when there is no job runner to queue a refresh on.
    var canRefresh: Bool
    var context: PageContext

    static let title = "Collections"

    func render() -> HTML {
        "<h1>\(Self.title)</h1>\(body)\(enrichForm)"
    }

    private var enrichForm: HTML {
        guard canEnrichAll else { return .empty }
        let busy = enrichAll.map { $0.state == .queued || $0.state == .running } ?? false
        let button: HTML = busy ? "<button type=\"submit\" disabled>Enriching…</button>" : "<button type=\"submit\">Enrich all</button>"
        return """
            <form method="post" action="/collections/enrich" class="inline" data-enrich-all>\(HTML.csrfField(context.csrfToken))\
            \(button) <span class="hint">Adds AI summaries and tags to every bookmark without them, in the background.</span>\
            </form>\(progress)
            """
    }

    private var refreshForm: HTML {
        guard canRefresh else { return .empty }
        return """
            <form method="post" action="/collections/refresh" class="inline">\(HTML.csrfField(context.csrfToken))\
            <button type="submit">Refresh now</button> <span class="hint">Collections are made again in the background \
            whenever your library changes.</span></form>
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

    /// One collection as a compact card: its name, count and three sample titles; the whole card opens its page.
    static func card(_ card: Card) -> HTML {
        let count = card.collection.bookmarkIDs.count
        let samples = HTML.each(card.samples) { "<li>\($0.displayTitle)</li>" }
        return """
            <li class="collection-card"><a href="\(SafeURL.path(card.collection.path))"><h2>\(card.collection.name)</h2>\
            <span class="n">\(count) \(count == 1 ? "bookmark" : "bookmarks")</span>\
            <ul class="samples">\(samples)</ul></a></li>
            """
    }

    private var body: HTML {
        switch content {
        case .waiting(let indexed, let needed):
            return """
                <div class="empty" id="collections-empty"><h2>Collections appear once \(needed) bookmarks are indexed</h2>\
                <p>\(indexed) \(indexed == 1 ? "is" : "are") indexed so far. Save or <a href="/settings#transfer">import</a> \
                bookmarks: Marks indexes them in the background and groups them by topic here.</p></div>
                """
        case .coming:
            return """
                <div class="empty" id="collections-empty"><h2>Your collections are being made</h2>\
                <p>Marks groups your bookmarks by topic in the background; reload this page in a minute.</p>\(refreshForm)</div>
                """
        case .none:
            return """
                <div class="empty" id="collections-empty"><h2>No collections yet</h2>\
                <p>Your bookmarks do not form groups of related pages yet. Save more on the topics you follow, \
                and collections appear here.</p>\(refreshForm)</div>
                """
        case .listed(let cards):
            return "<ul class=\"collection-cards\" id=\"collections\">\(HTML.each(cards) { Self.card($0) })</ul>\(refreshForm)"
        }
    }
}
