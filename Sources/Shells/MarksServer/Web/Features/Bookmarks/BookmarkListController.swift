import Foundation
import HTTPServer
import MarksCore
import MarksBookmarks
import MarksDocuments
import MarksIndex
import MarksReading

/// The list pages: Bookmarks (and a tag's bookmarks), the "Load more" fragments, Tags (`+Tags`), bundles
/// (`+Bundles`) and Search.
struct BookmarkListController: WebFeature {
    /// Search by meaning: query, unread only, tag → bookmarks, best first.
    typealias SemanticSearch = @Sendable (_ query: String, _ unreadOnly: Bool, _ tag: String?) async throws -> [Bookmark]

    let web: WebContext
    /// Search by meaning when this server has it (decided once: the Search page shows its switch only then).
    let semanticSearch: SemanticSearch?
    /// A keyword search's words in the archived pages (nil: the server has no search index).
    let pageTextSearch: (@Sendable (_ words: String, _ filter: SearchFilter) async throws -> [SearchResult])?
    /// The documents a search finds (query, tag), best first (none without a documents library).
    let findSources: @Sendable (_ query: String, _ tag: String?) -> [DocumentSummary]
    /// The home cards (nil without widget files).
    let homeCards: @Sendable () -> HomeCardsView?
    /// How far the vectors being computed now are (nil: none): a semantic search says how much it has read yet.
    var semanticReading: @Sendable () -> IndexProgress? = { nil }
    /// The highlights whose quote or note holds every one of the words (none where this server keeps none).
    var findHighlights: @Sendable (_ words: String) -> [Highlight] = { _ in [] }
    /// A document's title, for a document's highlight in that panel (nil: gone).
    var documentTitle: @Sendable (_ id: UUID) -> String? = { _ in nil }

    /// The list routes.
    func mount(on r: inout Router) {
        r.get("/") { try await bookmarks($0) }
        r.get("/bookmarks/page") { try await moreRows($0) }
        r.get("/tags") { await tags($0) }
        r.get("/tags/:name") { try await bookmarks($0) }
        r.post("/tags/:name/rename") { try await renameTag($0) }
        r.post("/tags/:name/delete") { try await deleteTag($0) }
        // Bundles (saved searches).
        r.get("/bundles/new") { newBundleForm($0) }
        r.post("/bundles") { try await createBundle($0) }
        r.get("/bundles/:id") { try await openBundle($0) }
        r.get("/bundles/:id/edit") { try await editBundleForm($0) }
        r.post("/bundles/:id/edit") { try await saveBundle($0) }
        r.post("/bundles/:id/delete") { try await deleteBundle($0) }
        r.get("/search") { await search($0) }
    }

