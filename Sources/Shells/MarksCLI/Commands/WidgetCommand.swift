import Foundation
import MarksAssembly
import MarksCore
import MarksBookmarks
import MarksPodcasts

/// `marks widget recent|random|podcasts`: the widget files for status bars and scripts (waybar, polybar,
/// conky): one line per item, shaped by `--format`, or the file itself with `--json`.
enum WidgetCommand: CLICommand {
    static let bookmarkFields = "{id} {title} {url} {domain} {link} {summary} {unread}"
    static let podcastFields = "{title} {url} {link} {duration} {played}"

    static let descriptor = CommandDescriptor(
        name: "widget",
        abstract: "Print the widget data (recent or random bookmarks, recent podcasts) for status bars.",
        subcommands: [
            CommandDescriptor(
                name: "recent", abstract: "The most recent bookmarks, one per line.",
                arguments: [limit(3), format("{title} — {domain}", bookmarkFields), BookmarkArguments.data], printsData: true),
            CommandDescriptor(
                name: "random", abstract: "One random bookmark from the widget data.",
                arguments: [format("{title} — {domain}", bookmarkFields), BookmarkArguments.data], printsData: true),
            CommandDescriptor(
                name: "podcasts", abstract: "The most recent podcasts, one per line.",
                arguments: [limit(3), format("{title} ({duration})", podcastFields), BookmarkArguments.data], printsData: true),
        ]
    )

    static func run(_ arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        let root = try CompositionRoot.load(arguments, context: context)
        if arguments.commandPath.last != "podcasts" { try await refresh(root, context: context) }
        return try run(arguments, root: root, context: context, pick: { Int.random(in: 0..<$0) })
    }

    /// Rewrites the bookmark widget file from the server's current state (an incremental sync) before it is read.
    /// The file is a copy in its own right: when the refresh fails the command still shows it, after a warning.
    static func refresh(_ root: CompositionRoot, context: CLIContext) async throws {
        let library = try root.library()
        do {
            OfflineNotice.print(try await library.refresh(), context: context)
        } catch {
            context.printError("warning: the widget data was not refreshed: \(CLIErrorMessage.describe(error))")
        }
    }

    /// Reads the widget files as they are, with an injected random pick (`pick(n)` returns an index below n).
    static func run(_ arguments: ParsedArguments, context: CLIContext, pick: (Int) -> Int) throws -> Int32 {
        try run(arguments, root: CompositionRoot.load(arguments, context: context), context: context, pick: pick)
    }

    private static func run(_ arguments: ParsedArguments, root: CompositionRoot, context: CLIContext, pick: (Int) -> Int) throws -> Int32 {
        let store = root.widgets
        let limit = try arguments.intOption("limit", in: 1...WidgetDataStore.keptBookmarks) ?? 3
        let json = arguments.flag("json")
        switch arguments.commandPath.last {
        case "recent":
            let items = try loadBookmarks(store).recent
            if json { return printFile(store.bookmarksFile, fallback: WidgetSnapshot.Bookmarks(updatedAt: .init(timeIntervalSince1970: 0), recent: []), context: context) }
            let template = arguments.option("format") ?? "{title} — {domain}"
            items.prefix(limit).forEach { context.print(line(template, bookmark: $0)) }
            if items.isEmpty { context.printError(emptyBookmarks) }
        case "random":
            let items = try loadBookmarks(store).recent
            guard !items.isEmpty else {
                context.printError(emptyBookmarks)
                if json { context.print("null") }
                return ExitCode.success
            }
            let item = items[min(max(pick(items.count), 0), items.count - 1)]
            if json { return printJSON(item, context: context) }
            context.print(line(arguments.option("format") ?? "{title} — {domain}", bookmark: item))
        default:
            let items = try loadPodcasts(store).recent
            if json { return printFile(store.podcastsFile, fallback: WidgetSnapshot.Podcasts(updatedAt: .init(timeIntervalSince1970: 0), recent: []), context: context) }
            let template = arguments.option("format") ?? "{title} ({duration})"
            items.prefix(limit).forEach { context.print(line(template, podcast: $0)) }
            if items.isEmpty { context.printError("No podcasts yet.") }
        }
        return ExitCode.success
    }

    private static let emptyBookmarks = "No bookmarks in the widget data yet (it is written after marks list, add or share)."

    private static func limit(_ value: Int) -> ArgumentSpec {
        .option("limit", short: "n", value: "N", help: "How many (default \(value), at most \(WidgetDataStore.keptBookmarks)).")
    }

    private static func format(_ value: String, _ fields: String) -> ArgumentSpec {
        .option("format", value: "TEMPLATE", help: "Line template (default '\(value)'; fields \(fields)).")
    }

    static func line(_ template: String, bookmark: WidgetSnapshot.BookmarkItem) -> String {
        fill(template, [
            "id": String(bookmark.id), "title": bookmark.title, "url": bookmark.url, "domain": bookmark.domain,
            "link": bookmark.link, "summary": bookmark.summary ?? "", "unread": bookmark.unread ? "●" : "",
        ])
    }

    static func line(_ template: String, podcast: WidgetSnapshot.PodcastItem) -> String {
        fill(template, [
            "title": podcast.title, "url": podcast.url, "link": podcast.link,
            "duration": podcast.durationSeconds.map(duration) ?? "–", "played": podcast.played ? "played" : "",
        ])
    }

    /// Replaces `{field}` with values; unknown fields stay as written. The result is one terminal-safe line.
    static func fill(_ template: String, _ values: [String: String]) -> String {
        var out = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            let name = String(rest[rest.index(after: open)..<close])
            out += values[name] ?? String(rest[open...close])
            rest = rest[rest.index(after: close)...]
        }
        out += rest
        return out.singleLine
    }

    static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0 else { return "–" }
        let total = Int(seconds.rounded())
        let (h, m, s) = (total / 3600, total % 3600 / 60, total % 60)
        let two = { (n: Int) in n < 10 ? "0\(n)" : String(n) }
        return h > 0 ? "\(h):\(two(m)):\(two(s))" : "\(m):\(two(s))"
    }

    private static func loadBookmarks(_ store: WidgetDataStore) throws -> WidgetSnapshot.Bookmarks {
        do { return try store.loadBookmarks() } catch { throw unreadable(store.bookmarksFile, error) }
    }

    private static func loadPodcasts(_ store: WidgetDataStore) throws -> WidgetSnapshot.Podcasts {
        do { return try store.loadPodcasts() } catch { throw unreadable(store.podcastsFile, error) }
    }

    private static func unreadable(_ file: URL, _ error: Error) -> CLIFailure {
        CLIFailure("The widget file \(file.path) cannot be read (\(error.localizedDescription)); it is rewritten by the next marks list.")
    }

    /// The file as written (it was just read successfully), or the empty snapshot when there is none.
    private static func printFile<T: Encodable>(_ file: URL, fallback: T, context: CLIContext) -> Int32 {
        if let data = FileManager.default.contents(atPath: file.path) {
            context.standardOutput(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) + "\n")
            return ExitCode.success
        }
        return printJSON(fallback, context: context)
    }

    private static func printJSON<T: Encodable>(_ value: T, context: CLIContext) -> Int32 {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            context.print(String(decoding: try encoder.encode(value), as: UTF8.self))
            return ExitCode.success
        } catch {
            context.printError("marks: could not encode the widget data: \(error)")
            return ExitCode.failure
        }
    }
}
