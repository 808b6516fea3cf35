import Foundation
import MarksAssembly
import MarksCore
import MarksIndex
import MarksBookmarks
import SentenceEmbeddings

/// `marks index`: brings the local search index up to date with the library, then computes the missing
/// vectors with a progress bar; `--rebuild` starts from empty; `--evaluate` prints the retrieval quality table.
enum IndexCommand: CLICommand {
    static let descriptor = CommandDescriptor(
        name: "index",
        abstract: "Update the local search index (full text and vectors) from the library.",
        discussion: "Reads every bookmark (live and archived), removes ones that are gone, then embeds new or changed "
            + "texts; an interrupted run resumes. --evaluate measures keyword, vector and hybrid retrieval on labelled "
            + "texts from Debian packages (scripts/fetch-eval-data.sh).",
        arguments: [
            .flag("rebuild", help: "Clear the index and its vectors first, then rebuild everything."),
            .flag("no-sync", help: "Only embed what is pending; do not read the library."),
            .flag("evaluate", help: "Print recall@10 and MRR for keyword, vector and hybrid search, then exit."),
            .option("eval-data", value: "DIR", help: "Evaluation texts (default $XDG_CACHE_HOME/marks/eval)."),
            BookmarkArguments.data,
        ],
        printsData: true
    )

    static func run(_ arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        let root = try CompositionRoot.load(arguments, context: context)
        if arguments.flag("evaluate") { return try await evaluate(arguments, settings: root.settings, context: context) }
        if arguments.flag("rebuild") && arguments.flag("no-sync") {
            throw arguments.usageError("--rebuild reads the whole library again; it cannot be combined with --no-sync")
        }
        let index = try root.searchIndex()
        if arguments.flag("rebuild") {
            try index.clear()
            context.printError("Cleared the search index.")
        }
        var synced: IndexSyncResult?
        if !arguments.flag("no-sync") {
            let library = try root.libraryWithoutIndex()
            synced = try await index.sync(from: library, pages: root.pageTexts())
            if let synced {
                context.printError("Read \(synced.live) bookmarks and \(synced.archived) archived; removed \(synced.removed) gone from the library.")
            }
            let sources = try await root.sources().reindex()
            if sources > 0 { context.printError("Read \(sources) source\(sources == 1 ? "" : "s").") }
        }
        let pending = try index.statistics().pendingTexts
        var embedded = 0
        if pending > 0 {
            do {
                _ = try root.model.get()
            } catch IndexError.modelMissing(let message) {
                context.printError("marks: " + message)
                context.printError("The full-text index is up to date; \(pending) texts wait for vectors.")
                return ExitCode.failure
            }
            let printer = IndexProgressPrinter(context: context)
            embedded = try await root.indexer().run(progress: printer.report).done
        }
        try index.pruneVectors()
        let statistics = try index.statistics()
        if arguments.flag("json") {
            context.print(JSONValue.object([
                ("documents", .int(statistics.documents)), ("archived", .int(statistics.archived)),
                ("embedded", .int(embedded)), ("pending", .int(statistics.pendingTexts)),
                ("vectors", .int(statistics.storedVectors)), ("removed", .int(synced?.removed ?? 0)),
            ]).serialized)
        } else {
            context.print("Search index: \(statistics.documents) bookmarks (\(statistics.archived) archived), "
                + "\(embedded) texts embedded now, \(statistics.pendingTexts) pending.")
        }
        return ExitCode.success
    }

    private static func evaluate(_ arguments: ParsedArguments, settings: Settings, context: CLIContext) async throws -> Int32 {
        let directory = arguments.option("eval-data").map { URL(fileURLWithPath: $0, relativeTo: URL(fileURLWithPath: context.currentDirectory)) }
            ?? settings.paths.cacheDirectory.appendingPathComponent("eval")
        guard let embedder = try context.installedEmbedder() else { return ExitCode.failure }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("marks-index-eval-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { removeQuietly(scratch) }
        let lines = try await IndexQuality.run(evaluationDirectory: directory, scratchDirectory: scratch, embedder: embedder)
        lines.forEach(context.print)
        return ExitCode.success
    }

    private static func removeQuietly(_ url: URL) {
        do {
            try FileManager.default.removeItem(at: url)
        } catch {
            // A leftover scratch directory in the temp dir is harmless.
        }
    }
}
