import MarksAssembly
import MarksCore
import MarksBookmarks

/// `marks collections`: the saved smart collections (the same as the web's Collections tab) — id, name, what the
/// members share, the members. With `--refresh`, or before the first ones exist, they are made again first from the
/// search index (brought current, vectors included, as a semantic search does).
enum CollectionsCommand: CLICommand {
    static let descriptor = CommandDescriptor(
        name: "collections",
        abstract: "List the smart collections that group your bookmarks by topic.",
        arguments: [.flag("refresh", help: "Make the collections again from the current library first."), BookmarkArguments.data],
        printsData: true
    )

    static func run(_ arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        let root = try CompositionRoot.load(arguments, context: context)
        let collections = try root.collectionRefresh()
        let neverMade = try collections.store.refreshedGeneration() == nil
        if arguments.flag("refresh") || neverMade {
            try await SemanticSearch.prepareIndex(root, context: context)
            _ = try await collections.refresh(force: arguments.flag("refresh"))
        }
        let saved = try collections.store.all()
        let library = try root.library()
        if arguments.flag("json") {
            var entries: [JSONValue] = []
            for collection in saved {
                let bookmarks = try await library.bookmarks(ids: collection.bookmarkIDs)
                entries.append(.object([
                    ("id", .int(collection.id)),
                    ("name", .string(collection.name)),
                    ("description", .string(collection.description)),
                    ("path", .string(collection.path)),
                    ("bookmark_ids", .array(bookmarks.map { JSONValue.int($0.id) })),
                    ("bookmarks", .array(bookmarks.map(BookmarkOutput.json))),
                ]))
            }
            context.print(JSONValue.object([("collections", .array(entries))]).serialized)
            return ExitCode.success
        }
        if saved.isEmpty {
            let indexed = try collections.indexedBookmarks()
            context.print(indexed < CollectionRefresh.minimumBookmarks
                ? "No collections yet: they appear once \(CollectionRefresh.minimumBookmarks) bookmarks are indexed (\(indexed) so far)."
                : "No collections yet: your bookmarks do not form groups of related pages.")
            return ExitCode.success
        }
        for (index, collection) in saved.enumerated() {
            if index > 0 { context.print("") }
            let bookmarks = try await library.bookmarks(ids: collection.bookmarkIDs)
            context.print("\(collection.name.singleLine) (\(bookmarks.count)) — \(collection.path)")
            context.print("  " + collection.description.singleLine)
            for bookmark in bookmarks {
                context.print("  " + BookmarkOutput.line(bookmark).trimmingCharacters(in: .whitespaces))
            }
        }
        return ExitCode.success
    }
}
