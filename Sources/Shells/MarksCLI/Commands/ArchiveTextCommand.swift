import Foundation
import MarksAssembly
import MarksCore
import MarksJobs
import MarksBookmarks
import MarksReading
import Synchronization

/// `marks archive-text [--all] [--status] [--json]`: fetches the page text of every bookmark not archived yet (the
/// `archive.text` job, run here in the foreground with a progress line; Ctrl-C stops cleanly and a re-run carries
/// on), then says how many pages are archived, which failed and why. `--all` fetches every page again.
enum ArchiveTextCommand: CLICommand {
    static let descriptor = CommandDescriptor(
        name: "archive-text",
        abstract: "Keep each bookmarked page's readable text, for the reader offline and for Ask.",
        discussion: "Fetches the pages not archived yet (politely: pages of one site start a second apart), stores "
            + "their readable text in marks.sqlite and lists what failed and why. marks serve does this in the "
            + "background for new bookmarks. MARKS_FETCH_PAGES=0 turns fetching off.",
        arguments: [
            .flag("all", help: "Fetch every bookmarked page again, archived or not."),
            .flag("status", help: "Only say where the archive stands; fetch nothing."),
            BookmarkArguments.data,
        ],
        printsData: true
    )

    static func run(_ arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        if arguments.flag("all") && arguments.flag("status") { throw arguments.usageError("--status fetches nothing; it cannot be combined with --all") }
        let root = try CompositionRoot.load(arguments, context: context)
        let archive = try root.pageArchive()
        let library = try root.library()
        let known = try await Self.walkURLs(library)
        let urls: @Sendable () throws -> [String] = { known }
        let report: ArchiveReport
        if arguments.flag("status") || !archive.fetchingEnabled {
            report = try archive.report(for: try urls())
        } else {
            report = try await runJob(archive, urls: urls, all: arguments.flag("all"), jobs: try root.jobs(), context: context)
        }
        if arguments.flag("json") {
            context.print(json(report).serialized)
        } else {
            print(report, context: context)
        }
        return report.fetched == 0 && !report.failures.isEmpty && report.stored == 0 ? ExitCode.failure : ExitCode.success
    }

    /// Every bookmark's URL, live ones first, read from the library (which keeps the cache and the index in step).
    static func walkURLs(_ library: LibraryService) async throws -> [String] {
        var urls: [String] = []
        for archived in [false, true] {
            var page = try await library.load(LibraryFilter(archived: archived, limit: 500))
            while true {
                urls += page.bookmarks.map(\.url)
                guard let next = page.next, !page.bookmarks.isEmpty else { break }
                page = try await library.loadMore(next)
            }
        }
        return urls
    }

    private static func runJob(_ archive: PageArchive, urls: @escaping @Sendable () throws -> [String], all: Bool, jobs: JobRunner,
                               context: CLIContext) async throws -> ArchiveReport {
        let interrupt = InterruptFlag()
        defer { interrupt.release() }
        let line = SyncCommand.ProgressLine(context: context)
        let ended = Mutex<ArchiveReport?>(nil)
        let hooks = PageArchive.JobHooks(progress: { done, total, url in line.show("[\(done)/\(total)] \(url.prefix(60))") },
                                         shouldStop: { interrupt.isRaised }, report: { report in ended.withLock { $0 = report } })
        await jobs.register(archive.jobKind(urls: urls, hooks: hooks))
        var request = all ? PageArchive.refetchAllJob : PageArchive.sweepJob
        request.key = all ? "all" : "foreground"
        return try await ForegroundJob.run(request, on: jobs, line: line, what: "Archiving") { ended.withLock { $0 } }
    }

    private static func print(_ report: ArchiveReport, context: CLIContext) {
        if report.fetchingOff { context.printError("Page fetching is off (MARKS_FETCH_PAGES=0 or fetch_pages): nothing is fetched.") }
        var text = "Page texts: \(report.stored) of \(report.total) bookmarks archived"
        if report.fetched > 0 { text += " (\(report.fetched) now)" }
        text += ", \(report.failures.count) failed, \(report.pending) waiting."
        context.print(text)
        for failure in report.failures {
            let retry = failure.retried ? " (tried again later)" : ""
            context.print("  failed: \(failure.url.prefix(200)) — \(failure.error.singleLine)\(retry)")
        }
    }

    static func json(_ report: ArchiveReport) -> JSONValue {
        .object([
            ("total", .int(report.total)), ("stored", .int(report.stored)), ("pending", .int(report.pending)),
            ("fetched", .int(report.fetched)), ("fetching_off", .bool(report.fetchingOff)),
            ("failed", .array(report.failures.map { failure in
                .object([("url", .string(failure.url)), ("error", .string(failure.error)), ("attempts", .int(failure.attempts)),
                         ("retried", .bool(failure.retried))])
            })),
        ])
    }
}
