import MarksCore
import MarksLibrary

/// `marks tags`: every tag with its count from linkding tags and AI tags, by count then name.
enum TagsCommand: CLICommand {
    static let descriptor = CommandDescriptor(
        name: "tags",
        abstract: "List tags with counts (linkding tags and AI tags), most used first.",
        arguments: [BookmarkArguments.data],
        printsData: true
    )

    static func run(_ arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        // Refreshed from the server first (an incremental sync), so a tag added there since the last sync counts.
        let read = try await CompositionRoot.load(arguments, context: context).library().refreshedTagCounts()
        OfflineNotice.print(read.offline, context: context)
        let counts = read.value
        if arguments.flag("json") {
            context.print(JSONValue.array(counts.map { count in
                .object([("name", .string(count.name)), ("count", .int(count.count)),
                         ("linkding_count", .int(count.linkdingCount)), ("ai_count", .int(count.aiCount))])
            }).serialized)
        } else if counts.isEmpty {
            context.print("No tags.")
        } else {
            counts.forEach { context.print(String($0.count).leftPadded(to: 6) + "  " + $0.name.singleLine + ($0.aiCount > 0 ? "  (\($0.aiCount) AI)" : "")) }
        }
        return ExitCode.success
    }
}
