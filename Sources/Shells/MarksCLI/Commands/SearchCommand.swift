import MarksAssembly
import MarksCore
import MarksIndex
import MarksBookmarks

/// `marks search QUERY`: linkding's query language (words, "phrases", #tags, !unread, and/or/not), then for plain
/// words the bookmarks whose archived page holds them (`PageTextSearch`), then the sources; `--semantic` searches
/// the local index by meaning and words (hybrid).
enum SearchCommand: CLICommand {
    static let descriptor = CommandDescriptor(
        name: "search",
        abstract: "Search bookmarks with linkding's query language.",
        discussion: "Words match title, description, notes and URL; \"a phrase\"; #tag; !unread; !untagged; and, or, not, ( ). "
            + "A search of plain words also lists, below, the bookmarks whose archived page text (marks archive-text) holds "
            + "every word, each with the words around the match. "
            + "With --semantic, the local index is searched by meaning and words together (needs the model: make model).",
        arguments: [
            .flag("semantic", help: "Search by meaning (hybrid: keywords and embeddings) in the local index."),
            .positional("query", repeating: true, help: "The search; several words are joined."),
            .flag("unread", help: "Only unread bookmarks."),
            .option("tag", value: "T", help: "Only bookmarks with this tag."),
            .flag("archived", help: "Search archived bookmarks."),
            .option("limit", short: "n", value: "N", help: "How many (default 100; 20 with --semantic)."),
            .flag("all", help: "Follow every page."),
            .flag("bookmarks-only", help: "Leave sources (marks source) out of the results."),
            BookmarkArguments.data,
        ],
        printsData: true
    )

    static func run(_ arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        let query = arguments.positionals("query").joined(separator: " ")
        guard !query.trimmingCharacters(in: .whitespaces).isEmpty else { throw arguments.usageError("QUERY is empty") }
        let limit = try arguments.intOption("limit", in: 1...100_000) ?? BookmarkListQuery.defaultLimit
        if arguments.flag("semantic") {
            if arguments.flag("all") { throw arguments.usageError("--all pages through linkding's results; use --limit with --semantic") }
            let withSources = !arguments.flag("bookmarks-only") && !arguments.flag("unread") && !arguments.flag("archived")
            let filter = SearchFilter(unreadOnly: arguments.flag("unread"), tag: arguments.option("tag"), archived: arguments.flag("archived"),
                                      sources: withSources ? .included : .excluded)
            let semanticLimit = arguments.option("limit") == nil ? 20 : min(limit, 1000)
            return try await SemanticSearch.run(query: query, filter: filter, limit: semanticLimit, arguments: arguments,
                                                context: context)
        }
        let filter = LibraryFilter(search: query, unreadOnly: arguments.flag("unread"), tag: arguments.option("tag"),
                                   archived: arguments.flag("archived"), limit: limit)
        let root = try CompositionRoot.load(arguments, context: context)
        let library = try root.library()
        let read = try await library.loadOrCopy(filter)
        OfflineNotice.print(read.offline, context: context)
        var page = read.value
        var bookmarks = page.bookmarks
        while arguments.flag("all"), let next = page.next {
            page = try await library.loadMore(next)
            bookmarks += page.bookmarks
        }
        let pageFilter = SearchFilter(unreadOnly: arguments.flag("unread"), tag: arguments.option("tag"), archived: arguments.flag("archived"))
        let pageLimit = arguments.option("limit") == nil ? PageTextSearch.defaultLimit : min(limit, 1000)
        let pages = try await PageTextSearch.matches(query, filter: pageFilter, excluding: Set(bookmarks.map(\.id)), limit: pageLimit,
                                                     refreshing: read.offline == nil, root: root, context: context)
        // Sources have no unread or archived state: a search scoped to those is a bookmark search.
        let scoped = arguments.flag("bookmarks-only") || arguments.flag("unread") || arguments.flag("archived")
        let sources = scoped ? nil : try SourceSearch.matches(query, tag: arguments.option("tag"), root: root, limit: min(limit, 100))
        var output = SearchOutput(first: read.value, bookmarks: bookmarks, pages: pages, sources: sources, query: query,
                                  followedAll: arguments.flag("all"))
        if let words = SearchQuery.plainWords(query), !arguments.flag("unread"), !arguments.flag("archived"), arguments.option("tag") == nil {
            output.highlights = try root.highlights().highlights(source: library.source.identity, matching: words, limit: pageLimit)
        }
        SearchOutput.print(output, json: arguments.flag("json"), context: context)
        return ExitCode.success
    }
}
