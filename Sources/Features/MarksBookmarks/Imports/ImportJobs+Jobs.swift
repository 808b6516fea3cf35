import Foundation
import MarksCore
import MarksJobs
import SystemSupport

extension ImportJobs {
    /// Attempts of an import's job: a run the server stopped (or died during) is taken up again only to be marked
    /// interrupted, so a few attempts are enough.
    static let retry = RetryPolicy.job(maxAttempts: 3)

    /// The `library.import` kind: imports the staged file into `library()` (the library current when it runs) and
    /// records the report, or the reason it failed (`describe` words an error as the web app does). A job taken up
    /// again after its import had begun — the server stopped or died meanwhile — marks the import interrupted with
    /// the reason instead of running it twice. The staged file is removed when the job ends.
    /// `otherFormat` imports a file that is not a bookmark file when it knows its format (a Marks export), else nil.
    public func jobKind(library: @escaping @Sendable () async throws -> LibraryService,
                        describe: @escaping @Sendable (any Error) -> String,
                        otherFormat: (@Sendable (LibraryService, String) async throws -> ImportReport?)? = nil) -> JobKind {
        JobKind(Self.jobKindName, retry: Self.retry) { [self] context in
            let id = try context.payload(as: Payload.self).id
            try await run(id, context: context, library: library, describe: describe, otherFormat: otherFormat)
        }
    }

    private func run(_ id: String, context: JobContext, library: @Sendable () async throws -> LibraryService,
                     describe: @Sendable (any Error) -> String,
                     otherFormat: (@Sendable (LibraryService, String) async throws -> ImportReport?)?) async throws {
        guard let row = try record(id) else {
            try removeStaged(id)  // pruned meanwhile: nothing to show it on
            return
        }
        switch row.state {
        case "queued":
            break
        case "running":
            // Its import began in a run that did not end: stopped (the job came back uncounted) or killed.
            try record(id, state: "interrupted", done: row.done, total: row.total, reason: Self.reason(context.job.lastError))
            try removeStaged(id)
            context.report(JobProgress(fraction: 1, text: "interrupted"))
            return
        default:
            try removeStaged(id)
            return
        }
        try record(id, state: "running")
        context.report(JobProgress(fraction: nil, text: "Reading the file…"))
        let outcome: ImportStatus.State
        do {
            let text = try readStaged(id)
            let target = try await library()
            if let report = try await otherFormat?(target, text) {  // a Marks export
                outcome = .finished(report)
            } else {
                // The format from the content (an upload's name says little: Pocket's CSV and Netscape HTML both download
                // under names of the service's choosing).
                let report = try await target.importFile(text, format: ImportFormat.detect(text), foldersAsTags: row.foldersAsTags) { [self] done, total in
                    // On the importer's threads (the store's writer among them): memory only, never the database.
                    live.withLock { $0[id] = (done, total) }
                }
                outcome = .finished(report)
            }
        } catch let error as NetscapeError {
            outcome = .failed(error.message)
        } catch let error as ImportFormatError {
            outcome = .failed(error.message)
        } catch let error as ImportJobError {
            outcome = .failed(error.description)
        } catch is CancellationError {
            live.withLock { $0[id] = nil }
            throw CancellationError()  // stopped: the next start marks it interrupted
        } catch {
            outcome = .failed(describe(error))
        }
        let counts = live.withLock { $0.removeValue(forKey: id) } ?? (done: 0, total: 0)
        switch outcome {
        case .finished(let report):
            try record(id, state: "done", done: counts.done, total: counts.total, report: report)
            context.report(JobProgress(fraction: 1, text: "imported \(report.created + report.updated) bookmarks"))
        case .failed(let reason), .interrupted(let reason):
            try record(id, state: "failed", done: counts.done, total: counts.total, reason: reason)
            context.report(JobProgress(fraction: 1, text: "failed: \(reason)"))
        case .running:
            break
        }
        try removeStaged(id)
    }

    /// The staged file's text (read on the job's thread); for a ZIP archive (Omnivore's export), its metadata as one
    /// JSON array (`OmnivoreArchive`).
    private func readStaged(_ id: String) throws -> String {
        let file = stagedFile(id)
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw ImportJobError.file(path: file.path, reason: "the uploaded file is gone or unreadable (\(error.localizedDescription))")
        }
        guard OmnivoreArchive.isArchive(data) else { return String(decoding: data, as: UTF8.self) }
        return try OmnivoreArchive.metadataJSON(at: file)
    }
}
