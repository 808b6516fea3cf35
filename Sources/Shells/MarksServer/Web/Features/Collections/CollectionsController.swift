import Foundation
import MarksCore
import HTTPServer
import MarksJobs
import MarksBookmarks

/// The Collections tab (the saved smart collections, each at `/collections/<id>`: renamed, trimmed, refreshed by the
/// `collections.refresh` job) and Enrich All (`EnrichmentJobs` queues them, and the enrichment after saving, on the
/// job runner). Pages only read; the collections are made by the job, never by a page view.
struct CollectionsController: WebFeature {
    let web: WebContext
    /// The Enrich All job (decided once: none, and no Enrich All button, without a job runner).
    let enrichment: EnrichmentJobs?
    /// The saved collections.
    let collections: CollectionRefresh
    /// Where Refresh queues `collections.refresh` (nil: no Refresh button).
    let jobs: JobRunner?

    /// The Collections routes (Enrich All's POST is mounted by `WebRoutes`, with the job runner or without).
    func mount(on r: inout Router) {
        r.get("/collections") { try await list($0) }
        r.get("/collections/view") { _ in redirect("/collections") }  // the old links that carried every member id
        r.get("/collections/enrich") { try enrichAllStatus($0) }
        r.get("/collections/:id") { try await collection($0) }
        r.post("/collections/:id/rename") { try rename($0) }
        r.post("/collections/:id/remove") { try remove($0) }
        r.post("/collections/refresh") { try await refresh($0) }
    }

    /// `GET /collections`: Enrich All with the state of its job, then the saved collections as cards, or what to do
    /// before there are any.
    func list(_ request: HTTPRequest) async throws -> HTTPResponse {
        let ctx = context(request)
        let saved = try collections.store.all()
        let content: CollectionsPage.Content
        if !saved.isEmpty {
            let samples = try await library.bookmarks(ids: saved.flatMap { $0.bookmarkIDs.prefix(3) })
            let byID = Dictionary(samples.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            content = .listed(saved.map { CollectionsPage.Card(collection: $0, samples: $0.bookmarkIDs.prefix(3).compactMap { byID[$0] }) })
        } else {
            let indexed = try collections.indexedBookmarks()
            if indexed < CollectionRefresh.minimumBookmarks {
                content = .waiting(indexed: indexed, needed: CollectionRefresh.minimumBookmarks)
            } else {
                // Never made, or made before the bookmarks indexed since (a first import's): the refresh is coming.
                content = try collections.isCurrent() ? .none : .coming
            }
        }
        let view = CollectionsPage(content: content, enrichAll: enrichAllState(), canEnrichAll: enrichment != nil && served.enrichment != nil,
                                   canRefresh: jobs != nil, context: ctx)
        return page(CollectionsPage.title, tab: .collections, view.render(), context: ctx)
    }

    /// `GET /collections/:id[?offset=N]`: one collection's bookmarks a page at a time ("Load more"; `fragment=1` gives the
    /// rows alone, for the script), its rename form and the way to take one out.
    func collection(_ request: HTTPRequest) async throws -> HTTPResponse {
        let ctx = context(request)
        let collection = try collections.store.collection(try Self.collectionID(request))
        let offset = max(0, request.query["offset"].flatMap { Int($0) } ?? 0)
        let shown = Array(collection.bookmarkIDs.dropFirst(offset).prefix(pageSize))
        let bookmarks = try await library.bookmarks(ids: shown)
        let next = offset + pageSize
        let more = next < collection.bookmarkIDs.count ? BookmarkListView.More(
            page: SafeURL.path(collection.path, query: [("offset", String(next))]),
            fragment: SafeURL.path(collection.path, query: [("offset", String(next)), ("fragment", "1")])) : nil
        let empty: HTML = "<div class=\"empty\"><h2>This collection is empty now</h2><p><a href=\"/collections\">Back to Collections</a>.</p></div>"
        let list = BookmarkListView(bookmarks: bookmarks, more: more, rows: rows, context: ctx, empty: empty)
        if request.query["fragment"] == "1" { return Self.html(list.fragment()) }
        // Members deleted since the last refresh are not counted (those on this page, which is all of a short collection).
        let count = collection.bookmarkIDs.count - (shown.count - bookmarks.count)
        let view = CollectionListPage(collection: collection, bookmarks: bookmarks, count: count, list: list, context: ctx)
        return page(collection.name, tab: .collections, view.render(), context: ctx)
    }

    /// `POST /collections/:id/rename` (`name`): a refresh keeps the name.
    func rename(_ request: HTTPRequest) throws -> HTTPResponse {
        let id = try Self.collectionID(request)
        try collections.store.rename(id, to: Self.field(try request.form(), "name"))
        return redirect("/collections/\(id)", notice: "collection-renamed")
    }

    /// `POST /collections/:id/remove` (`bookmark`): takes a bookmark out; a refresh does not put it back.
    func remove(_ request: HTTPRequest) throws -> HTTPResponse {
        let id = try Self.collectionID(request)
        guard let bookmark = Int(Self.field(try request.form(), "bookmark")), bookmark > 0 else {
            throw HTTPError(400, "Say which bookmark to take out.")
        }
        try collections.store.remove(bookmark, from: id)
        return redirect("/collections/\(id)", notice: "collection-removed")
    }

    /// `POST /collections/refresh`: queues the refresh now (it does nothing when the library has not changed).
    func refresh(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let jobs else { return redirect("/collections") }
        _ = try await jobs.enqueue(CollectionRefresh.job())
        return redirect("/collections", notice: "collections-refresh")
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

    private static func collectionID(_ request: HTTPRequest) throws -> Int {
        guard let text = request.pathParameters["id"], let id = Int(text), id > 0 else {
            throw HTTPError(404, "There is no collection at this address.")
        }
        return id
    }
}
