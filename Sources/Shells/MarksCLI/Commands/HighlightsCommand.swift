import Foundation
import MarksAssembly
import MarksBookmarks
import MarksCore
import MarksDocuments
import MarksReading
import SystemSupport

/// `marks highlights [ID]`: the highlights made in the reader or a source's text (one bookmark's or source's, or the
/// library's newest first); `marks highlights export [ID] [--output FILE]` writes them as Markdown notes with YAML
/// front matter (Obsidian).
enum HighlightsCommand: CLICommand {
    static let id = ArgumentSpec.positional("id", required: false, help: "A bookmark's id, or a source's id (default: every bookmark and source).")
    static let descriptor = CommandDescriptor(
        name: "highlights",
        abstract: "List the highlights and notes made in the reader and in sources' text; export them as Markdown.",
        discussion: "Highlights are kept in Marks's own database for every bookmark source, and for sources (documents). Without ID the whole library's highlights are listed, newest first.",
        arguments: [id, BookmarkArguments.data],
        subcommands: [
            CommandDescriptor(
                name: "export", abstract: "Write highlights as Markdown with YAML front matter (title, url, tags, saved).",
                discussion: "With ID, one note for that bookmark or source; without, every bookmark's and source's highlights — in one note, or one note each when --output names an existing directory. Without --output the Markdown goes to standard output.",
                arguments: [id, .option("output", short: "o", value: "FILE", help: "Where to write (a file, or a directory for one note per bookmark)."),
                            BookmarkArguments.data],
                printsData: true),
        ],
        printsData: true
    )

    /// What ID names: a bookmark (a number) or a source (its id, or a unique prefix of at least 4 characters).
    private enum Subject {
        case bookmark(Int)
        case document(DocumentSummary)

        var name: String {
            switch self {
            case .bookmark(let id): "Bookmark \(id)"
            case .document(let summary): "Source \(summary.shortID)"
            }
        }
    }

    /// The source whose id starts with `text`; nil when none does or several do (the text is then a bookmark id). Any
    /// other failure (the database) is thrown.
    private static func sourceNamed(_ text: String, _ root: CompositionRoot) throws -> DocumentSummary? {
        do {
            return try root.sources().resolve(text, includeDeleted: true)
        } catch DocumentError.notFound, DocumentError.ambiguous {
            return nil
        }
    }

    static func run(_ arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        let root = try CompositionRoot.load(arguments, context: context)
        let subject: Subject? = try arguments.positional("id").map { text in
            if let id = Int(text) {
                guard id > 0 else { throw arguments.usageError("ID must be a bookmark id (a positive whole number) or a source's id") }
                // A source's short id (its first 8 hexadecimal characters, as lists print it) is all digits about once in
                // 40: it names that source when one has it (an ambiguous or unknown prefix is a bookmark id).
                if text.count >= DocumentSummary.shortIDLength, let summary = try sourceNamed(text, root) {
                    return .document(summary)
                }
                return .bookmark(id)
            }
            guard text.count >= 4, text.allSatisfy({ $0.isHexDigit || $0 == "-" }) else {
                throw arguments.usageError("ID must be a bookmark id (a positive whole number) or a source's id (at least its first 4 characters)")
            }
            return .document(try root.sources().resolve(text, includeDeleted: true))
        }
        let library = try root.library()
        let store = try root.highlights()
        let source = library.source.identity
        let found: [Highlight]
        switch subject {
        case .bookmark(let id): found = try store.highlights(source: source, bookmarkID: id)
        case .document(let summary): found = try store.highlights(documentID: summary.id)
        case nil: found = try store.highlights(source: source)
        }
        if arguments.commandPath.last == "export" {
            return try await export(found, subject: subject, root: root, library: library, arguments: arguments, context: context,
                                    now: root.context.now())
        }
        if arguments.flag("json") {
            context.print(JSONValue.array(found.map(jsonValue)).serialized)
        } else if found.isEmpty {
            context.print(subject.map { "\($0.name) has no highlights." }
                          ?? "No highlights yet. Select words in the reader or a source's text (marks serve) to make one.")
        } else {
            for highlight in found {
                let quote = highlight.quote.singleLine
                context.print("\(highlight.id)".padding(toLength: 6, withPad: " ", startingAt: 0)
                              + "\(label(highlight))  “\(quote.count > 120 ? String(quote.prefix(119)) + "…" : quote)”")
                if let note = highlight.note { context.print("      note: \(note.singleLine)") }
            }
        }
        return ExitCode.success
    }

