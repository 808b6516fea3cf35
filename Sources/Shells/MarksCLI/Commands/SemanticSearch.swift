import Foundation
import MarksAssembly
import MarksCore
import MarksIndex
import MarksBookmarks

/// `marks search --semantic`: hybrid search over the local index (BM25 and vectors, fused). Builds the index
/// on first use and embeds a few pending texts first, so recent saves are found by meaning too.
enum SemanticSearch {
    /// Pending texts embedded before searching; more than this is `marks index`'s job.
    static let catchUpLimit = 500

    static func run(query: String, filter: SearchFilter, limit: Int, arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        let root = try CompositionRoot.load(arguments, context: context)
        if root.config.backendURL != nil {
            return try await RemoteRanking.run(query: query, filter: filter, limit: limit, root: root,
                                               arguments: arguments, context: context)
        }
        do {
            _ = try root.model.get()
        } catch IndexError.modelMissing(let message) {
            context.printError("marks: " + message)
            return ExitCode.failure
        }
        try await prepareIndex(root, context: context)
        let results = try await root.searchService()
            .search(SearchRequest(text: query, mode: .semantic, filter: filter, limit: limit))
        if arguments.flag("json") {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
            let body = String(decoding: try encoder.encode(results), as: UTF8.self)
            context.print("{\"count\":\(results.count),\"mode\":\"semantic\",\"results\":\(body)}")
        } else if results.isEmpty {
            context.print("No results for “\(query.singleLine)”.")
        } else {
            for result in results {
                let line = result.document.isSource ? sourceLine(result.document) : BookmarkOutput.line(result.document.bookmark)
                context.print(line + "  (" + result.legNames.joined(separator: "+") + ")")
            }
        }
        return ExitCode.success
    }

    /// Brings the local index up to date enough to search: builds it on first use (unless `building` is false: an
    /// index never built holds no page text either), reads what changed (unless `refreshing` is false), embeds a few
    /// pending texts (with the model and `embedding`; without them the index is searched by words). `marks ask` calls
    /// it too; `marks search`'s keyword mode neither builds nor embeds.
    static func prepareIndex(_ root: CompositionRoot, context: CLIContext, embedding: Bool = true, refreshing: Bool = true,
                             building: Bool = true) async throws {
        let index = try root.searchIndex()
        if try index.statistics().documents == 0 {
            guard building else { return }
            context.printError("Building the search index (first use; `marks index` keeps it current)…")
            _ = try await index.sync(from: try root.libraryWithoutIndex(), pages: root.pageTexts())
        } else if let reason = try catchUpReason(index) {
            context.printError(reason)
            do {
                _ = try await index.sync(from: try root.libraryWithoutIndex(), pages: root.pageTexts())
            } catch let error where LibraryService.isUnavailable(error) {
                context.printError("offline — searching the local index as it is. \(CLIErrorMessage.describe(error))")
            }
        } else if refreshing {
            try await refresh(root, context: context)
        }
        guard embedding else { return }
        let pending = try index.statistics().pendingTexts
        guard pending > 0 else { return }
        do {
            _ = try root.model.get()
        } catch IndexError.modelMissing {
            return  // no model: the index is searched by its words, and the caller says so
        }
        let printer = IndexProgressPrinter(context: context)
        try await root.indexer().run(limit: catchUpLimit, progress: printer.report)
        if pending > catchUpLimit {
            context.printError("note: \(pending - catchUpLimit) bookmarks have no vector yet and are found by their words only; run `marks index`.")
        }
    }

    /// Why every bookmark must be read into the index once more, or nil: a large import or sync left it behind
    /// (`IndexCatchUp`).
    private static func catchUpReason(_ index: SearchIndex) throws -> String? {
        if try index.isBehind {
            return "Reading the bookmarks of a large import or sync into the search index (once; marks serve does it in the background)…"
        }
        return nil
    }

    /// A source found in the index: `source 1a2b3c4d  Title  (file.pdf)  #tags`.
    static func sourceLine(_ document: IndexedDocument) -> String {
        let short = String(document.url.dropFirst("marks-source://".count).prefix(8))
        var text = "source " + short + "  " + document.displayTitle.singleLine
        if !document.domain.isEmpty { text += "  (" + document.domain.singleLine + ")" }
        if !document.tagNames.isEmpty { text += "  " + document.tagNames.map { "#" + $0 }.joined(separator: " ") }
        return text
    }

    /// Brings the index up to the server's state first: an incremental sync of the library, whose observers write
    /// what changed (new, edited, deleted bookmarks) into the index. With the server unreachable the index is
    /// searched as it is, and the command says so.
    private static func refresh(_ root: CompositionRoot, context: CLIContext) async throws {
        do {
            OfflineNotice.print(try await root.library().refresh(), context: context)
        } catch let error where LibraryService.isUnavailable(error) {
            context.printError("offline — searching the local index as it is. \(CLIErrorMessage.describe(error))")
        }
    }
}
