import Foundation
import MarksAssembly
import MarksCore
import MarksBookmarks

/// `marks trash`: the deleted bookmarks waiting in the trash (30 days); `restore ID` brings one back, `purge ID`
/// deletes one for good, `empty` deletes them all for good.
enum TrashCommand: CLICommand {
    static let descriptor = CommandDescriptor(
        name: "trash",
        abstract: "List deleted bookmarks (kept 30 days); restore or purge them.",
        discussion: "marks delete moves a bookmark to the trash, as the web app's Delete does. With the embedded store a restore brings it back with its id; with a linkding server whose delete was already sent, the bookmark is saved there again with the same fields and a new id.",
        arguments: [BookmarkArguments.data],
        subcommands: [
            CommandDescriptor(name: "restore", abstract: "Bring a deleted bookmark back.",
                              arguments: [BookmarkArguments.id, BookmarkArguments.data], printsData: true),
            CommandDescriptor(name: "purge", abstract: "Delete one trashed bookmark for good.",
                              arguments: [BookmarkArguments.id, BookmarkArguments.data], printsData: true),
            CommandDescriptor(name: "empty", abstract: "Delete every trashed bookmark for good.",
                              arguments: [BookmarkArguments.data], printsData: true),
        ],
        printsData: true
    )

    static func run(_ arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        let library = try CompositionRoot.load(arguments, context: context).library()
        let json = arguments.flag("json")
        switch arguments.commandPath.last {
        case "restore":
            let id = try BookmarkArguments.id(arguments)
            let restored = try await library.restore(id: id)
            if json {
                context.print(JSONValue.object([("id", .int(restored.id)), ("previous_id", .int(id)), ("status", .string("restored"))]).serialized)
            } else {
                context.print(restored.id == id ? "Restored bookmark \(id)." : "Restored bookmark \(id) as \(restored.id) (linkding had deleted it; it was saved again).")
            }
        case "purge":
            let id = try BookmarkArguments.id(arguments)
            try await library.purgeTrashed(id: id)
            context.print(json ? JSONValue.object([("id", .int(id)), ("status", .string("purged"))]).serialized : "Deleted bookmark \(id) for good.")
        case "empty":
            let purged = try await library.emptyTrash(deletedBefore: nil)
            context.print(json ? JSONValue.object([("purged", .array(purged.map(JSONValue.int)))]).serialized
                          : "Deleted \(purged.count) trashed bookmark\(purged.count == 1 ? "" : "s") for good.")
        default:
            let entries = try await library.trash()
            if json {
                context.print(JSONValue.array(entries.map(jsonValue)).serialized)
            } else if entries.isEmpty {
                context.print("The trash is empty.")
            } else {
                for entry in entries {
                    let b = entry.bookmark
                    context.print("\(b.id)".padding(toLength: 7, withPad: " ", startingAt: 0)
                                  + "deleted \(LinkdingDate.format(entry.deletedAt))  \(b.displayTitle.singleLine)  \(b.url)")
                }
            }
        }
        return ExitCode.success
    }

    static func jsonValue(_ entry: TrashedBookmark) -> JSONValue {
        .object([
            ("bookmark", entry.bookmark.jsonValue),
            ("deleted_at", .string(LinkdingDate.format(entry.deletedAt))),
            ("restore", .string(entry.restore == .exact ? "exact" : "recreate")),
        ])
    }
}
