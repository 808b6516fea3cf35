import Foundation
import MarksAssembly
import MarksCore
import MarksJobs
import MarksReading
import Synchronization

/// `marks check-links [--all] [--json]`: checks the bookmarks' links that are due (never checked, or a week ago or
/// more) — HEAD, then GET when needed, pages of one site a second apart — and says which are broken or moved. The
/// `links.check` job, run here in the foreground; progress goes to standard error, Ctrl-C stops cleanly.
enum CheckLinksCommand: CLICommand {
    static let descriptor = CommandDescriptor(
        name: "check-links",
        abstract: "Find broken and moved links among your bookmarks.",
        discussion: "Asks each bookmarked page whether it still answers (404, 410, a server error or a dead host is "
            + "broken; a permanent redirect is a move) and keeps the result in marks.sqlite. marks serve does this in "
            + "the background every week. Links checked in the last week are skipped unless --all is given.",
        arguments: [
            .flag("all", help: "Check every bookmark again, however recently checked."),
            BookmarkArguments.data,
        ],
        printsData: true
    )

    static func run(_ arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        let root = try CompositionRoot.load(arguments, context: context)
        let checker = try root.linkChecker()
        let known = try await ArchiveTextCommand.walkURLs(try root.library())
        if !checker.fetchingEnabled {
            context.printError("Page fetching is off (MARKS_FETCH_PAGES=0 or fetch_pages): no link is checked.")
        } else {
            let checked = try await runJob(checker, urls: known, all: arguments.flag("all"), jobs: try root.jobs(), context: context)
            if !arguments.flag("json") { context.printError("Checked \(checked) links.") }
        }
        let results = try checker.results(urls: known)
        let ordered = Self.unique(known).compactMap { results[$0] }
        if arguments.flag("json") {
            context.print(JSONValue.array(ordered.map(json)).serialized)
        } else {
            print(ordered, of: Set(known).count, context: context)
        }
        return ExitCode.success
    }

    private static func runJob(_ checker: LinkChecker, urls: [String], all: Bool, jobs: JobRunner, context: CLIContext) async throws -> Int {
        let interrupt = InterruptFlag()
        defer { interrupt.release() }
        let line = SyncCommand.ProgressLine(context: context)
        let ended = Mutex<Int?>(nil)
        let hooks = LinkChecker.JobHooks(progress: { done, total, check in
            let text = "[\(done)/\(total)] \(check.status.kind.rawValue) \(check.url.prefix(100))"
            if context.isTerminal { line.show(text) } else { context.printError(text) }
        }, shouldStop: { interrupt.isRaised }, finished: { results in ended.withLock { $0 = results.count } })
        await jobs.register(checker.jobKind(urls: { urls }, hooks: hooks))
        var request = all ? LinkChecker.checkAllJob : LinkChecker.sweepJob
        request.key = all ? "all" : "foreground"
        return try await ForegroundJob.run(request, on: jobs, line: line, what: "Checking links") { ended.withLock { $0 } }
    }

    private static func unique(_ urls: [String]) -> [String] {
        var seen = Set<String>()
        return urls.filter { seen.insert($0).inserted }
    }

    private static func print(_ checks: [LinkCheck], of total: Int, context: CLIContext) {
        let count = { (kind: LinkStatus.Kind) in checks.filter { $0.status.kind == kind }.count }
        context.print("Links: \(total) bookmarks, \(count(.ok)) ok, \(count(.broken)) broken, \(count(.moved)) moved, "
                      + "\(count(.unknown)) could not be checked, \(total - checks.count) not checked yet.")
        for check in checks {
            switch check.status {
            case .ok: continue
            case .broken(let reason): context.print("  broken: \(check.url.prefix(200)) — \(reason.singleLine)")
            case .moved(let to): context.print("  moved: \(check.url.prefix(200)) → \(to.prefix(200))")
            case .unknown(let reason): context.print("  not checked: \(check.url.prefix(200)) — \(reason.singleLine)")
            }
        }
    }

    static func json(_ check: LinkCheck) -> JSONValue {
        let reason: JSONValue = switch check.status {
        case .broken(let reason), .unknown(let reason): .string(reason)
        case .ok, .moved: .null
        }
        return .object([
            ("url", .string(check.url)), ("status", .string(check.status.kind.rawValue)),
            ("http_status", check.httpStatus.map { .int($0) } ?? .null), ("final_url", check.finalURL.map { .string($0) } ?? .null),
            ("reason", reason), ("checked_at", .string(ISO8601DateFormatter().string(from: check.checkedAt))),
        ])
    }
}
