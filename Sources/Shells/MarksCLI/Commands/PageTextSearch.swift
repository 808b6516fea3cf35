import Foundation
import MarksAssembly
import MarksCore
import MarksIndex

/// The archived-page part of `marks search` (issue 36 item 3), as the web's Search tab has it: for a query of plain
/// words, the bookmarks whose archived page text holds every word and that linkding's results do not list, each with
/// the words around the match. linkding's results come first (a match in the title or tags beats one deep in a page);
/// these are ranked by the index (`SearchIndex.textSearch`). The index is brought up to date first, without embedding
/// (an index never built is not built here: it holds no page text; `marks index` or a semantic search builds it).
enum PageTextSearch {
    /// A bookmark found by its archived page text, with the words around the match.
    struct Match {
        var bookmark: Bookmark
        var snippet: KeywordSnippet
    }

    /// Page matches listed when `--limit` is not given.
    static let defaultLimit = 20

    /// The page matches of `query` within `filter`, best first, at most `limit`, leaving out `shown`. A query that is
    /// not plain words (tags, `!unread`, or, not) or has no searchable word finds none. The search index failing is a
    /// `warning:` line, not a failed search: linkding's results stand. `refreshing`: read what changed in the library
    /// first (not when it is unreachable: the caller already said so).
    static func matches(_ query: String, filter: SearchFilter, excluding shown: Set<Int>, limit: Int, refreshing: Bool,
                        root: CompositionRoot, context: CLIContext) async throws -> [Match] {
        guard let words = SearchQuery.plainWords(query), limit > 0 else { return [] }
        do {
            try await SemanticSearch.prepareIndex(root, context: context, embedding: false, refreshing: refreshing, building: false)
            let request = SearchRequest(text: words, mode: .keyword, filter: filter, limit: min(1000, limit + shown.count), everyWord: true,
                                        pagesOnly: true)
            let found = try await root.searchService().search(request).compactMap { result -> Match? in
                guard let snippet = result.hit.snippet, snippet.place == .page, !shown.contains(result.document.id) else { return nil }
                return Match(bookmark: result.document.bookmark, snippet: snippet)
            }
            return Array(found.prefix(limit))
        } catch IndexError.emptyQuery {
            return []  // only stop words or punctuation: nothing to look for in page text
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            context.printError("warning: archived page texts were not searched: \(CLIErrorMessage.describe(error))")
            return []
        }
    }

    /// The JSON of a match: the bookmark's fields, `snippet` (the words around the match) and `matched` (the words
    /// that matched, as the page has them).
    static func json(_ match: Match) -> JSONValue {
        guard case .object(var fields) = BookmarkOutput.json(match.bookmark) else { return BookmarkOutput.json(match.bookmark) }
        fields.append(("snippet", .string(match.snippet.plainText)))
        fields.append(("matched", .array(match.snippet.runs.filter(\.matched).map { .string($0.text) })))
        return .object(fields)
    }

    /// The lines of a match: the bookmark's line, then the snippet indented, each matched word between « and ».
    static func lines(_ match: Match) -> [String] {
        let snippet = match.snippet.runs.map { $0.matched ? "«" + $0.text + "»" : $0.text }.joined()
        return [BookmarkOutput.line(match.bookmark), "         " + snippet.singleLine]
    }
}
