import Foundation
import MarksCore
import HTTPServer
import MarksJobs
import MarksBookmarks

/// The Collections tab, Enrich All, and AI enrichment after saving — all through the job runner.
extension WebController {
    /// `GET /collections`: the engine line, Enrich All with the state of its job, and smart collections over the
    /// recent bookmarks. Only reads: the page starts no work.
    func collections(_ request: HTTPRequest) async -> HTTPResponse {
        let ctx = context(request)
        var view = CollectionsPage(status: served.enrichment?.status, content: .off, enrichAll: enrichAllState(),
                                   canEnrichAll: options.jobs != nil, context: ctx, rows: rows)
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
    func enrichAll(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard served.enrichment != nil, let jobs = options.jobs else { return redirect("/collections") }
        if enrichAllState()?.state != .running {
            _ = try await jobs.enqueue(EnrichmentService.enrichAllJob)
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

    /// The newest Enrich All job, read from the jobs table (nil without a runner, before the first run, or when
    /// the table cannot be read — that is logged).
    func enrichAllState() -> Job? {
        guard let jobs = options.jobs else { return nil }
        do {
            return try jobs.store.jobs(kind: EnrichmentService.JobKinds.enrichAll, limit: 1).first
        } catch {
            options.log("Enrich All: the jobs table could not be read: \(error)")
            return nil
        }
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

    /// Queues the enrichment of a just-saved bookmark as a job (it runs in the background; a failure to queue
    /// goes to the log — the bookmark itself is saved).
    func enqueueEnrichment(_ id: Int) async {
        guard served.enrichment != nil, let jobs = options.jobs else { return }
        do {
            _ = try await jobs.enqueue(try EnrichmentService.enrichJob(id: id, source: served.identity))
        } catch {
            options.log("enrichment of bookmark \(id) was not queued: \(error)")
        }
    }
}
