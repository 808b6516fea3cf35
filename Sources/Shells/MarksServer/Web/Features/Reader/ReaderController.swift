import Foundation
import HTTPServer
import MarksCore
import MarksFetch
import MarksReading
import MarksBookmarks

/// The reader: a bookmark's page fetched and reduced to its text, its reading progress, and the text size and width
/// form. Its images come through `ReaderImageController`.
struct ReaderController: WebFeature {
    /// Fetches and extracts a page; the reader shows what it throws (this build's "not available" when there is none).
    typealias Extract = @Sendable (_ url: String) async throws -> ReadableArticle

    /// What the reader shows when this build has no extractor.
    struct Unavailable: Error, CustomStringConvertible {
        var description: String { "the reader is not available in this build." }
    }

    let web: WebContext
    let extract: Extract
    /// Whether article images go through the image proxy (decided once: only when this server fetches images).
    let imageProxy: Bool
    /// The sizes the proxy learnt of images it served (nil: only the sizes the pages gave).
    var imageSizes: ReaderImageSizes? = nil

    /// The reader routes.
    func mount(on r: inout Router) {
        r.get("/bookmarks/:id/read") { try await read($0) }
        r.post("/reader/settings") { try saveReaderSettings($0) }
        r.post("/bookmarks/:id/progress") { try progress($0) }
    }

    /// `/bookmarks/:id/read`: the page fetched and reduced to its text.
    func read(_ request: HTTPRequest) async throws -> HTTPResponse {
        let bookmark = try await library.bookmark(id: Self.bookmarkID(request))
        let ctx = context(request)
        let content: ReaderPage.Content
        do {
            let article = try await extract(bookmark.url)
            reading.recordWords(article.wordCount, for: bookmark.id)
            content = article.paragraphs.isEmpty ? .failed("the page has no readable text.") : .article(article)
        } catch FetchError.disabled {
            content = .fetchingOff
        } catch {
            content = .failed(String(describing: error))
        }
        var view = ReaderPage(bookmark: bookmark, content: content, context: ctx)
        view.markReadAtEnd = preferences.current.markReadAtEnd
        view.position = reading.entry(for: bookmark.id)?.position
        view.podcast = web.podcastAction
        view.highlight = PassageHighlight(request.query["highlight"])
        view.highlights = web.highlights(bookmark.id)
        return readerPage(view, request: request)
    }

    /// `POST /bookmarks/:id/progress` with `progress` 0…1, sent by the reader's script as the person reads; with
    /// `block`, `within` and `quote` it also records where they stopped (the anchor the reader reopens at).
    func progress(_ request: HTTPRequest) throws -> HTTPResponse {
        let id = try Self.bookmarkID(request)
        let form = try request.form()
        guard let value = form["progress"].flatMap(Double.init), value.isFinite, (0...1).contains(value) else {
            throw HTTPError(400, "progress must be a number from 0 to 1.")
        }
        var position: ReadingPosition?
        if let block = form["block"] {
            guard let block = Int(block), let within = form["within"].flatMap(Double.init),
                  let anchor = ReadingPosition(block: block, within: within, quote: form["quote"] ?? "", fraction: value) else {
                throw HTTPError(400, "block must be a whole number and within a number from 0 to 1.")
            }
            position = anchor
        }
        reading.recordProgress(value, for: id)
        if let position { reading.recordPosition(position, for: id) }
        return .noContent
    }

    /// The reader page with this request's preferences and image proxy, under a policy that allows images
    /// only from this origin (the article's images all come through the proxy).
    func readerPage(_ view: ReaderPage, request: HTTPRequest) -> HTTPResponse {
        var view = view
        view.preferences = ReaderPreferences(cookie: request.cookies[ReaderPreferences.cookieName])
        if imageProxy, let imageSizes, case .article(let article) = view.content, let tokens = article.content?.tokens {
            do {
                view.imageSizes = try imageSizes.sizes(ReaderArticleView.unsizedImages(tokens))
            } catch {
                web.log("the reader could not read its images' sizes: \(error)")  // they load unsized, as before
            }
        }
        view.imageURL = { [auth, imageProxy] url in
            guard imageProxy, SafeURL.web(url) != nil else { return nil }
            return SafeURL.path("/reader/image", query: [("u", url), ("s", auth.sign(ReaderImageController.purpose, url))])
        }
        var response = page(view.title, tab: nil, view.render(), context: view.context)
        response.headers["Content-Security-Policy"] = SecurityHeaders.readerContentSecurityPolicy
        return response
    }

    /// `POST /reader/settings` with `size`, `width` and `font` (serif when absent): kept in a cookie, back to the article.
    func saveReaderSettings(_ request: HTTPRequest) throws -> HTTPResponse {
        let form = try request.form()
        guard let size = form["size"].flatMap(ReaderPreferences.Size.init(rawValue:)),
              let width = form["width"].flatMap(ReaderPreferences.Width.init(rawValue:)),
              let font = form["font"].map(ReaderPreferences.Font.init(rawValue:)) ?? .serif else {
            throw HTTPError(400, "Choose a text size, a width and a typeface.")
        }
        let chosen = ReaderPreferences(size: size, width: width, font: font)
        var response = redirect(Self.returnPath(form))
        response.setCookie(SetCookie(name: ReaderPreferences.cookieName, value: chosen.cookieValue,
                                     maxAge: 400 * 86_400))
        return response
    }
}
