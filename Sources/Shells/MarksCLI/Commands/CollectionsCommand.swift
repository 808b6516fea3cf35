import MarksAssembly
import MarksCore
import MarksEngine
import MarksBookmarks

/// `marks collections`: smart collections over the most recent bookmarks — name, description and members.
enum CollectionsCommand: CLICommand {
    static let descriptor = CommandDescriptor(
        name: "collections",
        abstract: "Group recent bookmarks into named smart collections.",
        arguments: [BookmarkArguments.data],
        printsData: true
    )

    static func run(_ arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        let service = try CompositionRoot.load(arguments, context: context).enrichment()
        let answer = try await service.collections()
        if arguments.flag("json") {
            context.print(JSONValue.object([
                ("engine", .string(answer.engine)),
                ("fallback_reason", answer.fallbackReason.map(JSONValue.string) ?? .null),
                ("collections", .array(answer.groups.map { group in
                    .object([
                        ("name", .string(group.collection.name)),
                        ("description", .string(group.collection.description)),
                        ("bookmark_ids", .array(group.collection.bookmarkIDs.map(JSONValue.int))),
                        ("bookmarks", .array(group.bookmarks.map(BookmarkOutput.json))),
                    ])
                })),
            ]).serialized)
            return ExitCode.success
        }
        if answer.groups.isEmpty {
            context.print("No collections yet: save a few more related bookmarks.")
            return ExitCode.success
        }
        for (index, group) in answer.groups.enumerated() {
            if index > 0 { context.print("") }
            context.print("\(group.collection.name.singleLine) (\(group.bookmarks.count))")
            context.print("  " + group.collection.description.singleLine)
            for bookmark in group.bookmarks {
                context.print("  " + BookmarkOutput.line(bookmark).trimmingCharacters(in: .whitespaces))
            }
        }
        return ExitCode.success
    }
}
