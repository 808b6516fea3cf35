import Foundation
import MarksAssembly
import MarksCore
import MarksBookmarks
import MarksReading

/// `marks import FILE`: imports a bookmark file — a Netscape file (a browser's or linkding's export) or another
/// service's export (`ImportFormat`: Pocket, Instapaper, Readwise Reader, Wallabag, Omnivore, Karakeep, Linkwarden),
/// its format found from its content or forced with `--format` — or restores a Marks export (`MarksExportImport`).
/// Bad entries are reported by line (or entry) and the rest imported (exit 0 with a summary); a file that is not a
/// bookmark file, or is broken, changes nothing (exit 1). `--dry-run` prints what would be added, updated, left
/// unchanged and skipped (and why), and the highlights to add, and changes nothing.
enum ImportCommand: CLICommand {
    /// Larger files are refused before reading (a bookmark file of 100k entries is ~40 MB).
    static let maxFileBytes = 256 * 1024 * 1024
    /// Problems printed in text mode; `--json` lists them all.
    static let shownProblems = 50

    static let descriptor = CommandDescriptor(
        name: "import",
        abstract: "Import a bookmark file (HTML from a browser or linkding, a Pocket, Instapaper, Readwise Reader, Wallabag, Omnivore, Karakeep or Linkwarden export) or a Marks export (JSON).",
        discussion: "Into the embedded store every entry goes in one transaction; into a linkding server one by one, existing URLs updated (tags added), never duplicated. Tags, dates, unread, notes, shared and archived state are kept. A title over 512 characters or a tag over 64 is trimmed to fit linkding; every trim and every skipped entry is reported by line. Highlights in another service's export (Readwise, Wallabag, Omnivore, Instapaper selections, Karakeep, Linkwarden) become Marks highlights; importing the same file twice changes nothing. A Marks export (JSON) is checked whole first and restored with its AI summaries and highlights.",
        arguments: [
            .positional("file", help: "The bookmark file (Netscape HTML, another service's CSV, HTML, JSON or ZIP export, or a Marks export from marks export --format json)."),
            .option("format", value: "NAME", help: "Read the file as this format instead of detecting it: \(ImportFormat.names)."),
            .flag("dry-run", help: "Print what would be added, updated and skipped (and why); change nothing."),
            .flag("folders-as-tags", help: "Add the names of the folders around a bookmark to its tags."),
            .flag("unshared", help: "Import every bookmark as not shared (ignore PRIVATE=\"0\")."),
            BookmarkArguments.data,
        ],
        printsData: true
    )

    static func run(_ arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        guard let path = arguments.positional("file"), !path.isEmpty else { throw arguments.usageError("missing FILE") }
        var format: ImportFormat?
        if let name = arguments.option("format") {
            guard let named = ImportFormat(rawValue: name.lowercased()) else {
                throw arguments.usageError("unknown --format \(name); one of \(ImportFormat.names)")
            }
            format = named
        }
        let (text, isArchive) = try read(path, context: context)
        if format == nil, !isArchive, LibraryExport.recognises(Data(text.utf8.prefix(512))) {
            guard !arguments.flag("dry-run") else { throw CLIFailure("--dry-run reads other services' files; a Marks export is checked whole before anything is written anyway.") }
            return try await MarksExportImport.run(Data(text.utf8), path: path, arguments: arguments, context: context)
        }
        let chosen = format ?? (isArchive ? .omnivore : ImportFormat.detect(text))
        let library = try CompositionRoot.load(arguments, context: context).library()
        if arguments.flag("dry-run") {
            return try await dryRun(library, text, format: chosen, path: path, arguments: arguments, context: context)
        }
        let line = SyncCommand.ProgressLine(context: context)
        let report: ImportReport
        do {
            report = try await library.importFile(text, format: chosen, foldersAsTags: arguments.flag("folders-as-tags"),
                                                  mapPrivateFlag: !arguments.flag("unshared")) { done, total in
                line.show(total == 0 ? "Reading the file…" : done == 0 ? "Importing \(total) bookmarks…"
                          : done >= total ? "Saving \(total) bookmarks…" : "Importing \(done)/\(total)")
            }
        } catch let error as NetscapeError {
            line.finish()
            context.printError("marks: \(path): \(error.message) Nothing was imported.")
            return ExitCode.failure
        } catch let error as ImportFormatError {
            line.finish()
            context.printError("marks: \(path): \(error.message) Nothing was imported.")
            return ExitCode.failure
        } catch {
            line.finish()
            throw error
        }
        line.finish()
        if arguments.flag("json") {
            context.print(json(report, file: path, format: chosen).serialized)
        } else {
            let shown = report.problems.prefix(shownProblems)
            for problem in shown { context.printError((problem.line.map { "\(path):\($0): " } ?? "\(path): ") + problem.message.singleLine) }
            if report.problems.count > shown.count {
                context.printError("\(path): … and \(report.problems.count - shown.count) more problems (--json lists them all).")
            }
            let kind = chosen == .netscape ? "" : " (\(chosen.title))"
            context.print("Imported \(report.created + report.updated) bookmarks from \(path)\(kind): \(report.summary)")
        }
        return ExitCode.success
    }

