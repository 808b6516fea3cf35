import Foundation
import MarksCore
import HTTPServer
import MarksLibrary

/// The Collections tab, Enrich All, and AI enrichment after saving.
extension WebController {
    /// How many bookmarks one Enrich All POST enriches before answering.
    static let enrichBatchSize = 5

    /// `GET /collections`: the engine line, Enrich All, and smart collections over the recent bookmarks.
    func collections(_ request: HTTPRequest) async -> HTTPResponse {
        let ctx = context(request)
        var view = CollectionsPage(status: options.enrichment?.status, content: .off, batch: CollectionsPage.Batch(query: request.query),
                                   context: ctx, rows: rows)
        if let enrichment = options.enrichment {
            do {
                view.content = .loaded(try await enrichment.collections())
            } catch {
                view.content = .failed(message(error))
            }
        }
        return page(CollectionsPage.title, tab: .collections, view.render(), context: ctx)
    }

    /// `POST /collections/enrich`: enriches the next few bookmarks without a summary, then back to the tab
    /// saying how many were done and how many are left (press again to go on). The page's script asks for
    /// JSON (`{"enriched","failed","left"}`) and posts batch after batch, showing live progress.
    func enrichBatch(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let enrichment = options.enrichment else { return redirect("/collections") }
        let report = try await enrichment.enrichAll(limit: Self.enrichBatchSize)
        if request.headers["Accept"]?.contains("application/json") == true {
            return .json(data: JSONValue.object([("enriched", .int(report.enriched)), ("failed", .int(report.failed)),
                                                 ("left", .int(report.remaining))]).data)
        }
        return redirect("/collections?enriched=\(report.enriched)&failed=\(report.failed)&left=\(report.remaining)")
    }

    /// Enriches a just-saved bookmark without holding up the answer (failures go to the log).
    func enrichInBackground(_ id: Int) {
        guard let enrichment = options.enrichment else { return }
        let log = options.log
        Task.detached {
            do {
                _ = try await enrichment.enrich(id: id)
            } catch {
                log("enrichment of bookmark \(id) failed: \(error)")
            }
        }
    }

    /// Starts the quiet background pass (a few bookmarks without summaries); never waits for it.
    func backgroundEnrichment() {
        guard let enrichment = options.enrichment else { return }
        Task.detached(priority: .background) { await enrichment.backgroundPass(limit: 5) }
    }
}
