import Foundation
import MarksAssembly
import MarksBookmarks
import MarksCore
import MarksReading
import SystemSupport

/// `marks highlights [ID]`: the highlights made in the reader (one bookmark's, or the library's newest first);
/// `marks highlights export [ID] [--output FILE]` writes them as Markdown notes with YAML front matter (Obsidian).
enum HighlightsCommand: CLICommand {
    static let id = ArgumentSpec.positional("id", required: false, help: "A bookmark's id (default: every bookmark).")
    static let descriptor = CommandDescriptor(
        name: "highlights",
        abstract: "List the highlights and notes made in the reader; export them as Markdown.",
        discussion: "Highlights are kept in Marks's own database for every bookmark source. Without ID the whole library's highlights are listed, newest first.",
        arguments: [id, BookmarkArguments.data],
        subcommands: [
            CommandDescriptor(
                name: "export", abstract: "Write highlights as Markdown with YAML front matter (title, url, tags, saved).",
                discussion: "With ID, one note for that bookmark; without, every bookmark's highlights — in one note, or one note per bookmark when --output names an existing directory. Without --output the Markdown goes to standard output.",
                arguments: [id, .option("output", short: "o", value: "FILE", help: "Where to write (a file, or a directory for one note per bookmark)."),
                            BookmarkArguments.data],
                printsData: true),
        ],
        printsData: true
    )

    static func run(_ arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        let bookmarkID = try arguments.positional("id").map { text in
            guard let id = Int(text), id > 0 else { throw arguments.usageError("ID must be a bookmark id, a positive whole number") }
            return id
        }
        let root = try CompositionRoot.load(arguments, context: context)
        let library = try root.library()
        let store = try root.highlights()
        let source = library.source.identity
        let found = try bookmarkID.map { try store.highlights(source: source, bookmarkID: $0) } ?? store.highlights(source: source)
        if arguments.commandPath.last == "export" {
            return try await export(found, bookmarkID: bookmarkID, library: library, arguments: arguments, context: context, now: root.context.now())
        }
        if arguments.flag("json") {
            context.print(JSONValue.array(found.map(jsonValue)).serialized)
        } else if found.isEmpty {
            context.print(bookmarkID.map { "Bookmark \($0) has no highlights." } ?? "No highlights yet. Select words in the reader (marks serve) to make one.")
        } else {
            for highlight in found {
                let quote = highlight.quote.singleLine
                context.print("\(highlight.id)".padding(toLength: 6, withPad: " ", startingAt: 0)
                              + "bookmark \(highlight.bookmarkID)  “\(quote.count > 120 ? String(quote.prefix(119)) + "…" : quote)”")
                if let note = highlight.note { context.print("      note: \(note.singleLine)") }
            }
        }
        return ExitCode.success
    }

    private static func export(_ found: [Highlight], bookmarkID: Int?, library: LibraryService, arguments: ParsedArguments,
                               context: CLIContext, now: Date) async throws -> Int32 {
        if found.isEmpty {
            throw CLIFailure(bookmarkID.map { "Bookmark \($0) has no highlights to export." } ?? "There are no highlights to export.")
        }
        // Bookmarks in the order of their newest highlight; each one's highlights in the order they were made.
        var order: [Int] = []
        var groups: [Int: [Highlight]] = [:]
        for highlight in found {
            if groups[highlight.bookmarkID] == nil { order.append(highlight.bookmarkID) }
            groups[highlight.bookmarkID, default: []].append(highlight)
        }
        let bookmarks = Dictionary(try await library.bookmarks(ids: order).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let sections = order.map { id in (bookmark: bookmarks[id], highlights: (groups[id] ?? []).sorted { $0.id < $1.id }) }
        let output = arguments.option("output").flatMap { $0 == "-" || $0.isEmpty ? nil : $0 }
        guard let output else {
            context.standardOutput(bookmarkID == nil ? HighlightMarkdown.collection(sections, exportedAt: now)
                                   : HighlightMarkdown.note(for: sections[0].bookmark, highlights: sections[0].highlights))
            return ExitCode.success
        }
        let url = URL(fileURLWithPath: output, relativeTo: URL(fileURLWithPath: context.currentDirectory, isDirectory: true))
        var isDirectory: ObjCBool = false
        var written: [String] = []
        if bookmarkID == nil, FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            for section in sections {
                let id = section.bookmark?.id ?? section.highlights[0].bookmarkID
                let file = url.appendingPathComponent(fileName(section.bookmark, id: id))
                try AtomicFile.write(Data(HighlightMarkdown.note(for: section.bookmark, highlights: section.highlights).utf8), to: file, mode: 0o600)
                written.append(file.path)
            }
        } else {
            let text = bookmarkID == nil ? HighlightMarkdown.collection(sections, exportedAt: now)
                : HighlightMarkdown.note(for: sections[0].bookmark, highlights: sections[0].highlights)
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

    /// A note's file name: the bookmark's id and title, kept to letters, digits and dashes.
    static func fileName(_ bookmark: Bookmark?, id: Int) -> String {
        let slug = NoteFileName.slug(bookmark?.displayTitle ?? "")
        return slug.isEmpty ? "\(id).md" : "\(id)-\(slug).md"
    }

    static func jsonValue(_ highlight: Highlight) -> JSONValue {
        .object([
            ("id", .int(highlight.id)), ("bookmark_id", .int(highlight.bookmarkID)), ("url", .string(highlight.url)),
            ("quote", .string(highlight.quote)), ("prefix", .string(highlight.anchor.prefix)), ("suffix", .string(highlight.anchor.suffix)),
            ("note", highlight.note.map(JSONValue.string) ?? .null),
            ("created_at", .string(LinkdingDate.format(highlight.createdAt))), ("updated_at", .string(LinkdingDate.format(highlight.updatedAt))),
        ])
    }
}
