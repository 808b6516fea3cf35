import Foundation
import HTTPServer
import MarksCore
import MarksBookmarks
import MarksDocuments

/// What the web app answers at a feature's routes when this server lacks its services: the tab's "not available"
/// page where there is one, else the status and message each route gave without them.
struct AbsentFeatures: WebFeature {
    let web: WebContext

    private static let noPodcastsError = HTTPError(404, "Podcasts are not set up on this server.")
    private static let noSourcesError = HTTPError(404, "This server has no sources library.")
    private static let noCollectionsError = HTTPError(404, "Collections are not available on this server.")
    private static let noAskError = HTTPError(503, "Ask is not available on this server.")
    private static let noLinkChecksError = HTTPError(404, "This server does not check links.")

    /// A bookmark's Check now and Update URL without link checks: 404 for an id that is not one, else the 404.
    func mountLinkChecks(on r: inout Router) {
        for path in ["/bookmarks/:id/check-link", "/bookmarks/:id/use-moved-url"] {
            r.post(path) { _ = try Self.bookmarkID($0); throw Self.noLinkChecksError }
        }
    }

    /// Podcasts: the tab's "not built" page; every other route the 404 "not set up", after the checks of the request
    /// that came before it with podcasts (an episode key, a number in the form).
    func mountPodcasts(on r: inout Router) {
        r.get("/podcasts") { ShellController(web: web).placeholder(.podcasts, $0) }
        for path in ["/podcasts/open", "/podcasts/:key", "/podcasts/:key/audio", "/podcasts/:key/status"] {
            r.get(path) { _ in throw Self.noPodcastsError }
        }
        for path in ["/podcasts/:key/played", "/podcasts/:key/delete"] {
            r.post(path) { _ in throw Self.noPodcastsError }
        }
        for path in ["/podcasts/:key/unplayed", "/podcasts/:key/queue", "/podcasts/:key/unqueue"] {
            r.post(path) { _ = try PodcastsController.episodeKey($0); throw Self.noPodcastsError }
        }
        r.post("/podcasts/:key/position") { _ = try PodcastsController.episodeKey($0); _ = try PodcastsController.position(try $0.form()); throw Self.noPodcastsError }
        r.post("/podcasts/:key/move") { _ = try PodcastsController.episodeKey($0); _ = try PodcastsController.place(try $0.form()); throw Self.noPodcastsError }
        r.post("/settings/listening") { _ = try $0.form(); throw Self.noPodcastsError }
        r.post("/bookmarks/:id/podcast") { try await noPodcasts($0) }
    }

    /// A bookmark's Podcast action without podcasts: 404 for an id that is not one, else the 404 "not set up".
    func noPodcasts(_ request: HTTPRequest) async throws -> HTTPResponse {
        _ = try Self.bookmarkID(request)
        _ = try request.form()
        throw Self.noPodcastsError
    }

    /// Sources: the tab says it is not available; every other route a 404 (delete, restore and purge check the id first,
    /// as they do with a library).
    func mountSources(on r: inout Router) {
        r.get("/sources") { sourcesUnavailable($0) }
        for path in ["/sources/:id", "/sources/:id/edit", "/sources/:id/original"] {
            r.get(path) { _ in throw Self.noSourcesError }
        }
        for path in ["/sources/text", "/sources/upload", "/sources/:id/edit", "/sources/:id/podcast", "/sources/:id/ocr"] {
            r.post(path) { _ in throw Self.noSourcesError }
        }
        for path in ["/sources/:id/delete", "/sources/:id/restore", "/sources/:id/purge"] {
            r.post(path) { _ = try DocumentsController.sourceID($0); throw Self.noSourcesError }
        }
    }

    /// `GET /sources` without a sources library.
    private func sourcesUnavailable(_ request: HTTPRequest) -> HTTPResponse {
        let query = String((request.query["q"] ?? "").prefix(1000)).trimmingCharacters(in: .whitespaces)
        let number = max(1, request.query["page"].flatMap { Int($0) } ?? 1)
        let ctx = context(request)
        let view = DocumentsPage(content: .unavailable, query: query, page: number, limits: DocumentLimits(), dates: dates, context: ctx)
        return page(DocumentsPage.title, tab: .sources, view.render(), context: ctx)
    }

    /// Collections: the tab says they are not available; every other route a 404.
    func mountCollections(on r: inout Router) {
        r.get("/collections") { request in
            let body: HTML = """
                <h1>Collections</h1><div class="empty" id="collections-empty"><h2>Collections are not available on this \
                server</h2><p>It keeps no search index to group bookmarks from. Your <a href="/">bookmarks</a> and their \
                <a href="/tags">tags</a> are here.</p></div>
                """
            return page(CollectionsPage.title, tab: .collections, body, context: context(request))
        }
        for path in ["/collections/view", "/collections/enrich", "/collections/:id"] {
            r.get(path) { _ in throw Self.noCollectionsError }
        }
        for path in ["/collections/enrich", "/collections/refresh", "/collections/:id/rename", "/collections/:id/remove"] {
            r.post(path) { _ in throw Self.noCollectionsError }
        }
    }

    /// Highlights: not kept on this server (404 for the view and every change).
    func mountHighlights(on r: inout Router) {
        let error = HTTPError(404, "Highlights are not available on this server.")
        r.get("/highlights") { _ in throw error }
        r.post("/bookmarks/:id/highlights") { _ in throw error }
        r.post("/highlights/:id") { _ in throw error }
        r.post("/highlights/:id/delete") { _ in throw error }
    }

    /// Ask: the tab says it is not available; asking is a 503.
    func mountAsk(on r: inout Router) {
        r.get("/ask") { await askUnavailable($0) }
        r.post("/ask") { _ = try $0.form(); throw Self.noAskError }  // the form is read first, as with Ask
        for path in ["/ask/stream", "/ask/clear"] {
            r.post(path) { _ in throw Self.noAskError }
        }
    }

    /// `GET /ask` without Ask.
    private func askUnavailable(_ request: HTTPRequest) async -> HTTPResponse {
        let ctx = context(request)
        let view = AskPage(context: ctx, knownTags: await knownTags(), available: false)
        return page(AskPage.title, tab: .ask, view.render(), context: ctx)
    }

    /// `GET /reader/image` without an image fetcher: 403 for an address this server did not sign, else 404.
    func noImages(_ request: HTTPRequest) throws -> HTTPResponse {
        _ = try ReaderImageController.signedAddress(request, auth: auth)
        throw HTTPError(404, "Images are not fetched on this server.")
    }
}
