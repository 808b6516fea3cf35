import Foundation
import MarksAssembly
import MarksCore
import MarksBookmarks
import MarksReading
import SystemSupport

/// `marks export [FILE] [--format html|json|markdown]`: every bookmark, archived ones included — as a Netscape
/// bookmark file in linkding's format (the default), as Marks' own JSON (everything Marks keeps: AI summaries,
/// highlights, archived page text, reading progress and the sources too; `marks import` reads it back), or as Markdown notes, one per bookmark, into a folder or a ZIP.
/// Files are written atomically (a reader never sees half a file); JSON and HTML go to standard output without FILE.
enum ExportCommand: CLICommand {
    static let descriptor = CommandDescriptor(
        name: "export",
        abstract: "Export every bookmark (archived too): a bookmark file (HTML), Marks' own JSON, or Markdown notes.",
        discussion: """
            html (the default): linkding's format, for linkding, a browser or marks import; tags, dates, unread, shared, notes and the archived state are kept. \
            json: everything Marks keeps — each bookmark with its AI summary and tags, its highlights and their notes, its archived page text (--without-text leaves it out) and where its reading stopped, then the sources (pasted text and files, with their originals and highlights); marks import FILE restores it, and importing it twice changes nothing. Podcast episodes are not in it: they are made again from the text. \
            markdown: one note per bookmark with YAML front matter (Obsidian-friendly) into a folder (FILE), or into a ZIP when FILE ends in .zip; --with-text adds each page's archived text. \
            Without FILE (or with -) html and json go to standard output.
            """,
        arguments: [
            .positional("file", required: false, help: "Where to write (default: standard output); for markdown a folder or a .zip."),
            .option("output", short: "o", value: "FILE", help: "The same as FILE."),
            .option("format", value: "FORMAT", help: "html (default), json or markdown."),
            .flag("with-text", help: "markdown: add each bookmark's archived page text to its note."),
            .flag("without-text", help: "json: leave the archived page texts out (a smaller file; the pages are fetched again after an import)."),
            BookmarkArguments.data,
        ],
        printsData: true
    )

    static func run(_ arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        let given = arguments.option("output") ?? arguments.positional("file")
        let path = given.flatMap { $0 == "-" || $0.isEmpty ? nil : $0 }
        let format = arguments.option("format") ?? "html"
        guard ["html", "json", "markdown"].contains(format) else {
            throw arguments.usageError("--format must be html, json or markdown, not \(format)")
        }
        if arguments.flag("with-text") && format != "markdown" { throw arguments.usageError("--with-text goes with --format markdown") }
        if arguments.flag("without-text") && format != "json" { throw arguments.usageError("--without-text goes with --format json") }
        let pageText = !arguments.flag("without-text")
        if path == nil && format == "markdown" { throw arguments.usageError("--format markdown writes a folder or a .zip: give FILE or --output") }
        if path == nil && arguments.flag("json") {
            throw arguments.usageError("--json prints a summary of an export to FILE; without FILE the export itself goes to standard output")
        }
        let root = try CompositionRoot.load(arguments, context: context)
        guard format != "html" else { return try await html(path, arguments: arguments, library: try root.library(), context: context) }
        let export = try root.libraryExport()
        guard let path else {
            try await export.writeJSON(pageText: pageText) { context.standardOutput(String(decoding: $0, as: UTF8.self)) }
            return ExitCode.success
        }
        let url = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: context.currentDirectory, isDirectory: true))
        let line = SyncCommand.ProgressLine(context: context)
        let progress: @Sendable (Int, Int) -> Void = { done, total in line.show("Exporting \(done)/\(total)") }
        let count: Int
        do {
            // One file, written as it is made and put in place only when whole.
            if format == "json" {
                count = try await AtomicFile.write(to: url, mode: 0o600) { write in try await export.writeJSON(pageText: pageText, progress: progress, to: write) }
            } else if url.pathExtension.lowercased() == "zip" {
                count = try await AtomicFile.write(to: url, mode: 0o600) { write in
                    try await export.writeMarkdownZip(withText: arguments.flag("with-text"), progress: progress, to: write)
                }
            } else {
                count = try await folder(url, export: export, withText: arguments.flag("with-text"), progress: progress)
            }
        } catch {
            line.finish()
            throw error
        }
        line.finish()
        report(count, format == "markdown" ? "notes" : "bookmarks", url: url, path: path, arguments: arguments, context: context)
        return ExitCode.success
    }

    /// The Netscape bookmark file, as before.
    private static func html(_ path: String?, arguments: ParsedArguments, library: LibraryService, context: CLIContext) async throws -> Int32 {
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
        report(exported.count, "bookmarks", url: url, path: path, arguments: arguments, context: context)
        return ExitCode.success
    }

    /// One note per bookmark into `url` (made when missing), each written atomically; a note of the same bookmark
    /// from an earlier export is replaced (the names are stable).
    private static func folder(_ url: URL, export: LibraryExport, withText: Bool, progress: @escaping @Sendable (Int, Int) -> Void) async throws -> Int {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw CLIFailure("\(url.path) is a file; --format markdown writes into a folder, or into a ZIP when the name ends in .zip.")
        }
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw CLIFailure("Cannot make the folder \(url.path): \(error.localizedDescription)")
        }
        // Each note whole or not at all; the file system synced once at the end, not twice a note (100,000 notes).
        let count = try await export.writeMarkdown(withText: withText, progress: progress) { name, contents in
            try AtomicFile.write(contents, to: url.appendingPathComponent(name), mode: 0o600, durable: false)
        }
        AtomicFile.syncFileSystems()
        return count
    }

    private static func report(_ count: Int, _ noun: String, url: URL, path: String, arguments: ParsedArguments, context: CLIContext) {
        if arguments.flag("json") {
            context.print(JSONValue.object([("exported", .int(count)), ("file", .string(url.path))]).serialized)
        } else {
            context.print("Exported \(count) \(noun) to \(path).")
        }
    }
}
