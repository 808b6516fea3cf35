import Foundation
import MarksAssembly
import MarksCore
import MarksDocuments

/// `marks source add|import|list|show|edit|open|delete|restore|trash|purge|search`: pasted text, PDFs and files kept beside
/// the bookmarks (issue 12). IDs are the uuid or any unique prefix of it (lists show 8 characters).
enum SourceCommand: CLICommand {
    static let id = ArgumentSpec.positional("id", help: "The source's id (or a unique prefix of it; see marks source list).")
    static let tags = ArgumentSpec.option("tags", value: "a,b", help: "Tags, comma-separated.")

    static let descriptor = CommandDescriptor(
        name: "source",
        abstract: "Keep pasted text, PDFs and files beside the bookmarks; search, edit and open them.",
        discussion: "Sources are searched by marks search (and --semantic) unless --bookmarks-only. PDF text comes from pdftotext "
            + "(poppler-utils) or mutool (mupdf-tools); the original is kept unchanged under the data directory.",
        subcommands: [
            CommandDescriptor(name: "add", abstract: "Add typed or pasted text (TEXT, or - for standard input).",
                              arguments: [.positional("text", required: false, repeating: true, help: "The text, or - to read standard input."),
                                          .option("title", value: "T", help: "A title (default: the first line)."), tags, BookmarkArguments.data],
                              printsData: true),
            CommandDescriptor(name: "import", abstract: "Import files: PDFs, text, Markdown, HTML or any data.",
                              arguments: [.positional("file", repeating: true, help: "Files to import."), tags,
                                          .flag("no-ocr", help: "Do not read image-only PDF pages with OCR (tesseract)."), BookmarkArguments.data],
                              printsData: true),
            CommandDescriptor(name: "list", abstract: "List sources, newest first.", arguments: [BookmarkArguments.data], printsData: true),
            CommandDescriptor(name: "show", abstract: "Show a source and its text.", arguments: [id, BookmarkArguments.data], printsData: true),
            CommandDescriptor(name: "edit", abstract: "Change a source's title, tags or text (never its original).",
                              arguments: [id, .option("title", value: "T", help: "The new title."), tags,
                                          .option("body-file", value: "F", help: "A file with the new text (- for standard input)."),
                                          BookmarkArguments.data], printsData: true),
            CommandDescriptor(name: "open", abstract: "Open a source's original file.",
                              arguments: [id, .flag("print", help: "Print the file's path instead of opening it."), BookmarkArguments.data],
                              printsData: true),
            CommandDescriptor(name: "delete", abstract: "Move a source to the trash (marks source restore ID brings it back).",
                              arguments: [id, BookmarkArguments.data], printsData: true),
            CommandDescriptor(name: "restore", abstract: "Bring a deleted source back.", arguments: [id, BookmarkArguments.data], printsData: true),
            CommandDescriptor(name: "trash", abstract: "List deleted sources (purged for good after 30 days, with their files).",
                              arguments: [BookmarkArguments.data], printsData: true),
            CommandDescriptor(name: "purge", abstract: "Delete a trashed source and its file for good (--all: every one).",
                              arguments: [.positional("id", required: false, help: "The trashed source's id (or a unique prefix of it)."),
                                          .flag("all", help: "Purge every trashed source."), BookmarkArguments.data],
                              printsData: true),
            CommandDescriptor(name: "search", abstract: "Search sources by title, text, tags and filename.",
                              arguments: [.positional("query", repeating: true, help: "Words; every one must match."), BookmarkArguments.data],
                              printsData: true),
        ]
    )