    /// `--dry-run`: what the import would do, each entry on a line (`add`, `update`, `unchanged`, `skip` and why; in
    /// text mode up to `shownProblems` of each kind), then the counts; nothing changes.
    private static func dryRun(_ library: LibraryService, _ text: String, format: ImportFormat, path: String,
                               arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        let preview: ImportPreview
        do {
            preview = try await library.previewImport(text, format: format, foldersAsTags: arguments.flag("folders-as-tags"),
                                                      mapPrivateFlag: !arguments.flag("unshared"))
        } catch let error as NetscapeError {
            context.printError("marks: \(path): \(error.message)")
            return ExitCode.failure
        } catch let error as ImportFormatError {
            context.printError("marks: \(path): \(error.message)")
            return ExitCode.failure
        }
        let actions: [ImportPreview.Action] = [.add, .update, .unchanged, .skip]
        if arguments.flag("json") {
            context.print(JSONValue.object([
                ("file", .string(path)), ("format", .string(format.rawValue)), ("dry_run", .bool(true)),
                ("counts", .object(actions.map { ($0.rawValue, .int(preview.count($0))) })),
                ("highlights", .object([("add", .int(preview.highlights.added)), ("unchanged", .int(preview.highlights.unchanged))])),
                ("items", .array(preview.items.map { item in
                    .object([("action", .string(item.action.rawValue)), ("url", .optional(item.url)), ("title", .string(item.title)),
                             ("line", item.line.map(JSONValue.int) ?? .null), ("reason", .optional(item.reason))])
                })),
                ("notes", .array(preview.notes.map { note in
                    .object([("line", note.line.map(JSONValue.int) ?? .null), ("message", .string(note.message))])
                })),
            ]).serialized)
            return ExitCode.success
        }
        for action in actions {
            let items = preview.items.filter { $0.action == action }
            for item in items.prefix(shownProblems) {
                let place = item.line.map { "\(path):\($0): " } ?? ""
                let what = item.reason ?? ([item.url ?? "", item.title].filter { !$0.isEmpty }.joined(separator: " — "))
                context.print("\(action.rawValue) \(place)\(what.singleLine)")
            }
            if items.count > shownProblems {
                context.print("\(action.rawValue) … and \(items.count - shownProblems) more (--json lists them all)")
            }
        }
        for note in preview.notes.prefix(shownProblems) {
            context.printError((note.line.map { "\(path):\($0): " } ?? "\(path): ") + note.message.singleLine)
        }
        let highlights = preview.highlights.added + preview.highlights.unchanged > 0
            ? " Highlights: \(preview.highlights.added) to add, \(preview.highlights.unchanged) already there." : ""
        context.print("Dry run of \(path) (\(format.title)): \(preview.count(.add)) to add, \(preview.count(.update)) to update, \(preview.count(.unchanged)) unchanged, \(preview.count(.skip)) to skip.\(highlights) Nothing was changed.")
        return ExitCode.success
    }

    /// The file's text (invalid UTF-8 replaced, so a binary file reads as "not a bookmark file"); for a ZIP archive
    /// (Omnivore's export), the metadata it holds as one JSON array.
    private static func read(_ path: String, context: CLIContext) throws -> (text: String, isArchive: Bool) {
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
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw CLIFailure("Cannot read \(path): \(error.localizedDescription)")
        }
        guard OmnivoreArchive.isArchive(data) else { return (String(decoding: data, as: UTF8.self), false) }
        do {
            return (try OmnivoreArchive.metadataJSON(at: url), true)
        } catch {
            throw CLIFailure("\(path): \(error.message) Nothing was imported.")
        }
    }

    static func json(_ report: ImportReport, file: String, format: ImportFormat? = nil) -> JSONValue {
        .object([
            ("file", .string(file)), ("format", .string(format?.rawValue ?? "marks-export")), ("read", .int(report.read)), ("created", .int(report.created)),
            ("updated", .int(report.updated)), ("unchanged", .int(report.unchanged)), ("skipped", .int(report.skipped)),
            ("trimmed", .int(report.trimmed)), ("highlights_added", .int(report.highlights.added)),
            ("highlights_unchanged", .int(report.highlights.unchanged)),
            ("through_api", .bool(report.throughAPI)),
            ("problems", .array(report.problems.map { problem in
                .object([("line", problem.line.map(JSONValue.int) ?? .null), ("url", .optional(problem.url)),
                         ("message", .string(problem.message))])
            })),
        ])
    }
}
