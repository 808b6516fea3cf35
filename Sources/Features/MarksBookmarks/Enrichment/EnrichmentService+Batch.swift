import Foundation
import MarksCore

extension EnrichmentService {
    /// Enriches every live bookmark that has no AI metadata yet, one at a time, reporting progress after each.
    /// Resumable: what an earlier run stored is skipped. Interruptible: `shouldStop` is checked between
    /// bookmarks (and task cancellation too); what was done stays stored. A failed bookmark is counted and
    /// the run goes on. `limit` handles at most that many bookmarks (a batch; the rest count as remaining).
    public func enrichAll(limit: Int? = nil, progress: @escaping @Sendable (EnrichmentProgress) -> Void = { _ in },
                          shouldStop: @escaping @Sendable () -> Bool = { false }) async throws -> EnrichmentReport {
        guard library.cache != nil else { throw LibraryError.noCache }
        let vocabulary = await vocabulary()  // syncs the cache first when it was never synced
        let (pending, skipped) = try pendingBookmarks(limit: nil)
        var report = EnrichmentReport(skipped: skipped)
        let batch = limit.map { Array(pending.prefix(max(0, $0))) } ?? pending
        report.remaining = pending.count - batch.count
        progress(EnrichmentProgress(done: 0, total: batch.count, failed: 0, current: ""))
        for (index, bookmark) in batch.enumerated() {
            if shouldStop() || Task.isCancelled {
                report.stopped = true
                report.remaining = pending.count - index
                break
            }
            do {
                _ = try await enrich(bookmark, vocabulary: vocabulary)
                report.enriched += 1
            } catch is CancellationError {
                report.stopped = true
                report.remaining = pending.count - index
                break
            } catch {
                report.failed += 1
                if report.errors.count < 5 { report.errors.append("\(bookmark.url): \(error)") }
            }
            progress(EnrichmentProgress(done: index + 1, total: batch.count, failed: report.failed, current: bookmark.displayTitle))
        }
        return report
    }

    /// A quiet pass over at most `limit` cached live bookmarks without AI metadata (newest first), for a server
    /// to run now and then; failures are left for the next pass, and only one pass runs at a time (a second
    /// call while one runs returns 0 at once). Returns how many bookmarks were enriched.
    @discardableResult
    public func backgroundPass(limit: Int = 5) async -> Int {
        let started = backgroundRunning.withLock { running in
            if running { return false }
            running = true
            return true
        }
        guard started else { return 0 }
        defer { backgroundRunning.withLock { $0 = false } }
        let pending: [Bookmark]
        do {
            pending = try pendingBookmarks(limit: limit).pending
        } catch {
            library.warn("background enrichment skipped: the bookmarks waiting for a summary could not be read: \(LibraryService.describe(error))")
            return 0
        }
        guard !pending.isEmpty else { return 0 }
        let vocabulary = await vocabulary()
        var enriched = 0
        for bookmark in pending where !Task.isCancelled {
            do {
                _ = try await enrich(bookmark, vocabulary: vocabulary)
                enriched += 1
                backgroundEngineFailure.withLock { $0 = nil }
            } catch let error as EngineError where error.isEmbeddingFailure {
                // The engine itself cannot work (e.g. the model is not installed): every bookmark would fail the
                // same way, so the pass stops and says so once until the failure changes or the engine recovers.
                let message = LibraryService.describe(error)
                let new = backgroundEngineFailure.withLock { last in
                    defer { last = message }
                    return last != message
                }
                if new { library.warn("background enrichment is waiting (tried again later, said once): \(message)") }
                break
            } catch {
                // A page that fails now is tried again on a later pass.
                library.warn("background enrichment of bookmark \(bookmark.id) failed (tried again later): \(LibraryService.describe(error))")
            }
        }
        return enriched
    }

    /// Live cached bookmarks without AI metadata, newest first (at most `limit`), and how many live ones have it.
    private func pendingBookmarks(limit: Int?) throws -> (pending: [Bookmark], skipped: Int) {
        guard let cache = library.cache else { throw LibraryError.noCache }
        let chosen = try cache.bookmarksAwaitingAIMetadata(limit: limit)
        return (chosen.pending, chosen.enriched)
    }
}
