import Foundation
import MarksAssembly
import MarksCore
import MarksBookmarks
import MarksReading

/// `marks import FILE`: imports a Netscape bookmark file (a browser's or linkding's export), or restores a Marks export
/// (`MarksExportImport`). Bad entries are reported by line and the rest imported (exit 0 with a summary); a file that
/// is not a bookmark file changes nothing (exit 1).
enum ImportCommand: CLICommand {
    /// Larger files are refused before reading (a bookmark file of 100k entries is ~40 MB).
    static let maxFileBytes = 256 * 1024 * 1024
    /// Problems printed in text mode; `--json` lists them all.
    static let shownProblems = 50

    static let descriptor = CommandDescriptor(
        name: "import",
        abstract: "Import a bookmark file (HTML from a browser or linkding) or a Marks export (JSON).",
        discussion: "Into the embedded store every entry goes in one transaction; into a linkding server one by one, existing URLs updated (tags added), never duplicated. Tags, dates, unread, notes, shared and archived state are kept. A title over 512 characters or a tag over 64 is trimmed to fit linkding; every trim and every skipped entry is reported by line. A Marks export (JSON) is checked whole first and restored with its AI summaries and highlights.",
        arguments: [
            .positional("file", help: "The bookmark file (Netscape HTML), or a Marks export (marks export --format json)."),
            .flag("folders-as-tags", help: "Add the names of the folders around a bookmark to its tags."),
            .flag("unshared", help: "Import every bookmark as not shared (ignore PRIVATE=\"0\")."),
            BookmarkArguments.data,
        ],
        printsData: true
    )

    static func run(_ arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        guard let path = arguments.positional("file"), !path.isEmpty else { throw arguments.usageError("missing FILE") }
        let text = try read(path, context: context)
        if LibraryExport.recognises(Data(text.utf8.prefix(512))) {
            return try await MarksExportImport.run(Data(text.utf8), path: path, arguments: arguments, context: context)
        }
        let library = try CompositionRoot.load(arguments, context: context).library()
        let line = SyncCommand.ProgressLine(context: context)
        let report: ImportReport
        do {
            report = try await library.importNetscape(text, foldersAsTags: arguments.flag("folders-as-tags"),
                                                      mapPrivateFlag: !arguments.flag("unshared")) { done, total in
                line.show(total == 0 ? "Reading the file…" : done == 0 ? "Importing \(total) bookmarks…"
                          : done >= total ? "Saving \(total) bookmarks…" : "Importing \(done)/\(total)")
            }
        } catch let error as NetscapeError {
            line.finish()
            context.printError("marks: \(path): \(error.message) Nothing was imported.")
            return ExitCode.failure
        } catch {
            line.finish()
            throw error
        }
        line.finish()
        if arguments.flag("json") {
            context.print(json(report, file: path).serialized)
        } else {
            let shown = report.problems.prefix(shownProblems)
            for problem in shown { context.printError((problem.line.map { "\(path):\($0): " } ?? "\(path): ") + problem.message.singleLine) }
            if report.problems.count > shown.count {
                context.printError("\(path): … and \(report.problems.count - shown.count) more problems (--json lists them all).")
            }
            let skipped = report.skipped > 0 ? ", \(report.skipped) skipped" : ""
            let trimmed = report.trimmed > 0 ? ", \(report.trimmed) trimmed to fit linkding" : ""
            context.print("Imported \(report.created + report.updated) bookmarks from \(path): \(report.created) new, \(report.updated) updated\(skipped)\(trimmed).")
        }
        return ExitCode.success
    }

    /// The file's text (invalid UTF-8 replaced, so a binary file reads as "not a bookmark file").
    private static func read(_ path: String, context: CLIContext) throws -> String {
        let url = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: context.currentDirectory, isDirectory: true))
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw CLIFailure("\(path): no such file.")
        }
        guard !isDirectory.boolValue else { throw CLIFailure("\(path) is a directory, not a bookmark file.") }
        let size = (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue ?? 0
        guard size <= maxFileBytes else {
            throw CLIFailure("\(path) is \(size / 1_048_576) MB; Marks imports bookmark files up to \(maxFileBytes / 1_048_576) MB.")
        }
        do {
            return String(decoding: try Data(contentsOf: url), as: UTF8.self)
        } catch {
            throw CLIFailure("Cannot read \(path): \(error.localizedDescription)")
        }
    }

    static func json(_ report: ImportReport, file: String) -> JSONValue {
        .object([
            ("file", .string(file)), ("read", .int(report.read)), ("created", .int(report.created)),
            ("updated", .int(report.updated)), ("skipped", .int(report.skipped)), ("trimmed", .int(report.trimmed)),
            ("through_api", .bool(report.throughAPI)),
            ("problems", .array(report.problems.map { problem in
                .object([("line", problem.line.map(JSONValue.int) ?? .null), ("url", .optional(problem.url)),
                         ("message", .string(problem.message))])
            })),
        ])
    }
}
