import MarksAssembly
import MarksCore
import MarksBookmarks

/// `marks add URL`: saves a bookmark; an existing URL is updated, never duplicated or overwritten.
enum AddCommand: CLICommand {
    static let descriptor = CommandDescriptor(
        name: "add",
        abstract: "Save a bookmark (an existing URL is updated, not duplicated).",
        arguments: [
            .positional("url", help: "The http(s) address to save."),
            .option("title", value: "TEXT", help: "Title (default: the page's)."),
            .option("notes", value: "TEXT", help: "Notes (Markdown)."),
            .option("description", value: "TEXT", help: "Description."),
            .option("tags", value: "a,b", help: "Comma-separated tags."),
            .flag("unread", help: "Save as unread (read later): the default unless Settings → Reading says otherwise."),
            .flag("read", help: "Save as read."),
            .flag("shared", help: "Share it."),
            .flag("no-enrich", help: "Do not add an AI summary and tags after saving."),
            BookmarkArguments.data,
        ],
        printsData: true
    )

    static func run(_ arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        guard let url = arguments.positional("url") else { throw arguments.usageError("missing URL") }
        if arguments.flag("read") && arguments.flag("unread") { throw arguments.usageError("--read and --unread contradict each other") }
        let root = try CompositionRoot.load(arguments, context: context)
        // The web app's reading preference (Settings → Reading) decides when neither flag is given.
        let unread = arguments.flag("unread") || (!arguments.flag("read") && root.readingPreferences().newSavesUnread)
        let request = AddBookmarkRequest(
            url: url, title: arguments.option("title") ?? "", notes: arguments.option("notes") ?? "",
            description: arguments.option("description") ?? "", tags: BookmarkArguments.tags(arguments) ?? [],
            unread: unread, shared: arguments.flag("shared"))
        let library = try root.library()
        let result = try await library.add(request)
        let enriches = !arguments.flag("no-enrich")
        if arguments.flag("json") {
            // The save is reported with the enrichment's outcome (or why there is none), as one JSON object.
            var bookmark = result.bookmark
            var extra: [(String, JSONValue)] = []
            if enriches {
                let outcome = await awaitEnrichment(result.bookmark.id, root: root, context: context)
                if case .enriched(let enriched) = outcome { bookmark = enriched.bookmark }
                if let warning = outcome.warning(id: result.bookmark.id) { context.printError(warning) }
                extra.append(("enrichment", outcome.json))
            }
            guard case .object(let fields) = BookmarkOutput.json(bookmark) else { return ExitCode.success }
            context.print(JSONValue.object(fields + extra).serialized)
        } else {
            context.print((result.existed ? "Updated " : "Saved ") + BookmarkOutput.line(result.bookmark).trimmingCharacters(in: .whitespaces))
            if enriches {
                let outcome = await awaitEnrichment(result.bookmark.id, root: root, context: context)
                if case .enriched(let enriched) = outcome { EnrichmentOutput.lines(enriched).forEach(context.print) }
                if let warning = outcome.warning(id: result.bookmark.id) { context.printError(warning) }
            }
        }
        return ExitCode.success
    }
}
