import MarksAssembly
import MarksCore
import MarksJobs
import MarksBookmarks
import Synchronization

/// `marks enrich ID` or `marks enrich --all`: AI summary and tags for one bookmark, or for every bookmark
/// without them as the `enrich.all` job run here (progress on the terminal; Ctrl-C stops cleanly and a re-run
/// carries on).
enum EnrichCommand: CLICommand {
    static let descriptor = CommandDescriptor(
        name: "enrich",
        abstract: "Add an AI summary and tags to a bookmark (or --all without one).",
        arguments: [
            .positional("id", required: false, help: "The bookmark's id (see marks list)."),
            .flag("all", help: "Enrich every bookmark that has no AI summary yet (resumable)."),
            BookmarkArguments.data,
        ],
        printsData: true
    )

    static func run(_ arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        let all = arguments.flag("all")
        if all && arguments.positional("id") != nil { throw arguments.usageError("give an ID or --all, not both") }
        if !all && arguments.positional("id") == nil { throw arguments.usageError("missing ID (or --all)") }
        let root = try CompositionRoot.load(arguments, context: context)
        let service = try root.enrichment()
        if !all {
            let outcome = try await service.enrich(id: try BookmarkArguments.id(arguments))
            if arguments.flag("json") {
                context.print(EnrichmentOutput.json(outcome).serialized)
            } else {
                context.print(BookmarkOutput.line(outcome.bookmark).trimmingCharacters(in: .whitespaces))
                EnrichmentOutput.lines(outcome).forEach(context.print)
            }
            return ExitCode.success
        }
        return try await runAll(service, jobs: try root.jobs(), arguments: arguments, context: context)
    }

    /// Runs the `enrich.all` job here, in the foreground, with the progress bar; Ctrl-C ends it cleanly (the job
    /// is done, saying what is left) and a new run carries on. Refused while `marks serve` runs Enrich All.
    private static func runAll(_ service: EnrichmentService, jobs: JobRunner, arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        let interrupt = InterruptFlag()
        defer { interrupt.release() }
        let line = SyncCommand.ProgressLine(context: context)
        let ended = Mutex<EnrichmentReport?>(nil)
        let hooks = EnrichmentJobHooks(progress: { line.show(bar($0)) }, shouldStop: { interrupt.isRaised },
                                       report: { report in ended.withLock { $0 = report } })
        for kind in service.jobKinds(hooks: hooks) where kind.name == EnrichmentService.JobKinds.enrichAll {
            await jobs.register(kind)
        }
        let report = try await ForegroundJob.run(EnrichmentService.enrichAllJob, on: jobs, line: line, what: "Enrich All") {
            ended.withLock { $0 }
        }
        if arguments.flag("json") {
            context.print(EnrichmentOutput.json(report).serialized)
        } else {
            var text = "Enriched \(report.enriched) bookmarks (\(report.skipped) already had AI metadata"
            if report.failed > 0 { text += ", \(report.failed) failed" }
            text += ")."
            context.print(text)
            if report.stopped { context.print("Stopped with \(report.remaining) left; run marks enrich --all again to carry on.") }
            for error in report.errors { context.printError("warning: \(error.singleLine)") }
        }
        return report.failed > 0 && report.enriched == 0 ? ExitCode.failure : ExitCode.success
    }

    /// `[#####.....] 12/40 Title`.
    static func bar(_ progress: EnrichmentProgress) -> String {
        let width = 20
        let filled = progress.total == 0 ? width : progress.done * width / progress.total
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        return "[\(bar)] \(progress.done)/\(progress.total) \(progress.current.prefix(50))"
    }
}