    /// `/` and `/tags/:name`: the first page for the filter, or the page a signed `next` link points to.
    /// `show=unread|archived|shared`, `sort=newest|oldest|title` and `select=on|all` are kept by every link it makes.
    func bookmarks(_ request: HTTPRequest) async throws -> HTTPResponse {
        let tag = request.pathParameters["name"]
        let choice = ListChoice(request.query)
        let selection = BookmarkListView.Selection(request.query["select"])
        let ctx = context(request)
        let next = try signedNext(request)
        let base = tag.map { "/tags/" + SafeURL.encode($0) } ?? "/"
        let extra = choice.items + (selection == .off ? [] : [("select", selection.rawValue)])
        var content: BookmarksPage.Content
        var stale: String?
        let filter = LibraryFilter(unreadOnly: choice.show == .unread, tag: tag, archived: choice.show == .archived,
                                   sort: choice.sort.bookmarkSort, limit: pageSize, sharedOnly: choice.show == .shared)
        let unselected = SafeURL.path(base, query: choice.items)
        do {
            if choice.show == .broken {
                var live = filter
                live.sharedOnly = false
                let found = try await brokenBookmarks(live)
                let list = BookmarkListView(bookmarks: found, more: nil, rows: rows, context: ctx,
                                            empty: BookmarksPage.emptyState(show: choice.show, tag: tag), selection: selection, unselected: unselected)
                content = .loaded(list, count: found.count)
            } else {
                let page = try await load(next: next, filter)
                let list = BookmarkListView(bookmarks: page.bookmarks, more: more(page.next, base: base, extra: extra), rows: rows,
                                            context: ctx, empty: BookmarksPage.emptyState(show: choice.show, tag: tag),
                                            selection: selection, unselected: unselected)
                content = .loaded(list, count: page.count)
            }
        } catch {
            if next == nil, let cached = library.cachedPage(filter) {
                // The source is down: show the copy kept on this computer, and say so.
                let list = BookmarkListView(bookmarks: cached.bookmarks, more: nil, rows: rows, context: ctx, empty: .empty,
                                            selection: selection, unselected: unselected)
                content = .loaded(list, count: cached.count)
                stale = "Showing the copy saved on this computer — \(message(error))"
            } else {
                content = .failed(message(error))
            }
        }
        let cards = tag == nil && choice == ListChoice() && next == nil ? homeCards() : nil
        var view = BookmarksPage(content: content, choice: choice, selection: selection, tag: tag, isContinuation: next != nil,
                                 cards: cards, stale: stale, context: ctx)
        view.offersBroken = web.linkStatus != nil
        if let tag, next == nil { view.tagTools = TagManageView(tag: tag, csrfToken: ctx.csrfToken).render() }
        return page(view.title, tab: tag == nil ? .bookmarks : .tags, view.render(), context: ctx)
    }

    /// `/bookmarks/page?next=…&sig=…`: the next rows and "Load more" link as a fragment for the script.
    func moreRows(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let next = try signedNext(request) else { throw HTTPError(400, "This link is missing its page.") }
        let page = try await library.loadMore(next)
        let base = request.query["base"].flatMap { SafeURL.isLocalPath($0) ? $0 : nil } ?? "/"
        let extra = request.query.filter { !["next", "sig", "base"].contains($0.name) }.map { ($0.name, $0.value) }
        let list = BookmarkListView(bookmarks: page.bookmarks, more: more(page.next, base: base, extra: extra), rows: rows,
                                    context: context(request), empty: .empty, selection: BookmarkListView.Selection(request.query["select"]))
        return Self.html(list.fragment())
    }

    /// `/tags`: every tag with its count, filtered by `filter`.
    func tags(_ request: HTTPRequest) async -> HTTPResponse {
        let ctx = context(request)
        let content: TagsPage.Content
        do {
            content = .loaded(try await library.tagCounts())
        } catch {
            content = .failed(message(error))
        }
        let view = TagsPage(content: content, filter: request.query["filter"] ?? "", bundles: await knownBundles(), context: ctx)
        return page(TagsPage.title, tab: .tags, view.render(), context: ctx)
    }

