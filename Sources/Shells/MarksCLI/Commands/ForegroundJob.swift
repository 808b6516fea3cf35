import MarksJobs

/// A job run now, in this process, for a command that shows its progress (`marks enrich --all`,
/// `marks archive-text`): the one copy of enqueue → run → finish the progress line → say why it did not finish.
enum ForegroundJob {
    /// Runs `request` once (a failure is reported now, not retried later in the background) and returns what its
    /// handler reported through `report`. `what` names it in errors ("Archiving", "Enrich All").
    static func run<Report>(_ request: JobRequest, on jobs: JobRunner, line: SyncCommand.ProgressLine, what: String,
                            report: () -> Report?) async throws -> Report {
        var request = request
        request.maxAttempts = 1
        let job: Job?
        do {
            await jobs.recoverAbandoned()
            job = try await jobs.run(id: try await jobs.enqueue(request).id)
        } catch {
            line.finish()
            throw error
        }
        line.finish()
        guard let job else { throw CLIFailure("\(what) is already running (in marks serve?); see marks jobs.") }
        guard job.state == .done, let ended = report() else {
            throw CLIFailure("\(what) failed: \(job.lastError ?? "unknown error") (see marks jobs)")
        }
        return ended
    }
}
