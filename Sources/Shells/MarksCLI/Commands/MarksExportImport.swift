import Foundation
import MarksAssembly
import MarksCore
import MarksReading

/// `marks import FILE` for a Marks export (`marks export --format json`): the file is read and checked whole before
/// anything is written; bookmarks with their AI metadata, highlights, page text and reading progress come back, and
/// the sources with theirs; a second import changes nothing.
enum MarksExportImport {
    static func run(_ data: Data, path: String, arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        let root = try CompositionRoot.load(arguments, context: context)
        defer { withExtendedLifetime(root) {} }  // the archive's observers reach the library through it while the import runs
        let export = try root.libraryExport()
        let line = SyncCommand.ProgressLine(context: context)
        let outcome: LibraryExport.ImportOutcome
        do {
            outcome = try await export.importJSON(data) { done, total in
                line.show(total == 0 ? "Reading the file…" : "Importing \(done)/\(total)")
            }
        } catch let error as LibraryExportError {
            line.finish()
            context.printError("marks: \(path): \(error.description) Nothing was imported.")
            return ExitCode.failure
        } catch {
            line.finish()
            throw error
        }
        line.finish()
        let report = outcome.bookmarks
        if arguments.flag("json") {
            guard case .object(var fields) = ImportCommand.json(report, file: path) else { return ExitCode.success }
            fields += [("format", .string(MarksExportFile.format)), ("highlights_added", .int(outcome.highlightsAdded)),
                       ("ai_restored", .int(outcome.aiRestored)), ("pages_restored", .int(outcome.pagesRestored)),
                       ("reading_restored", .int(outcome.readingRestored)), ("sources_added", .int(outcome.sourcesAdded))]
            context.print(JSONValue.object(fields).serialized)
        } else {
            for problem in report.problems.prefix(ImportCommand.shownProblems) { context.printError("\(path): " + problem.message.singleLine) }
            context.print("Imported \(report.created + report.updated) bookmarks from \(path) (a Marks export): \(report.created) new, \(report.updated) updated\(report.unchanged > 0 ? ", \(report.unchanged) unchanged" : ""); \(outcome.highlightsAdded) highlights added, AI metadata of \(outcome.aiRestored) restored, \(outcome.pagesRestored) page texts and the reading progress of \(outcome.readingRestored) restored, \(outcome.sourcesAdded) sources added.")
        }
        return ExitCode.success
    }
}