    /// `/search?q=…&scope=all|unread|archived|tag&tag=…` (Archived searches the archive; semantic search does not).
    func search(_ request: HTTPRequest) async -> HTTPResponse {
        let ctx = context(request)
        let typed = String((request.query["q"] ?? "").prefix(1000))
        // `!broken` is Marks' (the link checks), not the source's: taken out of what the source is asked.
        let (query, brokenOnly) = BrokenSearchTerm.strip(typed)
        let chosenTag = request.query["tag"] ?? ""
        var scope = SearchPage.Scope(rawValue: request.query["scope"] ?? "") ?? .all
        if scope == .tag && chosenTag.isEmpty { scope = .all }
        let tagNames = await knownTags()
        var results = SearchPage.Results.none
        var pageMatches = HTML.empty
        var highlightMatches = HTML.empty
        let semantic = request.query["mode"] == "semantic" && scope != .archived ? semanticSearch : nil
        let problems = semantic == nil ? SearchQuery.problems(query) : []
        if problems.contains(where: \.blocking) {
            results = .none
        } else if let semantic, !query.trimmingCharacters(in: .whitespaces).isEmpty {
            do {
                var found = try await semantic(query, scope == .unread, scope == .tag ? chosenTag : nil)
                if brokenOnly {
                    let broken = web.brokenURLs()
                    found = found.filter { broken.contains($0.url) }
                }
                let list = BookmarkListView(bookmarks: found, more: nil, rows: rows, context: ctx,
                                            empty: SearchPage.noCloseMatches(query: query))
                results = .loaded(list, count: found.count)
            } catch {
                results = .failed(message(error))
            }
        } else if brokenOnly {
            do {
                let filter = LibraryFilter(search: query, unreadOnly: scope == .unread, tag: scope == .tag ? chosenTag : nil,
                                           archived: scope == .archived, limit: pageSize)
                let found = try await brokenBookmarks(filter)
                let list = BookmarkListView(bookmarks: found, more: nil, rows: rows, context: ctx,
                                            empty: SearchPage.noResults(query: typed, scope: scope, tag: chosenTag))
                results = .loaded(list, count: found.count)
            } catch {
                results = .failed(message(error))
            }
        } else if !query.trimmingCharacters(in: .whitespaces).isEmpty || scope != .all {
            let extra = [("q", query), ("scope", scope.rawValue), ("tag", scope == .tag ? chosenTag : ""), ("mode", "keyword")]
            do {
                let next = try signedNext(request)
                let filter = LibraryFilter(search: query, unreadOnly: scope == .unread, tag: scope == .tag ? chosenTag : nil,
                                           archived: scope == .archived, limit: pageSize)
                let page = try await load(next: next, filter)
                let list = BookmarkListView(bookmarks: page.bookmarks, more: more(page.next, base: "/search", extra: extra), rows: rows,
                                            context: ctx, empty: SearchPage.noResults(query: query, scope: scope, tag: chosenTag))
                results = .loaded(list, count: page.count)
                if next == nil, let words = SearchQuery.plainWords(query) {
                    let filter = SearchFilter(unreadOnly: scope == .unread, tag: scope == .tag ? chosenTag : nil, archived: scope == .archived)
                    pageMatches = await matchesInPages(words, filter: filter, shown: Set(page.bookmarks.map(\.id)))
                    highlightMatches = await matchesInHighlights(words)
                }
            } catch {
                results = .failed(message(error))
            }
        }
        var view = SearchPage(query: typed, scope: scope, tag: chosenTag, tags: tagNames, results: results, context: ctx)
        view.sources = searchSources(query, scope: scope, tag: chosenTag, blocked: brokenOnly || problems.contains(where: \.blocking))
        view.pageMatches = pageMatches
        view.highlightMatches = highlightMatches
        view.dates = dates
        view.semantic = semantic != nil
        if semantic != nil { view.reading = semanticReading() }
        view.semanticAvailable = semanticSearch != nil
        view.problems = problems
        return page(typed.isEmpty ? SearchPage.title : "“\(typed)”", tab: .search, view.render(), context: ctx)
    }

    /// A list walks at most this many of the source's bookmarks looking for broken ones.
    static let brokenScanLimit = 20_000

    /// The bookmarks among `filter`'s results whose last link check found them broken: the source's pages walked (the
    /// checks are Marks', not the source's) until every broken URL is found or `brokenScanLimit` bookmarks were read.
    func brokenBookmarks(_ filter: LibraryFilter) async throws -> [Bookmark] {
        let broken = web.brokenURLs()
        guard !broken.isEmpty else { return [] }
        var wide = filter
        wide.limit = 500
        var page = try await library.load(wide)
        var found: [Bookmark] = []
        var scanned = 0
        while true {
            found += page.bookmarks.filter { broken.contains($0.url) }
            scanned += page.bookmarks.count
            guard let next = page.next, !page.bookmarks.isEmpty, scanned < Self.brokenScanLimit, found.count < broken.count else { break }
            page = try await library.loadMore(next)
        }
        return found
    }

