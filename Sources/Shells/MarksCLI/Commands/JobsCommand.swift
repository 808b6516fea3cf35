import Foundation
import MarksAssembly
import MarksCore
import MarksJobs

/// `marks jobs`: the background work in the jobs table — queued, running and failed jobs with their kind, key,
/// attempts, run-after, progress and last error; `retry ID` queues a failed job again, `clear-failed` deletes
/// the failed ones. With `--database postgres://…` (or `MARKS_DATABASE_URL`) it also lists the backend's queue every
/// worker shares (podcast generation), under its own heading; `--shared` makes `retry` and `clear-failed` act on it.
enum JobsCommand: CLICommand {
    static let database = ArgumentSpec.option(
        "database", value: "URL",
        help: "Also list the backend queue the workers share in this PostgreSQL database (or MARKS_DATABASE_URL).")
    static let shared = ArgumentSpec.flag("shared", help: "Act on the shared queue of --database instead of this data directory's.")

    static let descriptor = CommandDescriptor(
        name: "jobs",
        abstract: "List background jobs (queued, running, failed).",
        discussion: "marks serve runs the jobs: enrichment after adding, Enrich All, the quiet enrichment pass, vector indexing and the podcast-request drain. A failed job keeps its last error until it is retried or cleared. With --database, the backend's queue shared by every worker (podcast generation) is listed too, under its own heading.",
        arguments: [
            .flag("all", help: "Also list finished jobs (kept for a week)."),
            BookmarkArguments.data,
            database,
        ],
        subcommands: [
            CommandDescriptor(name: "retry", abstract: "Queue a failed job again.",
                              arguments: [.positional("id", help: "The job's id (see marks jobs)."), BookmarkArguments.data, database, shared],
                              printsData: true),
            CommandDescriptor(name: "clear-failed", abstract: "Delete every failed job.", arguments: [BookmarkArguments.data, database, shared],
                              printsData: true),
        ],
        printsData: true
    )

    /// A jobs table and what it is called in the listing.
    private struct Queue {
        /// `library` or `shared` (the JSON's `queue`).
        let name: String
        /// The text listing's heading.
        let heading: String
        let store: any JobRecords
    }

    static func run(_ arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        let root = try CompositionRoot.load(arguments, context: context)
        let library = Queue(name: "library", heading: "Library jobs (this data directory):", store: try root.jobs().store)
        var queues = [library]
        if root.sharedPool() != nil {
            queues.append(Queue(name: "shared", heading: "Shared backend queue (every worker on the database):",
                                store: try root.backendJobs().store))
        }
        let json = arguments.flag("json")
        let target: Queue
        if arguments.flag("shared") {
            guard let shared = queues.last, shared.name == "shared" else {
                throw arguments.usageError("--shared needs --database postgres://… (or MARKS_DATABASE_URL)")
            }
            target = shared
        } else {
            target = library
        }
        switch arguments.commandPath.last {
        case "retry":
            guard let text = arguments.positional("id"), let id = Int64(text), id > 0 else {
                throw arguments.usageError("give the id of a failed job (see marks jobs)")
            }
            let job = try target.store.retryFailed(id: id, now: context.now())
            if json { context.print(jsonValue(job, queue: target.name).serialized) } else { context.print("Job \(id) (\(job.kind)) is queued again.") }
        case "clear-failed":
            let count = try target.store.clearFailed()
            if json { context.print(JSONValue.object([("deleted", .int(count))]).serialized) } else {
                context.print("Deleted \(count) failed job\(count == 1 ? "" : "s").")
            }
        default:
            let states: [JobState] = arguments.flag("all") ? [] : [.queued, .running, .failed]
            let listed = try queues.map { queue in (queue, try queue.store.jobs(states: states).sorted { order($0) < order($1) }) }
            if json {
                context.print(JSONValue.array(listed.flatMap { queue, jobs in jobs.map { jsonValue($0, queue: queue.name) } }).serialized)
            } else if listed.count == 1 {
                print(listed[0].1, context: context)
            } else {
                for (number, (queue, jobs)) in listed.enumerated() {
                    if number > 0 { context.print("") }
                    context.print(queue.heading)
                    print(jobs, context: context)
                }
            }
        }
        return ExitCode.success
    }

    private static func print(_ jobs: [Job], context: CLIContext) {
        if jobs.isEmpty {
            context.print("No background jobs queued, running or failed.")
        } else {
            jobs.forEach { context.print(line($0, now: context.now())) }
        }
    }

    /// Running first, then queued (soonest first), failed, done.
    private static func order(_ job: Job) -> (Int, Double, Int64) {
        let rank = [JobState.running: 0, .queued: 1, .failed: 2, .done: 3][job.state] ?? 4
        return (rank, job.state == .queued ? job.runAfter.timeIntervalSince1970 : 0, -job.id)
    }

    /// `12  running  enrich.all all  attempt 1/3  40%: 12 of 30: Title`.
    static func line(_ job: Job, now: Date) -> String {
        var text = "\(job.id)".padding(toLength: 6, withPad: " ", startingAt: 0)
            + job.state.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)
            + " \(job.kind)" + (job.key.isEmpty ? "" : " \(job.key.singleLine)")
        text += "  attempt \(job.attempts)/\(job.maxAttempts)"
        if job.state == .queued {
            text += job.runAfter > now ? "  runs after \(LinkdingDate.format(job.runAfter))" : "  due"
        }
        if job.state == .running, let progress = job.progress {
            let percent = progress.fraction.map { "\(Int(($0 * 100).rounded()))%" } ?? ""
            text += "  \(percent)\(percent.isEmpty || progress.text.isEmpty ? "" : ": ")\(progress.text.singleLine)"
        }
        if let error = job.lastError, job.state != .done {
            text += (job.state == .failed ? "  error: " : "  last: ") + String(error.singleLine.prefix(160))
        }
        return text
    }

    /// A job as JSON; `queue` says which table it is in (`library`, or `shared` for the database's).
    static func jsonValue(_ job: Job, queue: String) -> JSONValue {
        .object([
            ("id", .int(Int(job.id))),
            ("kind", .string(job.kind)),
            ("key", .string(job.key)),
            ("state", .string(job.state.rawValue)),
            ("attempts", .int(job.attempts)),
            ("max_attempts", .int(job.maxAttempts)),
            ("run_after", .string(LinkdingDate.format(job.runAfter))),
            ("heartbeat_at", job.heartbeatAt.map { .string(LinkdingDate.format($0)) } ?? .null),
            ("last_error", .optional(job.lastError)),
            ("progress", job.progress.map { .object([("fraction", $0.fraction.map(JSONValue.double) ?? .null), ("text", .string($0.text))]) } ?? .null),
            ("created_at", .string(LinkdingDate.format(job.createdAt))),
            ("finished_at", job.finishedAt.map { .string(LinkdingDate.format($0)) } ?? .null),
            ("queue", .string(queue)),
        ])
    }
}
