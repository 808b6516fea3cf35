import Foundation
import MarksAssembly
import MarksCore
import MarksJobs
import MarksDocuments
import MarksPodcasts
import Synchronization

/// `marks podcast generate|status|drain`: makes episodes. With `backend_url` set the remote backend makes them;
/// otherwise this process does, and `--wait` runs the backend's job right here (without it the job waits in the
/// data directory for `marks serve`). Progress goes to a line on a terminal, else a plain line per stage.
enum PodcastGenerateCommand {
    static let descriptors = [
        CommandDescriptor(
            name: "generate", abstract: "Make an episode of a bookmark, a web page (--url) or a source (--source).",
            discussion: "The episode lands in the podcast library (marks podcast list) and the widget file. Without --wait "
                + "it is made in the background: by marks serve, or by the remote backend when backend_url is set.",
            arguments: [
                .positional("id", required: false, help: "The bookmark's id."),
                .option("url", value: "URL", help: "A web page to narrate."),
                .option("source", value: "UUID", help: "A source to narrate (any unique prefix of its id)."),
                .option("title", value: "T", help: "The title for a --url episode."),
                .flag("wait", help: "Wait until the episode is ready, showing its progress."),
                BookmarkArguments.data,
            ],
            printsData: true),
        CommandDescriptor(
            name: "status", abstract: "Where an episode's generation is (by episode key or backend job id).",
            arguments: [.positional("job", help: "The episode's key (marks podcast list) or its backend job id."), BookmarkArguments.data],
            printsData: true),
        CommandDescriptor(
            name: "drain", abstract: "Hand the queued podcast requests (marks share --podcast) to the generator now.",
            arguments: [.flag("wait", help: "Wait until the episodes asked for are ready."), BookmarkArguments.data],
            printsData: true),
    ]

    /// Runs the command when it is one of these; nil otherwise.
    static func run(_ arguments: ParsedArguments, context: CLIContext) async throws -> Int32? {
        switch arguments.commandPath.last {
        case "generate": return try await generate(arguments, context: context)
        case "status": return try await status(arguments, context: context)
        case "drain": return try await drain(arguments, context: context)
        default: return nil
        }
    }

    /// The parts one of these commands runs on: the manager, and in process the runner with both podcast kinds.
    struct Parts {
        let root: CompositionRoot
        let jobs: JobRunner
        let manager: PodcastGenerationManager
        let local: Bool

        init(_ arguments: ParsedArguments, context: CLIContext) async throws {
            root = try CompositionRoot.load(arguments, context: context)
            jobs = try root.jobs()
            local = !root.podcastsAreRemote
            let service = local ? try root.podcastService(jobs: jobs) : nil
            manager = try root.podcastManager(jobs: jobs, service: service)
            if let service { await jobs.register(service.jobKind()) }
            await jobs.register(manager.jobKind())
        }

        /// Runs `body` with the runner started when this process makes the episodes, stopping it after.
        func running<T>(_ body: () async throws -> T) async throws -> T {
            guard local else { return try await body() }
            await jobs.start()
            do {
                let value = try await body()
                await jobs.stop()
                return value
            } catch {
                await jobs.stop()
                throw error
            }
        }
    }

    static func generate(_ arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        let chosen = [arguments.positional("id") != nil, arguments.option("url") != nil, arguments.option("source") != nil].filter { $0 }.count
        guard chosen == 1 else { throw arguments.usageError("name exactly one of ID, --url URL or --source UUID") }
        let parts = try await Parts(arguments, context: context)
        let item: PodcastItem
        if let text = arguments.positional("id") {
            guard let id = Int(text), id > 0 else { throw arguments.usageError("ID must be a bookmark id, a positive whole number") }
            item = .bookmark(id: id)
        } else if let url = arguments.option("url") {
            item = .url(url, title: arguments.option("title"))
        } else {
            let summary = try parts.root.sources().resolve(arguments.option("source") ?? "")
            item = .source(id: summary.id)
        }
        let json = arguments.flag("json")
        guard arguments.flag("wait") else {
            let entry = try await parts.manager.generateInBackground(item)
            if json {
                context.print(entry.jsonValue.serialized)
            } else if entry.state == .ready {
                context.print("Ready: \(PodcastLibraryCommand.summary(entry))")
            } else {
                let maker = parts.local ? "marks serve makes it (or run this again with --wait)" : "the backend is making it"
                context.print("Queued: \(entry.title.isEmpty ? entry.url : entry.title) — \(maker); follow it with marks podcast status \(entry.key)")
            }
            return ExitCode.success
        }
        let reporter = ProgressReporter(context: context)
        let entry: PodcastEntry
        do {
            entry = try await parts.running { try await parts.manager.generate(item, progress: reporter.show) }
        } catch {
            reporter.finish()
            throw error
        }
        reporter.finish()
        if json {
            context.print(entry.jsonValue.serialized)
        } else {
            context.print("Ready: \(PodcastLibraryCommand.summary(entry))")
            context.print("  \(parts.manager.library.audioFile(for: entry).path)")
        }
        return ExitCode.success
    }

