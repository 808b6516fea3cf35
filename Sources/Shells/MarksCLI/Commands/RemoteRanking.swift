import Foundation
import MarksAssembly
import MarksClients
import MarksCore
import MarksEngine
import MarksIndex
import MarksBookmarks

/// `marks search --semantic` with a remote Marks backend configured (the seeds' `semanticSearch(query:in:)`):
/// up to 200 bookmarks of the scope go to `/v1/marks/search` as titles, domains and summaries only — never notes or
/// page text — and come back ranked.
enum RemoteRanking {
    /// Bookmarks sent for ranking at most (BACKEND_API.md).
    static let maxItems = 200

    static func run(query: String, filter: SearchFilter, limit: Int, root: CompositionRoot, arguments: ParsedArguments,
                    context: CLIContext) async throws -> Int32 {
        guard let configuration = AppAPIClient.Configuration(config: root.config, dataDirectory: root.paths.dataDirectory,
                                                              appVersion: MarksCommandLine.version) else {
            throw CLIFailure("backend_url is not an http(s) address: \(root.config.backendURL ?? "")")
        }
        let library = try root.library()
        let page = try await library.load(LibraryFilter(unreadOnly: filter.unreadOnly, tag: filter.tag, archived: filter.archived,
                                                        limit: maxItems))
        let candidates = Array(page.bookmarks.prefix(maxItems))
        let items = candidates.map { RankItem(id: $0.id, title: $0.displayTitle, domain: $0.domain, summary: $0.aiSummary) }
        let ranked = items.isEmpty ? [] : try await AppAPIClient(configuration: configuration).rank(query: query, items: items)
        let byID = Dictionary(candidates.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let results = ranked.prefix(limit).compactMap { hit in byID[hit.id].map { (bookmark: $0, score: hit.score) } }
        if arguments.flag("json") {
            let rows = results.map { result -> JSONValue in
                guard case .object(var fields) = BookmarkOutput.json(result.bookmark) else { return .null }
                fields.append(("score", .double(result.score)))
                return .object(fields)
            }
            context.print(JSONValue.object([("count", .int(results.count)), ("mode", .string("semantic")),
                                            ("ranked_by", .string(configuration.baseURL.absoluteString)),
                                            ("results", .array(rows))]).serialized)
        } else if results.isEmpty {
            context.print("No results for “\(query.singleLine)”.")
        } else {
            results.forEach { context.print(BookmarkOutput.line($0.bookmark)) }
        }
        return ExitCode.success
    }
}