    /// What a highlight was made on, as a list line says it: "bookmark 12", "source 1a2b3c4d".
    static func label(_ highlight: Highlight) -> String {
        switch highlight.subject {
        case .bookmark(_, let id, _): "bookmark \(id)"
        case .document(let id): "source \(id.uuidString.lowercased().prefix(8))"
        }
    }

    private static func export(_ found: [Highlight], subject: Subject?, root: CompositionRoot, library: LibraryService,
                               arguments: ParsedArguments, context: CLIContext, now: Date) async throws -> Int32 {
        if found.isEmpty {
            throw CLIFailure(subject.map { "\($0.name) has no highlights to export." } ?? "There are no highlights to export.")
        }
        // Bookmarks and sources in the order of their newest highlight; each one's highlights in the order they were made.
        let bookmarks = Dictionary(try await library.bookmarks(ids: Array(Set(found.compactMap(\.bookmarkID)))).map { ($0.id, $0) },
                                   uniquingKeysWith: { first, _ in first })
        var documents: [UUID: DocumentSummary] = [:]
        if found.contains(where: { $0.documentID != nil }) {
            let sources = try root.sources()
            for summary in try sources.list() + sources.trash() { documents[summary.id] = summary }
        }
        let sections = HighlightMarkdown.sections(found, bookmarks: bookmarks, document: { id in
            documents[id].map { (title: $0.displayTitle, tags: $0.tags, saved: $0.createdAt) }
        })
        let output = arguments.option("output").flatMap { $0 == "-" || $0.isEmpty ? nil : $0 }
        guard let output else {
            context.standardOutput(subject == nil ? HighlightMarkdown.collection(sections, exportedAt: now) : HighlightMarkdown.note(sections[0]))
            return ExitCode.success
        }
        let url = URL(fileURLWithPath: output, relativeTo: URL(fileURLWithPath: context.currentDirectory, isDirectory: true))
        var isDirectory: ObjCBool = false
        var written: [String] = []
        if subject == nil, FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            for section in sections {
                let file = url.appendingPathComponent(fileName(section))
                try AtomicFile.write(Data(HighlightMarkdown.note(section).utf8), to: file, mode: 0o600)
                written.append(file.path)
            }
        } else {
            let text = subject == nil ? HighlightMarkdown.collection(sections, exportedAt: now) : HighlightMarkdown.note(sections[0])
            try AtomicFile.write(Data(text.utf8), to: url, mode: 0o600)
            written.append(url.path)
        }
        if arguments.flag("json") {
            context.print(JSONValue.object([("highlights", .int(found.count)), ("files", .array(written.map(JSONValue.string)))]).serialized)
        } else {
            context.print("Exported \(found.count) highlight\(found.count == 1 ? "" : "s") to \(written.count == 1 ? written[0] : "\(written.count) notes in \(output)").")
        }
        return ExitCode.success
    }

    /// A section's file name: a bookmark's id or "source-" and a source's short id, then the title's slug.
    static func fileName(_ section: HighlightMarkdown.Section) -> String {
        let id: String
        switch section.highlights.first?.subject {
        case .bookmark(_, let number, _): id = "\(number)"
        case .document(let document): id = "source-" + document.uuidString.lowercased().prefix(8)
        case nil: id = "highlights"
        }
        let slug = NoteFileName.slug(section.title)
        return slug.isEmpty ? "\(id).md" : "\(id)-\(slug).md"
    }

    static func jsonValue(_ highlight: Highlight) -> JSONValue {
        .object([
            ("id", .int(highlight.id)), ("bookmark_id", highlight.bookmarkID.map(JSONValue.int) ?? .null),
            ("document_id", highlight.documentID.map { JSONValue.string($0.uuidString.lowercased()) } ?? .null),
            ("url", highlight.url.map(JSONValue.string) ?? .null),
            ("quote", .string(highlight.quote)), ("prefix", .string(highlight.anchor.prefix)), ("suffix", .string(highlight.anchor.suffix)),
            ("note", highlight.note.map(JSONValue.string) ?? .null),
            ("created_at", .string(LinkdingDate.format(highlight.createdAt))), ("updated_at", .string(LinkdingDate.format(highlight.updatedAt))),
        ])
    }
}
