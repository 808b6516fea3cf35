import MarksAssembly
import MarksCore
import MarksBookmarks

/// `marks list`: the newest bookmarks, optionally unread only, archived, or one tag.
enum ListCommand: CLICommand {
    static let descriptor = CommandDescriptor(
        name: "list",
        abstract: "List bookmarks, newest first.",
        arguments: [
            .flag("unread", help: "Only unread bookmarks."),
            .flag("archived", help: "Archived bookmarks instead."),
            .option("tag", value: "T", help: "Only bookmarks with this tag."),
            .option("limit", short: "n", value: "N", help: "How many (default 100; with --all, the page size)."),
            .flag("all", help: "Follow every page."),
            BookmarkArguments.data,
        ],
        printsData: true
    )

    static func run(_ arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        let limit = try arguments.intOption("limit", in: 1...100_000) ?? BookmarkListQuery.defaultLimit
        let filter = LibraryFilter(unreadOnly: arguments.flag("unread"), tag: arguments.option("tag"),
                                   archived: arguments.flag("archived"), limit: limit)
        let library = try CompositionRoot.load(arguments, context: context).library()
        let read = try await library.loadOrCopy(filter)
        OfflineNotice.print(read.offline, context: context)
        return try await printPages(library: library, first: read.value, followAll: arguments.flag("all"),
                                    arguments: arguments, context: context, emptyMessage: "No bookmarks.")
    }

    /// The hint under a list cut short by `--limit`, naming only flags the command has.
    static let moreHint = "--all or --limit for more"

    /// Prints a page (and, with `followAll`, every following page) as lines or JSON; `moreHint` says how to see the
    /// rest when the first page is not all.
    static func printPages(library: LibraryService, first: LibraryPage, followAll: Bool, arguments: ParsedArguments,
                           context: CLIContext, emptyMessage: String, moreHint: String = moreHint) async throws -> Int32 {
        var page = first
        var all = page.bookmarks
        while followAll, let next = page.next {
            page = try await library.loadMore(next)
            all += page.bookmarks
        }
        if arguments.flag("json") {
            context.print(BookmarkOutput.listJSON(all, count: first.count, next: followAll ? nil : first.next).serialized)
        } else if all.isEmpty {
            context.print(emptyMessage)
        } else {
            all.forEach { context.print(BookmarkOutput.line($0)) }
            if !followAll && first.count > all.count {
                context.print("(\(all.count) of \(first.count); \(moreHint))")
            }
        }
        return ExitCode.success
    }
}
