import Foundation
import MarksCore
import MarksJobs
import MarksLibrary
import Synchronization

extension AddCommand {
    /// How long `marks add` waits for the AI summary after saving (`MARKS_ENRICH_WAIT` seconds overrides).
    static let enrichWait: Duration = .seconds(20)

    /// After the save has been printed: queues the `enrich` job, runs it here through the job runner, waiting at
    /// most `enrichWait`, and prints the summary. Never fails the command — the bookmark is already saved; a job
    /// that failed or took too long stays queued for `marks serve` (see `marks jobs`).
    static func enrichAfterAdd(_ id: Int, root: CompositionRoot, context: CLIContext) async {
        let wait = context.environment["MARKS_ENRICH_WAIT"].flatMap(Double.init).map { Duration.milliseconds(Int(max(0, $0) * 1000)) } ?? enrichWait
        let runner: JobRunner
        let job: Job
        let outcome = Mutex<EnrichmentOutcome?>(nil)
        do {
            let service = try root.enrichment()
            runner = try root.jobs()
            for kind in service.jobKinds(hooks: EnrichmentJobHooks(outcome: { _, result in outcome.withLock { $0 = result } }))
            where kind.name == EnrichmentService.JobKinds.enrich {
                await runner.register(kind)
            }
            job = try await runner.enqueue(try EnrichmentService.enrichJob(id: id))
        } catch {
            context.printError("warning: no AI summary: \(CLIErrorMessage.describe(error))")
            return
        }
        let ended: Result<Job?, any Error>? = await withTaskGroup(of: Result<Job?, any Error>?.self) { group in
            group.addTask {
                do { return .success(try await runner.run(id: job.id)) } catch { return .failure(error) }
            }
            group.addTask {
                do { try await Task.sleep(for: wait) } catch { return nil }
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()  // a run cut short goes back to the queue, uncounted
            await group.waitForAll()
            return first
        }
        switch ended {
        case .success(let finished?) where finished.state == .done:
            if let outcome = outcome.withLock({ $0 }) { EnrichmentOutput.lines(outcome).forEach(context.print) }
        case .success(let finished?):
            context.printError("warning: no AI summary yet: \((finished.lastError ?? "the job did not finish").singleLine) "
                               + "(job \(finished.id) will be tried again by marks serve; see marks jobs, or run marks enrich \(id))")
        case .success(nil):
            context.printError("warning: the AI summary is already being made elsewhere (see marks jobs)")
        case .failure(let error):
            context.printError("warning: no AI summary: \(CLIErrorMessage.describe(error)) (try marks enrich \(id))")
        case nil:
            context.printError("warning: the AI summary is taking a while; it stays queued for marks serve (see marks jobs), or run marks enrich \(id) later")
        }
    }
}
