import Foundation
import MarksAssembly
import MarksCore
import MarksBookmarks
import MarksDocuments

/// The sources part of `marks search`: sources matching the words of the query (linkding's operators do not apply
/// to them; `#tag` words and `--tag` match their tags), printed after the bookmarks as `source` rows, or as
/// `sources` in the JSON.
enum SourceSearch {
    /// Sources matching the query's plain words (and its tags), best first.
    static func matches(_ query: String, tag: String?, root: CompositionRoot, limit: Int) throws -> [DocumentSummary] {
        try root.sources().matches(query, tag: tag, limit: limit)
    }

    /// The bookmark page (as `marks search` prints it), then the sources.
    static func printPages(library: LibraryService, first: LibraryPage, sources: [DocumentSummary], query: String,
                           arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        var page = first
        var all = page.bookmarks
        while arguments.flag("all"), let next = page.next {
            page = try await library.loadMore(next)
            all += page.bookmarks
        }
        if arguments.flag("json") {
            var value = BookmarkOutput.listJSON(all, count: first.count, next: arguments.flag("all") ? nil : first.next)
            if case .object(var fields) = value {
                fields.append(("sources", .array(sources.map(SourceOutput.json))))
                value = .object(fields)
            }
            context.print(value.serialized)
            return ExitCode.success
        }
        if all.isEmpty && sources.isEmpty {
            context.print("No results for “\(query.singleLine)”.")
            return ExitCode.success
        }
        all.forEach { context.print(BookmarkOutput.line($0)) }
        if !arguments.flag("all") && first.count > all.count {
            context.print("(\(all.count) of \(first.count); \(ListCommand.moreHint))")
        }
        sources.forEach { context.print("source " + SourceOutput.line($0)) }
        return ExitCode.success
    }
}
