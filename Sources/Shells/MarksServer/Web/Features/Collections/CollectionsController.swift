import Foundation
import MarksCore
import HTTPServer
import MarksJobs
import MarksBookmarks

/// The Collections tab and Enrich All (`EnrichmentJobs` queues them, and the enrichment after saving, on the job runner).
struct CollectionsController: WebFeature {
    let web: WebContext
    /// The Enrich All job (decided once: none, and no Enrich All button, without a job runner).
    let enrichment: EnrichmentJobs?

    /// The Collections routes (Enrich All's POST is mounted by `WebRoutes`, with the job runner or without).
    func mount(on r: inout Router) {
        r.get("/collections") { await collections($0) }
        r.get("/collections/view") { try await collectionList($0) }
        r.get("/collections/enrich") { try enrichAllStatus($0) }
    }

    /// `GET /collections`: the engine line, Enrich All with the state of its job, and smart collections over the
    /// recent bookmarks. Only reads: the page starts no work.
    func collections(_ request: HTTPRequest) async -> HTTPResponse {
        let ctx = context(request)
        var view = CollectionsPage(status: served.enrichment?.status, content: .off, enrichAll: enrichAllState(),
                                   canEnrichAll: enrichment != nil, context: ctx, rows: rows)
        if let enrichment = served.enrichment {
            do {
                view.content = .loaded(try await enrichment.collections())
            } catch {
                view.content = .failed(message(error))
            }
        }
        return page(CollectionsPage.title, tab: .collections, view.render(), context: ctx)
    }

    /// `GET /collections/view?name=…&ids=…`: one collection's bookmarks (from the cache, else the source).
    func collectionList(_ request: HTTPRequest) async throws -> HTTPResponse {
        let ctx = context(request)
        let name = String((request.query["name"] ?? "Collection").prefix(200))
        let bookmarks = try await library.bookmarks(ids: CollectionListPage.ids(request.query["ids"] ?? ""))
        let empty: HTML = "<div class=\"empty\"><h2>This collection is empty now</h2><p><a href=\"/collections\">Back to Collections</a>.</p></div>"
        let list = BookmarkListView(bookmarks: bookmarks, more: nil, rows: rows, context: ctx, empty: empty)
        let view = CollectionListPage(name: name, list: list, count: bookmarks.count, context: ctx)
        return page(name, tab: .collections, view.render(), context: ctx)
    }

    /// `POST /collections/enrich`: queues the Enrich All job (once: pressing again while it waits or runs changes
    /// nothing), then back to the tab, which shows its progress from the jobs table. The page's script asks for
    /// JSON (the job's state) and then follows `GET /collections/enrich` for live progress.
    func enrichAll(_ request: HTTPRequest, jobs: EnrichmentJobs) async throws -> HTTPResponse {
        guard served.enrichment != nil else { return redirect("/collections") }  // this source has no enrichment
        if jobs.enrichAllState()?.state != .running {
            try await jobs.enqueueAll()
        }
        if request.headers["Accept"]?.contains("application/json") == true {
            return .json(data: Self.enrichAllJSON(enrichAllState()).data)
        }
        return redirect("/collections")
    }

    /// `GET /collections/enrich`: the Enrich All job's state as JSON
    /// (`{"state","fraction","text","error"}`; `{"state":"none"}` before the first run).
    func enrichAllStatus(_ request: HTTPRequest) throws -> HTTPResponse {
        .json(data: Self.enrichAllJSON(enrichAllState()).data)
    }

    /// The newest Enrich All job (none without a job runner).
    func enrichAllState() -> Job? {
        enrichment?.enrichAllState()
    }

    static func enrichAllJSON(_ job: Job?) -> JSONValue {
        guard let job else { return .object([("state", .string("none"))]) }
        return .object([
            ("state", .string(job.state.rawValue)),
            ("fraction", job.progress?.fraction.map(JSONValue.double) ?? .null),
            ("text", .optional(job.progress?.text)),
            ("error", .optional(job.state == .done ? nil : job.lastError)),
        ])
    }
}
