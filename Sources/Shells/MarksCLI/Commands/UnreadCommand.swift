import MarksCore
import MarksLibrary

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
        let page = try await library.load(LibraryFilter(unreadOnly: true, limit: limit))
        return try await ListCommand.printPages(library: library, first: page, followAll: false, arguments: arguments,
                                                context: context, emptyMessage: "No unread bookmarks.")
    }
}
