import Foundation
import MarksCore
import MarksJobs
import MarksBookmarks

/// AI enrichment's jobs on the runner: Enrich All, its state, and the enrichment of a just-saved bookmark.
struct EnrichmentJobs: Sendable {
    let jobs: JobRunner
    let log: @Sendable (String) -> Void

    /// The newest Enrich All job, read from the jobs table (nil before the first run, or when the table cannot be
    /// read — that is logged).
    func enrichAllState() -> Job? {
        do {
            return try jobs.store.jobs(kind: EnrichmentService.JobKinds.enrichAll, limit: 1).first
        } catch {
            log("Enrich All: the jobs table could not be read: \(error)")
            return nil
        }
    }

    /// Queues Enrich All.
    func enqueueAll() async throws {
        _ = try await jobs.enqueue(EnrichmentService.enrichAllJob)
    }

    /// Queues the enrichment of a just-saved bookmark when the request's source has enrichment (it runs in the
    /// background; a failure to queue goes to the log — the bookmark itself is saved).
    func enqueue(_ id: Int, in served: ServedSource) async {
        guard served.enrichment != nil else { return }
        do {
            _ = try await jobs.enqueue(try EnrichmentService.enrichJob(id: id, source: served.identity))
        } catch {
            log("enrichment of bookmark \(id) was not queued: \(error)")
        }
    }
}
