import MarksAssembly
import MarksCore
import MarksBookmarks

/// `marks delete|archive|unarchive ID`: one action on one bookmark.
enum BookmarkAction {
    static func descriptor(_ name: String, _ abstract: String) -> CommandDescriptor {
        CommandDescriptor(name: name, abstract: abstract, arguments: [BookmarkArguments.id, BookmarkArguments.data], printsData: true)
    }

    static func run(_ arguments: ParsedArguments, context: CLIContext, verb: String,
                    _ action: (LibraryService, Int) async throws -> Void) async throws -> Int32 {
        let id = try BookmarkArguments.id(arguments)
        try await action(try CompositionRoot.load(arguments, context: context).library(), id)
        context.print(arguments.flag("json") ? JSONValue.object([("id", .int(id)), ("status", .string(verb))]).serialized
                      : "\(verb.prefix(1).uppercased() + verb.dropFirst()) bookmark \(id).")
        return ExitCode.success
    }
}

enum DeleteCommand: CLICommand {
    static let descriptor = BookmarkAction.descriptor("delete", "Delete a bookmark (it waits in the trash for 30 days: marks trash).")
    static func run(_ arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        try await BookmarkAction.run(arguments, context: context, verb: "deleted") { try await $0.delete(id: $1) }
    }
}

enum ArchiveCommand: CLICommand {
    static let descriptor = BookmarkAction.descriptor("archive", "Archive a bookmark.")
    static func run(_ arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        try await BookmarkAction.run(arguments, context: context, verb: "archived") { try await $0.archive(id: $1) }
    }
}

enum UnarchiveCommand: CLICommand {
    static let descriptor = BookmarkAction.descriptor("unarchive", "Move a bookmark out of the archive.")
    static func run(_ arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        try await BookmarkAction.run(arguments, context: context, verb: "unarchived") { try await $0.unarchive(id: $1) }
    }
}
