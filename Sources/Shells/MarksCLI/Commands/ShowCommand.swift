import MarksAssembly
import MarksCore
import MarksBookmarks

/// `marks show ID`: every field of one bookmark, with its AI summary and tags.
enum ShowCommand: CLICommand {
    static let descriptor = CommandDescriptor(
        name: "show",
        abstract: "Show one bookmark in full.",
        arguments: [BookmarkArguments.id, BookmarkArguments.data],
        printsData: true
    )

    static func run(_ arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        let id = try BookmarkArguments.id(arguments)
        let read = try await CompositionRoot.load(arguments, context: context).library().bookmarkOrCopy(id: id)
        OfflineNotice.print(read.offline, context: context)
        let bookmark = read.value
        context.print(arguments.flag("json") ? BookmarkOutput.json(bookmark).serialized : BookmarkOutput.detail(bookmark))
        return ExitCode.success
    }
}
