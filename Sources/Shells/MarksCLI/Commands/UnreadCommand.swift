import MarksAssembly
import MarksCore
import MarksBookmarks

/// `marks unread`: up to ten unread bookmarks, newest first (the Show Unread intent).
enum UnreadCommand: CLICommand {
    static let descriptor = CommandDescriptor(
        name: "unread",
        abstract: "Show unread bookmarks (up to ten), newest first.",
        arguments: [
            .option("limit", short: "n", value: "N", help: "How many (default 10, at most 100)."),
            BookmarkArguments.data,
        ],
        printsData: true
    )

    static func run(_ arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        let limit = try arguments.intOption("limit", in: 1...100) ?? 10
        let library = try CompositionRoot.load(arguments, context: context).library()
        let read = try await library.loadOrCopy(LibraryFilter(unreadOnly: true, limit: limit))
        OfflineNotice.print(read.offline, context: context)
        // `marks unread` has no --all: the hint names what does exist.
        return try await ListCommand.printPages(library: library, first: read.value, followAll: false, arguments: arguments,
                                                context: context, emptyMessage: "No unread bookmarks.", moreHint: moreHint)
    }

    /// The hint under a cut-short list: `--limit` goes up to 100; `marks list --unread --all` shows every one.
    static let moreHint = "--limit for more (up to 100), or marks list --unread --all for every one"
}
