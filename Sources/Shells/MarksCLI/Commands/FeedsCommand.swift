import Foundation
import MarksAssembly
import MarksBookmarks
import MarksCore
import MarksReading
import SystemSupport

/// `marks feeds`: following other sites' RSS and Atom feeds. `add URL [--tag T]… [--max-age-days N] [--keyword W]…`
/// follows one, `remove ID` stops, `poll [ID]` checks the due feeds (or one, or all with `--all`) in the foreground and
/// saves new items as unread bookmarks, `import-opml FILE` and `export-opml [FILE]` move the list to and from a feed
/// reader; without a subcommand, the feeds with when they were checked and why they failed. `marks serve` checks
/// them every hour (the `feeds.poll` job).
enum FeedsCommand: CLICommand {
    static let descriptor = CommandDescriptor(
        name: "feeds",
        abstract: "Follow RSS and Atom feeds: new items become unread bookmarks.",
        discussion: "marks serve checks the followed feeds every hour (a failing feed less often) and saves each new item "
            + "once, as an unread bookmark with the feed's tags. The first check of a feed saves only its "
            + "\(FeedSubscriptions.firstCheckLimit) newest items that pass the rules; the older ones are marked seen.",
        arguments: [BookmarkArguments.data],
        subcommands: [
            CommandDescriptor(name: "add", abstract: "Follow a feed.",
                              arguments: [.positional("url", help: "The feed's address (RSS or Atom)."),
                                          .option("tag", value: "TAG", help: "A tag for the feed's bookmarks (repeatable)."),
                                          .option("max-age-days", value: "N", help: "Skip items older than N days."),
                                          .option("keyword", value: "WORD", help: "Save only items mentioning a keyword (repeatable)."),
                                          .option("title", value: "TITLE", help: "A name until the feed's own is read."),
                                          BookmarkArguments.data], printsData: true),
            CommandDescriptor(name: "list", abstract: "List the followed feeds.", arguments: [BookmarkArguments.data], printsData: true),
            CommandDescriptor(name: "remove", abstract: "Stop following a feed (its bookmarks stay).",
                              arguments: [.positional("id", help: "The feed's id (see marks feeds)."), BookmarkArguments.data], printsData: true),
            CommandDescriptor(name: "poll", abstract: "Check the feeds that are due now (or one), saving new items.",
                              arguments: [.positional("id", required: false, help: "Only this feed, due or not."),
                                          .flag("all", help: "Every feed, due or not."), BookmarkArguments.data], printsData: true),
            CommandDescriptor(name: "import-opml", abstract: "Follow every feed of an OPML file (folders become tags).",
                              arguments: [.positional("file", help: "The OPML file."), BookmarkArguments.data], printsData: true),
            CommandDescriptor(name: "export-opml", abstract: "Write the followed feeds as OPML (to standard output without FILE).",
                              arguments: [.positional("file", required: false, help: "Where to write it."), BookmarkArguments.data]),
        ],
        printsData: true
    )

    static func run(_ arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        let root = try CompositionRoot.load(arguments, context: context)
        let feeds = try root.feedSubscriptions()
        let json = arguments.flag("json")
        switch arguments.commandPath.last {
        case "add":
            guard let url = arguments.positional("url") else { throw arguments.usageError("give the feed's address: marks feeds add URL") }
            let rules = FeedRules(tags: TagNames.parse(arguments.options("tag").joined(separator: ",")),
                                  maxAgeDays: try arguments.intOption("max-age-days", in: 1...36_500), keywords: arguments.options("keyword"))
            let added = try feeds.add(url: url, title: arguments.option("title") ?? "", rules: rules)
            if json {
                context.print(Self.json(added).serialized)
            } else {
                context.print("Following feed \(added.id): \(added.url.singleLine). marks feeds poll \(added.id) checks it now; marks serve checks it every hour.")
            }
        case "remove":
            guard let text = arguments.positional("id"), let id = Int(text), id > 0 else {
                throw arguments.usageError("give the feed's id: marks feeds remove ID")
            }
            try feeds.remove(id: id)
            if json { context.print(JSONValue.object([("removed", .int(id))]).serialized) } else { context.print("Stopped following feed \(id).") }
        case "poll":
            return try await poll(feeds, library: try root.library(), arguments: arguments, context: context)
        case "import-opml":
            guard let path = arguments.positional("file") else { throw arguments.usageError("give the OPML file: marks feeds import-opml FILE") }
            let url = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
            let bytes: Data
            do {
                bytes = try Data(contentsOf: url)
            } catch {
                throw CLIFailure("Cannot read \(path.singleLine): \(error.localizedDescription)")
            }
            let report = try feeds.importOPML([UInt8](bytes))
            if json {
                context.print(JSONValue.object([("added", .int(report.added)), ("already_followed", .int(report.existing)),
                                                ("refused", .array(report.refused.map { .string($0) }))]).serialized)
            } else {
                context.print("Following \(report.added) new feeds; \(report.existing) were already followed.")
                for problem in report.refused { context.print("  not added: \(problem.singleLine)") }
            }
        case "export-opml":
            let xml = try feeds.exportOPML()
            if let path = arguments.positional("file") {
                let url = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
                do {
                    try AtomicFile.write(Data(xml.utf8), to: url, mode: 0o644)
                } catch {
                    throw CLIFailure("Cannot write \(path.singleLine): \(error)")
                }
                context.printError("Wrote \(try feeds.all().count) feeds to \(path.singleLine).")
            } else {
                context.standardOutput(xml)
            }
        default:
            let all = try feeds.all()
            if json {
                context.print(JSONValue.array(all.map(Self.json)).serialized)
            } else if all.isEmpty {
                context.print("No feeds are followed. marks feeds add URL follows one.")
            } else {
                for feed in all { context.print(Self.line(feed)) }
            }
        }
        return ExitCode.success
    }

