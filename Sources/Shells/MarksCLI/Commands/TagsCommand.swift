import MarksAssembly
import MarksCore
import MarksBookmarks

/// `marks tags`: every tag with its count from linkding tags and AI tags, by count then name; `rename OLD NEW`
/// renames a tag on every bookmark (merging into NEW when it exists), `delete NAME` removes it from every bookmark.
enum TagsCommand: CLICommand {
    static let descriptor = CommandDescriptor(
        name: "tags",
        abstract: "List tags with counts (linkding tags and AI tags), most used first.",
        arguments: [BookmarkArguments.data],
        subcommands: [
            CommandDescriptor(name: "rename", abstract: "Rename a tag on every bookmark (merging into an existing tag of the new name).",
                              arguments: [.positional("old", help: "The tag's name."), .positional("new", help: "Its new name."),
                                          BookmarkArguments.data], printsData: true),
            CommandDescriptor(name: "delete", abstract: "Remove a tag from every bookmark (the bookmarks stay).",
                              arguments: [.positional("name", help: "The tag's name."), BookmarkArguments.data], printsData: true),
        ],
        printsData: true
    )

    static func run(_ arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        switch arguments.commandPath.last {
        case "rename":
            guard let old = arguments.positional("old"), let new = arguments.positional("new"),
                  TagNames.parse(old).first != nil, TagNames.parse(new).first != nil else {
                throw arguments.usageError("give the tag's name and its new name: marks tags rename OLD NEW")
            }
            let report = try await CompositionRoot.load(arguments, context: context).library().renameTag(old, to: new)
            printChange(report, done: "Renamed #\(old.singleLine) to #\(new.singleLine)", arguments: arguments, context: context)
            return ExitCode.success
        case "delete":
            guard let name = arguments.positional("name"), TagNames.parse(name).first != nil else {
                throw arguments.usageError("give the tag's name: marks tags delete NAME")
            }
            let report = try await CompositionRoot.load(arguments, context: context).library().deleteTag(name)
            printChange(report, done: "Deleted #\(name.singleLine)", arguments: arguments, context: context)
            return ExitCode.success
        default:
            break
        }
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

    private static func printChange(_ report: TagChangeReport, done: String, arguments: ParsedArguments, context: CLIContext) {
        if arguments.flag("json") {
            context.print(JSONValue.object([("bookmarks_changed", .int(report.bookmarksChanged)),
                                            ("ai_tags_changed", .int(report.aiTagsChanged))]).serialized)
        } else {
            let count = report.bookmarksChanged
            context.print("\(done) on \(count) bookmark\(count == 1 ? "" : "s")" + (report.aiTagsChanged > 0 ? " (and \(report.aiTagsChanged) AI suggestions)." : "."))
        }
    }
}