    /// Page matches shown below a keyword search's results: at most this many.
    static let pageMatchLimit = 20

    /// The bookmarks whose archived page has every word but which the list (`shown`) does not hold, as rows with the
    /// words around the match. A side panel: a failed index read is logged and shows none.
    private func matchesInPages(_ words: String, filter: SearchFilter, shown: Set<Int>) async -> HTML {
        guard let pageTextSearch else { return .empty }
        do {
            let found = try await pageTextSearch(words, filter).compactMap { result -> (bookmark: Bookmark, snippet: KeywordSnippet)? in
                guard let snippet = result.hit.snippet, snippet.place == .page, !shown.contains(result.document.id) else { return nil }
                return (result.document.bookmark, snippet)
            }
            return found.isEmpty ? .empty : rows.rows(Array(found.prefix(Self.pageMatchLimit)))
        } catch {
            web.log("search in archived pages failed: \(error)")
            return .empty
        }
    }

    /// Highlights shown below a keyword search's results: at most this many.
    static let highlightMatchLimit = 20

    /// The highlights whose quote or note holds every word, newest first, with their bookmarks' or documents' titles.
    /// A side panel: a bookmark that cannot be read shows its address.
    private func matchesInHighlights(_ words: String) async -> HTML {
        let found = Array(findHighlights(words).prefix(Self.highlightMatchLimit))
        guard !found.isEmpty else { return .empty }
        var titles: [Int: String] = [:]
        do {
            for bookmark in try await library.bookmarks(ids: Array(Set(found.compactMap(\.bookmarkID)))) { titles[bookmark.id] = bookmark.displayTitle }
        } catch {
            web.log("the bookmarks of highlights found by a search could not be read: \(error)")
        }
        return HTML.each(found) { highlight in
            let link = SafeURL.path(HighlightsController.textPath(highlight) + "#hl-\(highlight.id)")
            let note: HTML = highlight.note.map { "<p class=\"hl-note\">\($0)</p>" } ?? .empty
            let about: HTML = switch highlight.subject {
            case .bookmark(_, let id, let url): .text(titles[id] ?? url)
            case .document(let id): "Source: \(documentTitle(id) ?? "a deleted source")"
            }
            return """
                <li class="hl-item" id="hl-result-\(highlight.id)"><blockquote class="hl-quote"><a href="\(link)">\(highlight.quote)</a></blockquote>\
                \(note)<p class="meta">\(about)</p></li>
                """
        }
    }

    /// The sources a search finds (not for Unread or Archived: sources are neither).
    private func searchSources(_ query: String, scope: SearchPage.Scope, tag: String, blocked: Bool) -> [DocumentSummary] {
        guard !blocked, scope == .all || scope == .tag else { return [] }
        return findSources(query, scope == .tag ? tag : nil)
    }

    // MARK: Signed "next" links

    /// The page `next` points to, else the first page for `filter`.
    func load(next: String?, _ filter: LibraryFilter) async throws -> LibraryPage {
        if let next { return try await library.loadMore(next) }
        return try await library.load(filter)
    }

    /// The `next` of a request when its signature is this server's; a 400 when it was tampered with.
    func signedNext(_ request: HTTPRequest) throws -> String? {
        guard let next = request.query["next"], !next.isEmpty else { return nil }
        guard let signature = request.query["sig"], auth.verify("next", next, signature: signature) else {
            throw HTTPError(400, "This “Load more” link was not made by this server. Go back to the list and scroll again.")
        }
        return next
    }

    /// The "Load more" targets for a page's `next`: a full page below `base`, and a fragment.
    func more(_ next: String?, base: String, extra: [(String, String)]) -> BookmarkListView.More? {
        guard let next else { return nil }
        let signed = [("next", next), ("sig", auth.sign("next", next))]
        return BookmarkListView.More(page: SafeURL.path(base, query: extra + signed),
                                     fragment: SafeURL.path("/bookmarks/page", query: signed + [("base", base)] + extra))
    }
}