    private static func poll(_ feeds: FeedSubscriptions, library: LibraryService, arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        var batch: [FeedSubscription]
        if let text = arguments.positional("id") {
            guard let id = Int(text), id > 0 else { throw arguments.usageError("give the feed's id: marks feeds poll [ID]") }
            batch = [try feeds.subscription(id: id)]
        } else {
            batch = try feeds.due(all: arguments.flag("all"))
        }
        guard feeds.fetchingEnabled else {
            throw CLIFailure("Page fetching is off (MARKS_FETCH_PAGES=0 or fetch_pages): no feed is checked.")
        }
        let interrupt = InterruptFlag()
        defer { interrupt.release() }
        let json = arguments.flag("json")
        let results = try await feeds.check(batch, into: library, shouldStop: { interrupt.isRaised }, progress: { done, total, check in
            if !json { context.printError("[\(done)/\(total)] \(check.url.prefix(100)): \(check.summary.singleLine)") }
        })
        let added = results.reduce(0) { $0 + $1.added.count }
        let failed = results.filter { $0.error != nil }.count
        if json {
            context.print(JSONValue.array(results.map { check in
                .object([("id", .int(check.subscriptionID)), ("url", .string(check.url)), ("added", .array(check.added.map { .string($0) })),
                         ("left_out", .int(check.skipped)), ("not_modified", .bool(check.notModified)),
                         ("error", check.error.map { .string($0) } ?? .null)])
            }).serialized)
        } else {
            context.print(batch.isEmpty ? "No feed is due (marks feeds poll --all checks every one)."
                          : "Checked \(Self.count(results.count, "feed")): \(Self.count(added, "new bookmark"))"
                            + (failed > 0 ? ", \(failed) failed." : "."))
        }
        return failed > 0 ? ExitCode.failure : ExitCode.success
    }

    private static func line(_ feed: FeedSubscription) -> String {
        var text = "\(String(feed.id).leftPadded(to: 4))  \(feed.displayTitle.singleLine.prefix(80))"
        if feed.displayTitle != feed.url { text += "  <\(feed.url.singleLine)>" }
        var details: [String] = []
        if !feed.rules.tags.isEmpty { details.append("tags " + feed.rules.tags.map { "#" + $0 }.joined(separator: " ")) }
        if let days = feed.rules.maxAgeDays { details.append("newer than \(days) days") }
        if !feed.rules.keywords.isEmpty { details.append("keywords " + feed.rules.keywords.joined(separator: ", ")) }
        details.append("\(feed.itemsAdded) added")
        details.append(feed.lastChecked.map { "checked \(ISO8601DateFormatter().string(from: $0))" } ?? "not checked yet")
        text += "\n      " + details.joined(separator: "; ")
        if let error = feed.lastError { text += "\n      failing: \(error.singleLine)" }
        return text
    }

    static func json(_ feed: FeedSubscription) -> JSONValue {
        let date = { (value: Date?) -> JSONValue in value.map { .string(ISO8601DateFormatter().string(from: $0)) } ?? .null }
        return .object([
            ("id", .int(feed.id)), ("url", .string(feed.url)), ("title", .string(feed.title)),
            ("tags", .array(feed.rules.tags.map { .string($0) })), ("max_age_days", feed.rules.maxAgeDays.map { .int($0) } ?? .null),
            ("keywords", .array(feed.rules.keywords.map { .string($0) })), ("items_added", .int(feed.itemsAdded)),
            ("last_checked", date(feed.lastChecked)), ("next_check", date(feed.nextCheck)),
            ("last_error", feed.lastError.map { .string($0) } ?? .null),
        ])
    }

    /// "1 feed", "2 feeds".
    static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
}
