import Foundation
import MarksCore
import MarksLibrary
import MarksSources

/// The sources part of `marks search`: sources matching the words of the query (linkding's operators do not apply
/// to them; `#tag` words and `--tag` match their tags), printed after the bookmarks as `source` rows, or as
/// `sources` in the JSON.
enum SourceSearch {
    /// Sources matching the query's plain words (and its tags), best first.
    static func matches(_ query: String, tag: String?, root: CompositionRoot, limit: Int) throws -> [SourceSummary] {
        let tokens = query.split(whereSeparator: \.isWhitespace).map(String.init)
        let operators: Set<String> = ["and", "or", "not"]
        var tags = tokens.filter { $0.hasPrefix("#") && $0.count > 1 }.map { String($0.dropFirst()).lowercased() }
        if let tag { tags.append(tag.trimmingCharacters(in: CharacterSet(charactersIn: "# ")).lowercased()) }
        let words = tokens.filter { !$0.hasPrefix("#") && !$0.hasPrefix("!") && !operators.contains($0.lowercased()) }.joined(separator: " ")
        let library = try root.sources()
        let found: [SourceSummary]
        if SourceLibrary.words(words).isEmpty {
            guard !tags.isEmpty else { return [] }
            found = try library.list()
        } else {
            found = try library.search(words, limit: limit)
        }
        return Array(found.filter { source in tags.allSatisfy { tag in source.tags.contains { $0.lowercased() == tag } } }.prefix(limit))
    }

    /// The bookmark page (as `marks search` prints it), then the sources.
    static func printPages(library: LibraryService, first: LibraryPage, sources: [SourceSummary], query: String,
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