    static func status(_ arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        guard let job = arguments.positional("job")?.trimmingCharacters(in: .whitespaces).lowercased(), !job.isEmpty else {
            throw arguments.usageError("missing JOB")
        }
        let parts = try await Parts(arguments, context: context)
        let index = parts.manager.library.index
        if let found = try index.entry(key: job) ?? index.entry(jobID: job) ?? PodcastLibraryCommand.entry(prefix: job, in: parts.manager.library) {
            let entry = try await refreshed(found, manager: parts.manager, context: context)
            if arguments.flag("json") {
                context.print(entry.jsonValue.serialized)
            } else {
                context.print(PodcastLibraryCommand.line(entry))
                if let error = entry.error, entry.state == .failed { context.print("  \(error.singleLine)") }
            }
            return entry.state == .failed ? ExitCode.failure : ExitCode.success
        }
        // A backend job this library has no episode for.
        let status = try await parts.root.podcastBackend(jobs: parts.jobs).status(jobID: job)
        if arguments.flag("json") {
            context.print(JSONValue.object([
                ("job_id", .string(status.jobID)), ("status", .string(status.status.rawValue)), ("progress", .double(status.progress)),
                ("title", .optional(status.title)), ("stage", .optional(status.stage)), ("error", .optional(status.error)),
            ]).serialized)
        } else {
            var text = "\(status.status.rawValue) \(Int((status.progress * 100).rounded()))%"
            if let stage = status.stage { text += " (\(stage))" }
            if let title = status.title { text += "  \(title.singleLine)" }
            context.print(text)
            if let error = status.error { context.print("  \(error.singleLine)") }
        }
        return status.status == .failed ? ExitCode.failure : ExitCode.success
    }

    /// The entry after one look at its job (a backend that cannot be reached leaves it as stored, with a warning).
    static func refreshed(_ entry: PodcastEntry, manager: PodcastGenerationManager, context: CLIContext) async throws -> PodcastEntry {
        guard entry.state == .queued || entry.state == .generating else { return entry }
        do {
            return try await manager.refresh(key: entry.key, priority: JobPriority.background)
        } catch {
            context.printError("warning: the backend was not asked (\(CLIErrorMessage.describe(error))); this is the last state seen")
            return entry
        }
    }

    static func drain(_ arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        let parts = try await Parts(arguments, context: context)
        let queue = try parts.root.podcastRequests()
        let report = try await queue.drain(into: parts.manager.consumer)
        for path in report.quarantined { context.printError("warning: an unreadable podcast request was moved to \(path)") }
        let keys = report.delivered.map { PodcastEntry.key(for: $0.url) }
        var entries = try keys.compactMap { try parts.manager.library.episode(key: $0) }
        if arguments.flag("wait"), !entries.isEmpty {
            let reporter = ProgressReporter(context: context)
            entries = try await parts.running {
                var current = entries
                while current.contains(where: { $0.state == .queued || $0.state == .generating }) {
                    try await Task.sleep(for: parts.manager.pollInterval)
                    current = try current.map { try parts.manager.library.episode(key: $0.key) ?? $0 }
                    let making = current.filter { $0.state == .queued || $0.state == .generating }
                    if let first = making.first { reporter.show(PodcastGenerationProgress(entry: first, stage: nil)) }
                }
                return current
            }
            reporter.finish()
        }
        if arguments.flag("json") {
            context.print(JSONValue.object([
                ("delivered", .array(report.delivered.map(\.jsonValue))), ("retrying", .array(report.retrying.map(\.jsonValue))),
                ("failed", .array(report.failed.map(\.jsonValue))), ("not_due", .int(report.notDue)),
                ("episodes", .array(entries.map(\.jsonValue))),
            ]).serialized)
        } else {
            var text = "Handed over \(report.delivered.count) request\(report.delivered.count == 1 ? "" : "s")"
            if !report.retrying.isEmpty { text += ", \(report.retrying.count) to retry" }
            if !report.failed.isEmpty { text += ", \(report.failed.count) given up" }
            if report.notDue > 0 { text += ", \(report.notDue) waiting for their retry time" }
            context.print(text + ".")
            for entry in entries { context.print("  " + PodcastLibraryCommand.line(entry)) }
            for request in report.retrying + report.failed {
                context.print("  not made: \(request.url.singleLine): \((request.lastError ?? "").singleLine.prefix(160))")
            }
        }
        return report.failed.isEmpty && report.retrying.isEmpty ? ExitCode.success : ExitCode.failure
    }
}

/// Shows generation progress: a redrawn line on a terminal, else one plain line each time the stage changes.
final class ProgressReporter: Sendable {
    private let context: CLIContext
    private let line: SyncCommand.ProgressLine
    private let last = Mutex<String?>(nil)

    init(context: CLIContext) {
        self.context = context
        line = SyncCommand.ProgressLine(context: context)
    }

    var show: @Sendable (PodcastGenerationProgress) -> Void {
        { [self] progress in report(progress) }
    }

    func report(_ progress: PodcastGenerationProgress) {
        let entry = progress.entry
        let stage = progress.stage ?? entry.state.rawValue
        let title = entry.title.isEmpty ? entry.url : entry.title
        if context.isTerminal {
            line.show("\(stage) \(Int((entry.progress * 100).rounded()))%  \(title.prefix(60))")
            return
        }
        let changed = last.withLock { seen -> Bool in
            guard seen != stage else { return false }
            seen = stage
            return true
        }
        if changed { context.printError("\(stage): \(title.singleLine.prefix(100))") }
    }

    func finish() {
        line.finish()
    }
}
