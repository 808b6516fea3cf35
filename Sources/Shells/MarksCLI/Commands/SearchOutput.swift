import MarksCore
import MarksBookmarks
import MarksDocuments
import MarksReading

/// What `marks search` (keyword) prints: linkding's results, then the bookmarks found only by their archived page
/// text (with the words around each match), the highlights, then the sources. JSON: linkding's `count`, `next` and `results`, then
/// `pages`, `highlights` and (unless the search is scoped to bookmarks) `sources`.
struct SearchOutput {
    /// linkding's first page (its count and next link).
    var first: LibraryPage
    /// The bookmarks listed (every page with `--all`).
    var bookmarks: [Bookmark]
    /// The bookmarks found by their archived page text.
    var pages: [PageTextSearch.Match]
    /// The highlights whose quote or note holds every word.
    var highlights: [Highlight] = []
    /// The sources found; nil when the search is scoped to bookmarks.
    var sources: [DocumentSummary]?
    /// What was searched for.
    var query: String
    /// Whether every page was followed (no "n of m" line, no next link).
    var followedAll: Bool

    static func print(_ output: SearchOutput, json: Bool, context: CLIContext) {
        if json {
            guard case .object(var fields) = BookmarkOutput.listJSON(output.bookmarks, count: output.first.count,
                                                                     next: output.followedAll ? nil : output.first.next) else { return }
            fields.append(("pages", .array(output.pages.map(PageTextSearch.json))))
            fields.append(("highlights", .array(output.highlights.map(HighlightsCommand.jsonValue))))
            if let sources = output.sources { fields.append(("sources", .array(sources.map(SourceOutput.json)))) }
            context.print(JSONValue.object(fields).serialized)
            return
        }
        let sources = output.sources ?? []
        if output.bookmarks.isEmpty && output.pages.isEmpty && output.highlights.isEmpty && sources.isEmpty {
            context.print("No results for “\(output.query.singleLine)”.")
            return
        }
        output.bookmarks.forEach { context.print(BookmarkOutput.line($0)) }
        if !output.followedAll && output.first.count > output.bookmarks.count {
            context.print("(\(output.bookmarks.count) of \(output.first.count); \(ListCommand.moreHint))")
        }
        if !output.pages.isEmpty {
            context.print("In archived pages:")
            output.pages.flatMap(PageTextSearch.lines).forEach(context.print)
        }
        if !output.highlights.isEmpty {
            context.print("In highlights:")
            output.highlights.map(highlightLine).forEach(context.print)
        }
        sources.forEach { context.print("source " + SourceOutput.line($0)) }
    }

    /// A highlight found by the search: its bookmark's number (or "source 1a2b3c4d"), the quote and the note.
    /// (Written out with `if`: the same expression as one `map … ??` line crashed Swift 6.3.1's optimiser, CopyPropagation.)
    private static func highlightLine(_ highlight: Highlight) -> String {
        var line: String
        if let id = highlight.bookmarkID {
            line = String(id).padding(toLength: 7, withPad: " ", startingAt: 0)
        } else {
            line = HighlightsCommand.label(highlight) + "  "
        }
        line += "“" + highlight.quote.singleLine + "”"
        if let note = highlight.note { line += "  note: " + note.singleLine }
        return line
    }
}
