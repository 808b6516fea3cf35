import Foundation
import MarksAssembly
import MarksCore
import MarksJobs
import MarksBookmarks
import Synchronization

/// What became of the AI summary `marks add` waits for after saving.
enum AddEnrichment {
    case enriched(EnrichmentOutcome)
    /// Enrichment could not run or failed; the message says why.
    case failed(String)
    /// It did not finish within the wait.
    case slow

    /// The `enrichment` member of `marks add --json`.
    var json: JSONValue {
        switch self {
        case .enriched(let outcome): return EnrichmentOutput.json(outcome)
        case .failed(let message): return .object([("error", .string(message))])
        case .slow: return .object([("error", .string("the AI summary is taking a while; it stays queued for marks serve"))])
        }
    }

    /// The warning line for standard error, if any.
    func warning(id: Int) -> String? {
        switch self {
        case .enriched: return nil
        case .failed(let message): return "warning: no AI summary: \(message) (try marks enrich \(id))"
        case .slow: return "warning: the AI summary is taking a while; it stays queued for marks serve (see marks jobs), or run marks enrich \(id) later"
        }
    }
}

extension AddCommand {
    /// How long `marks add` waits for the AI summary after saving (`MARKS_ENRICH_WAIT` seconds overrides).
    static let enrichWait: Duration = .seconds(20)

    /// After the save: queues the `enrich` job and runs it here through the job runner, waiting at most
    /// `enrichWait`. Never fails the command — the bookmark is already saved; a job that failed or took too long
    /// stays queued for `marks serve` (see `marks jobs`).
    static func awaitEnrichment(_ id: Int, root: CompositionRoot, context: CLIContext) async -> AddEnrichment {
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
            job = try await runner.enqueue(try EnrichmentService.enrichJob(id: id, source: try root.source().identity))
        } catch {
            return .failed(CLIErrorMessage.describe(error))
        }
        let ended: Result<Job?, any Error>? = await withTaskGroup(of: Result<Job?, any Error>?.self) { group in
            group.addTask {
                do { return .success(try await runner.run(id: job.id)) } catch { return .failure(error) }
            }
            group.addTask {
                do { try await Task.sleep(for: wait) } catch { return nil } // cancelled: the enrichment finished first
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()  // a run cut short goes back to the queue, uncounted
            await group.waitForAll()
            return first
        }
        switch ended {
        case .success(let finished?) where finished.state == .done:
            guard let outcome = outcome.withLock({ $0 }) else { return .failed("the enrich job ended without a summary") }
            return .enriched(outcome)
        case .success(let finished?):
            return .failed("\((finished.lastError ?? "the job did not finish").singleLine); job \(finished.id) will be tried again by marks serve (see marks jobs)")
        case .success(nil):
            return .failed("the AI summary is already being made elsewhere (see marks jobs)")
        case .failure(let error):
            return .failed(CLIErrorMessage.describe(error))
        case nil:
            return .slow
        }
    }
}
