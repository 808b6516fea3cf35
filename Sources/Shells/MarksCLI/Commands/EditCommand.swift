import MarksAssembly
import MarksCore
import MarksBookmarks

/// `marks edit ID …`: changes only the fields given.
enum EditCommand: CLICommand {
    static let descriptor = CommandDescriptor(
        name: "edit",
        abstract: "Change a bookmark; only the fields given are sent.",
        arguments: [
            BookmarkArguments.id,
            .option("url", value: "URL", help: "New address."),
            .option("title", value: "TEXT", help: "New title."),
            .option("description", value: "TEXT", help: "New description."),
            .option("notes", value: "TEXT", help: "New notes."),
            .option("tags", value: "a,b", help: "Replace the tags (empty string clears them)."),
            .flag("unread", help: "Mark unread."),
            .flag("read", help: "Mark read."),
            .flag("shared", help: "Share."),
            .flag("unshared", help: "Stop sharing."),
            BookmarkArguments.data,
        ],
        printsData: true
    )

    static func run(_ arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        let id = try BookmarkArguments.id(arguments)
        if arguments.flag("unread") && arguments.flag("read") { throw arguments.usageError("--unread and --read contradict each other") }
        if arguments.flag("shared") && arguments.flag("unshared") { throw arguments.usageError("--shared and --unshared contradict each other") }
        var update = BookmarkUpdate(url: arguments.option("url"), title: arguments.option("title"),
                                    description: arguments.option("description"), notes: arguments.option("notes"),
                                    tagNames: BookmarkArguments.tags(arguments))
        if arguments.flag("unread") { update.unread = true }
        if arguments.flag("read") { update.unread = false }
        if arguments.flag("shared") { update.shared = true }
        if arguments.flag("unshared") { update.shared = false }
        guard !update.isEmpty else { throw arguments.usageError("nothing to change; give at least one of the options") }
        if let url = update.url { try LibraryError.check(webURL: url) }
        let library = try CompositionRoot.load(arguments, context: context).library()
        let saved = try await library.update(id: id, update)
        context.print(arguments.flag("json") ? BookmarkOutput.json(saved).serialized
                      : "Updated " + BookmarkOutput.line(saved).trimmingCharacters(in: .whitespaces))
        return ExitCode.success
    }
}