    static func run(_ arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        let library = try CompositionRoot.load(arguments, context: context).sources()
        let json = arguments.flag("json")
        switch arguments.commandPath.last {
        case "add":
            let words = arguments.positionals("text")
            let text: String
            if words == ["-"] || words.isEmpty {
                guard words == ["-"] || !context.isTerminal else { throw arguments.usageError("give TEXT, or - to read standard input") }
                text = String(decoding: try FileHandle.standardInput.read(upToCount: library.limits.maximumTextBytes + 1) ?? Data(), as: UTF8.self)
            } else {
                text = words.joined(separator: " ")
            }
            let added = try await library.addText(text, title: arguments.option("title"), tags: BookmarkArguments.tags(arguments) ?? [])
            printAddition(added, context: context, json: json)
        case "import":
            let files = arguments.positionals("file")
            guard !files.isEmpty else { throw arguments.usageError("missing FILE") }
            guard files.count <= library.limits.maximumFilesPerUpload else { throw DocumentError.tooManyFiles(limit: library.limits.maximumFilesPerUpload) }
            var results: [JSONValue] = []
            var failed = 0
            for (offset, file) in files.enumerated() {
                let url = URL(fileURLWithPath: file, relativeTo: URL(fileURLWithPath: context.currentDirectory, isDirectory: true))
                if files.count > 1 && !json { context.printError("[\(offset + 1)/\(files.count)] \(file)") }
                do {
                    var added = try await library.importFile(at: url, tags: BookmarkArguments.tags(arguments) ?? [])
                    if case .added(let source) = added, !arguments.flag("no-ocr"), !library.pagesForOCR(source).isEmpty {
                        let recognized = try await library.recognize(id: source.summary.id) { done, total in
                            if !json { context.printError("OCR: page \(done) of \(total)") }
                        }
                        added = .added(recognized)
                    }
                    if json { results.append(additionJSON(added)) } else { printAddition(added, context: context, json: false) }
                } catch let error as DocumentError {
                    failed += 1
                    if json { results.append(.object([("file", .string(file)), ("error", .string(error.description))])) }
                    else { context.printError("marks: \(file): \(error.description)") }
                }
            }
            if json { context.print(JSONValue.array(results).serialized) }
            return failed == 0 ? ExitCode.success : ExitCode.failure
        case "list":
            let all = try library.list()
            if json { context.print(JSONValue.array(all.map(SourceOutput.json)).serialized) }
            else if all.isEmpty { context.print("No sources yet: marks source add TEXT, or marks source import FILE.") }
            else { all.forEach { context.print(SourceOutput.line($0)) } }
        case "show":
            let source = try library.source(id: try resolve(arguments, library).id)
            context.print(json ? SourceOutput.json(source).serialized : SourceOutput.detail(source))
        case "edit":
            let id = try resolve(arguments, library).id
            var body: String?
            if let file = arguments.option("body-file") {
                let data = file == "-" ? try FileHandle.standardInput.readToEnd() ?? Data()
                    : try readFile(file, context: context)
                body = String(decoding: data, as: UTF8.self)
            }
            let update = DocumentUpdate(title: arguments.option("title"), tags: BookmarkArguments.tags(arguments), body: body)
            guard update != DocumentUpdate() else { throw arguments.usageError("nothing to change: give --title, --tags or --body-file") }
            let edited = try await library.update(id: id, update)
            context.print(json ? SourceOutput.json(edited.summary).serialized : "Updated " + SourceOutput.line(edited.summary))
        case "open":
            let summary = try resolve(arguments, library)
            guard let file = try library.originalFile(id: summary.id) else {
                throw CLIFailure("\(summary.shortID) is pasted text and has no original file; marks source show \(summary.shortID) prints it.")
            }
            if json { context.print(JSONValue.object([("path", .string(file.path))]).serialized); return ExitCode.success }
            if arguments.flag("print") { context.print(file.path); return ExitCode.success }
            return try OpenCommand.launch(file.absoluteString, context: context)
        case "delete":
            let deleted = try await library.delete(id: try resolve(arguments, library).id)
            context.print(json ? JSONValue.object([("id", .string(deleted.id.uuidString.lowercased())), ("status", .string("deleted"))]).serialized
                          : "Deleted \(deleted.shortID) “\(deleted.displayTitle.singleLine)”; marks source restore \(deleted.shortID) brings it back.")
        case "restore":
            let restored = try await library.restore(id: try library.resolve(arguments.positional("id") ?? "", includeDeleted: true).id)
            context.print(json ? SourceOutput.json(restored.summary).serialized : "Restored " + SourceOutput.line(restored.summary))
        case "trash":
            let trashed = try library.trash()
            if json { context.print(JSONValue.array(trashed.map(SourceOutput.json)).serialized) }
            else if trashed.isEmpty { context.print("The sources' trash is empty.") }
            else {
                for source in trashed {
                    context.print(SourceOutput.line(source) + (source.deletedAt.map { "  deleted " + LinkdingDate.format($0) } ?? ""))
                }
            }
        case "purge":
            let all = arguments.flag("all")
            let text = arguments.positional("id")
            guard all != (text != nil) else { throw arguments.usageError("give a trashed source's ID, or --all") }
            if all {
                let purged = try await library.emptyTrash()
                context.print(json ? JSONValue.object([("purged", .int(purged))]).serialized
                              : "Deleted \(purged) trashed source\(purged == 1 ? "" : "s") for good.")
            } else {
                let summary = try library.resolve(text ?? "", includeDeleted: true)
                guard summary.deletedAt != nil else {
                    throw CLIFailure("\(summary.shortID) is not in the trash; marks source delete \(summary.shortID) moves it there first.")
                }
                try await library.purge(id: summary.id)
                context.print(json ? JSONValue.object([("id", .string(summary.id.uuidString.lowercased())), ("status", .string("purged"))]).serialized
                              : "Deleted \(summary.shortID) “\(summary.displayTitle.singleLine)” and its file for good.")
            }
        case "search":
            let query = arguments.positionals("query").joined(separator: " ")
            guard !query.trimmingCharacters(in: .whitespaces).isEmpty else { throw arguments.usageError("QUERY is empty") }
            let found = try library.search(query)
            if json { context.print(JSONValue.array(found.map(SourceOutput.json)).serialized) }
            else if found.isEmpty { context.print("No sources match “\(query.singleLine)”.") }
            else { found.forEach { context.print(SourceOutput.line($0)) } }
        default:
            throw arguments.usageError("give a subcommand: add, import, list, show, edit, open, delete, restore, trash, purge or search")
        }
        return ExitCode.success
    }

    private static func resolve(_ arguments: ParsedArguments, _ library: DocumentLibrary) throws -> DocumentSummary {
        guard let text = arguments.positional("id") else { throw arguments.usageError("missing ID") }
        return try library.resolve(text)
    }

    private static func readFile(_ path: String, context: CLIContext) throws -> Data {
        let url = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: context.currentDirectory, isDirectory: true))
        do {
            return try Data(contentsOf: url)
        } catch {
            throw CLIFailure("Could not read \(path): \(error.localizedDescription)")
        }
    }

    private static func printAddition(_ addition: DocumentAddition, context: CLIContext, json: Bool) {
        if json { context.print(additionJSON(addition).serialized); return }
        switch addition {
        case .added(let source):
            context.print("Added " + SourceOutput.line(source.summary))
            if let note = source.summary.extractionNote { context.printError("note: \(note)") }
        case .duplicate(let existing):
            context.print("Already kept: " + SourceOutput.line(existing))
        }
    }

    private static func additionJSON(_ addition: DocumentAddition) -> JSONValue {
        guard case .object(var fields) = SourceOutput.json(addition.summary) else { return SourceOutput.json(addition.summary) }
        if case .duplicate = addition { fields.append(("status", .string("duplicate"))) } else { fields.append(("status", .string("added"))) }
        return .object(fields)
    }
}
