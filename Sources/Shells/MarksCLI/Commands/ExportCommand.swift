import Foundation
import MarksAssembly
import MarksCore
import MarksBookmarks
import SystemSupport

/// `marks export [FILE]`: writes every bookmark, archived ones included, as a Netscape bookmark file in linkding's
/// format — to standard output, or to FILE atomically (a reader never sees half a file).
enum ExportCommand: CLICommand {
    static let descriptor = CommandDescriptor(
        name: "export",
        abstract: "Export every bookmark (archived too) as a bookmark file (HTML, linkding's format).",
        discussion: "Tags, dates, unread, shared, notes and the archived state are kept, so the file imports into linkding, a browser or marks import. Without FILE (or with -) the file goes to standard output.",
        arguments: [
            .positional("file", required: false, help: "Where to write (default: standard output)."),
            BookmarkArguments.data,
        ],
        printsData: true
    )

    static func run(_ arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        let path = arguments.positional("file").flatMap { $0 == "-" || $0.isEmpty ? nil : $0 }
        if path == nil && arguments.flag("json") {
            throw arguments.usageError("--json prints a summary of an export to FILE; without FILE the bookmark file itself goes to standard output")
        }
        let library = try CompositionRoot.load(arguments, context: context).library()
        guard let path else {
            context.standardOutput(try await library.exportNetscape().text)
            return ExitCode.success
        }
        let line = SyncCommand.ProgressLine(context: context)
        let exported: (text: String, count: Int)
        do {
            exported = try await library.exportNetscape { line.show("Exporting \($0)") }
        } catch {
            line.finish()
            throw error
        }
        line.finish()
        let url = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: context.currentDirectory, isDirectory: true))
        try AtomicFile.write(Data(exported.text.utf8), to: url, mode: 0o600)
        if arguments.flag("json") {
            context.print(JSONValue.object([("exported", .int(exported.count)), ("file", .string(url.path))]).serialized)
        } else {
            context.print("Exported \(exported.count) bookmarks to \(path).")
        }
        return ExitCode.success
    }
}
