import Foundation
import HTTPServer
import MarksCore
import MarksFetch
import MarksBookmarks
import MarksDocuments
import MarksPodcasts
import MarksReading

/// What every feature's controller shares: the source, auth, settings, the page context of a request and the ways a
/// handler answers (a page in the layout, a redirect, a refusal, an error page). One per app; the controllers under
/// `Web/Features/<Feature>/` hold it (`WebFeature`), and `WebRoutes` mounts them.
final class WebContext: Sendable {
    /// The source and its parts (Settings can switch them while the server runs; a request keeps the one it began with).
    let sources: SourceSwitch
    let auth: OwnerAuth
    let settings: WebSettings
    /// The settings of `WebOptions` every feature may read; its optional services are read once, by `WebRoutes`
    /// (a feature's controller gets them non-optional).
    let pageSize: Int
    let undoSeconds: Double
    /// Where the server listens once it does (nil: the request's Host), and this machine's LAN addresses.
    let listenAddress: @Sendable () -> ListenAddress?
    let lanAddresses: @Sendable () -> [String]
    /// The configured public URL (nil: the request's Host).
    let publicURL: String?
    private let logLine: @Sendable (String) -> Void
    let reading: ReadingStateStore
    let preferences: ReadingPreferencesStore
    let rows: RowRenderer
    let dates: WebDate
    let assets = WebAssets.shared

    /// The source this request uses, with its library, enrichment and share flow.
    var served: ServedSource { sources.current }
    /// The library this request uses.
    var library: LibraryService { served.library }

    /// `rowFavicon` gives a row's icon address, `rowPodcasts` the rows' podcast states (empty without podcasts),
    /// `podcastAction` whether pages offer the Podcast action (each decided once, by `WebRoutes`).
    init(sources: SourceSwitch, auth: OwnerAuth, settings: WebSettings, options: WebOptions,
         rowFavicon: @escaping @Sendable (Bookmark) -> SafeURL?, rowPodcasts: @escaping @Sendable ([Int]) -> [Int: PodcastRowState],
         rowArchived: @escaping @Sendable ([String]) -> Set<String> = { _ in [] }, podcastAction: Bool,
         highlights: @escaping @Sendable (Int) -> [Highlight]? = { _ in nil },
         linkStatus: (@Sendable (String) -> LinkCheck?)? = nil, brokenURLs: @escaping @Sendable () -> Set<String> = { [] }) {
        self.highlights = highlights
        self.linkStatus = linkStatus
        self.brokenURLs = brokenURLs
        self.sources = sources
        self.auth = auth
        self.settings = settings
        self.pageSize = options.pageSize
        self.undoSeconds = options.undoSeconds
        self.listenAddress = options.listenAddress
        self.lanAddresses = options.lanAddresses
        self.publicURL = options.publicURL
        self.logLine = options.log
        self.podcastAction = podcastAction
        let reading = options.readingState ?? ReadingStateStore(directory: options.stateDirectory, log: options.log)
        self.reading = reading
        let preferences = options.readingPreferences ?? ReadingPreferencesStore(directory: options.stateDirectory, log: options.log)
        self.preferences = preferences
        let dates = WebDate(offsetSeconds: options.timeZone.secondsFromGMT())
        self.dates = dates
        self.rows = RowRenderer(extras: { RowExtras(reading: reading.entry(for: $0.id)) }, favicon: rowFavicon, dates: dates,
                                titleOpens: { preferences.current.titleOpens }, archived: rowArchived, podcasts: rowPodcasts,
                                podcastAction: podcastAction)
    }

    /// Whether pages offer the Podcast action on a bookmark or source (podcasts are set up).
    let podcastAction: Bool
    /// A bookmark's highlights (the reader and the bookmark's page list them); nil when this server keeps none. A
    /// read failure is logged and shows none.
    let highlights: @Sendable (_ bookmarkID: Int) -> [Highlight]?
    /// A URL's last link check (nil: never checked); nil when this server checks no links. A read failure is logged
    /// and shows as never checked.
    let linkStatus: (@Sendable (_ url: String) -> LinkCheck?)?
    /// The URLs whose last check found them broken (the Broken list, `!broken`); none without link checks.
    let brokenURLs: @Sendable () -> Set<String>

    /// Writes a line to the server's log.
    func log(_ line: String) {
        logLine(line)
    }

    // MARK: Session and context

    func session(of request: HTTPRequest) -> WebSession? {
        auth.session(fromCookie: request.cookies[OwnerAuth.cookieName])
    }

    func hasValidCSRF(_ request: HTTPRequest) -> Bool {
        guard let session = session(of: request) else { return false }
        if let header = request.headers["X-CSRF-Token"] { return auth.isValidCSRF(header, for: session) }
        if let upload = request.streamedBody as? SourceUpload { return auth.isValidCSRF(upload.field("_csrf") ?? "", for: session) }
        if let type = request.headers["Content-Type"], type.lowercased().hasPrefix("multipart/form-data") {
            do {
                return auth.isValidCSRF(try Self.multipartForm(request).field("_csrf"), for: session)
            } catch {
                return false
            }
        }
        do {
            return auth.isValidCSRF(try request.form()["_csrf"], for: session)
        } catch {
            return false
        }
    }

    /// The context pages of this request render with.
    func context(_ request: HTTPRequest, notice: String? = nil) -> PageContext {
        let csrf = session(of: request).map(auth.csrfToken) ?? ""
        let query = request.rawQuery.isEmpty ? "" : "?" + request.rawQuery
        let density = ListDensity(cookie: request.cookies[ListDensity.cookieName])
        return PageContext(csrfToken: csrf, theme: WebTheme(cookie: request.cookies[WebTheme.cookieName]), density: density,
                           cardsFolded: request.cookies["marks_cards"].map { $0 == "folded" } ?? (density == .compact),
                           returnPath: SafeURL.isLocalPath(request.rawPath + query) ? request.rawPath + query : "/",
                           assets: assets, undoMilliseconds: Int(undoSeconds * 1000),
                           notice: notice ?? request.query["notice"].flatMap(Self.noticeText),
                           undoAction: Self.undoAction(request))
    }

    /// After a delete without script (`?notice=deleted&undo=<id>`, `?notice=source-deleted&undo=<uuid>`): the restore the
    /// notice's Undo form posts to.
    static func undoAction(_ request: HTTPRequest) -> String? {
        guard let undo = request.query["undo"] else { return nil }
        switch request.query["notice"] {
        case "deleted": return Int(undo).flatMap { $0 > 0 ? "/bookmarks/\($0)/restore" : nil }
        case "source-deleted": return UUID(uuidString: undo).map { "/sources/" + $0.uuidString.lowercased() + "/restore" }
        default: return nil
        }
    }

    // MARK: Answers

    /// A full page in the layout.
    func page(_ title: String, tab: WebTab?, _ body: HTML, context: PageContext, status: Int = 200, signedIn: Bool = true) -> HTTPResponse {
        let html = PageLayout(title: title, tab: tab, context: context, signedIn: signedIn).render(body)
        return Self.html(html, status: status)
    }

    /// Markup as a UTF-8 HTML response.
    static func html(_ html: HTML, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "text/html; charset=utf-8"], body: .bytes(html.data))
    }

    /// A 303 to a local path (anything else goes to `/`).
    func redirect(_ path: String, notice: String? = nil, anchor: String? = nil) -> HTTPResponse {
        var target = SafeURL.isLocalPath(path) ? path : "/"
        if let notice {
            target = Self.removingQueryItem("notice", from: target)
            target += (target.contains("?") ? "&" : "?") + "notice=" + notice
        }
        if let anchor {
            // Also as `at=`: the script's in-place navigation follows the redirect with fetch, whose final URL has
            // no fragment; it scrolls to `at` and drops it from the address, as it does a notice.
            target = Self.removingQueryItem("at", from: target)
            target += (target.contains("?") ? "&" : "?") + "at=" + SafeURL.encode(anchor) + "#" + SafeURL.encode(anchor)
        }
        return .redirect(to: target, status: .seeOther)
    }

    /// The answer to a POST made by the script (`Accept: application/json`): 204; by a form: a 303 to `path`
    /// (scrolled to the element `anchor` names, when given).
    func done(_ request: HTTPRequest, back path: String, notice: String, anchor: String? = nil) -> HTTPResponse {
        if request.headers["Accept"]?.contains("application/json") == true { return .noContent }
        return redirect(path, notice: notice, anchor: anchor)
    }

    /// No session: pages redirect to the sign-in page, script requests get 401.
    func signInRedirect(for request: HTTPRequest) -> HTTPResponse {
        if request.headers["Accept"]?.contains("application/json") == true {
            return .json(data: Data(#"{"error":"Sign in first: open the link marks serve printed."}"#.utf8), status: 401)
        }
        return .redirect(to: "/signin", status: .seeOther)
    }

    /// A refused state-changing request (403), as a page that says what to do.
    func refusal(_ message: String, request: HTTPRequest) -> HTTPResponse {
        let body = MessagePage(heading: "Refused", message: message, link: ("Back to your bookmarks", "/")).render()
        return page("Refused", tab: nil, body, context: context(request), status: 403)
    }

    /// Any error a handler threw, as a page with a status and a message a person can act on (`HTTPFailure`).
    func errorPage(_ error: any Error, request: HTTPRequest) -> HTTPResponse {
        let failure = HTTPFailure(error)
        if failure.status == 500 { log("web \(request.method.rawValue) \(request.path): \(error)") }
        if request.headers["Accept"]?.contains("application/json") == true {
            return .json(data: JSONValue.object([("error", .string(failure.message))]).data, status: failure.status)
        }
        let signedIn = session(of: request) != nil
        let body = MessagePage(heading: failure.heading, message: failure.message,
                               link: signedIn ? ("Back to your bookmarks", "/") : ("Sign in", "/signin")).render()
        var response = page(failure.heading, tab: nil, body, context: context(request), status: failure.status, signedIn: signedIn)
        for field in failure.headers { response.headers.add(field.name, field.value) }
        return response
    }

    /// The failure for an error shown inside a page (a form again with its problem, a panel that failed).
    /// A 500 (an unexpected error is shown as a generic sentence) is also written to the server's log, with its cause.
    func failure(_ error: any Error) -> HTTPFailure {
        let failure = HTTPFailure(error)
        if failure.status == 500 { log("unexpected error shown on a page: \(String(describing: error).prefix(500))") }
        return failure
    }

    /// The message a person sees for an error, without a status; an unexpected error is logged (`failure(_:)`).
    func message(_ error: any Error) -> String {
        failure(error).message
    }

    // MARK: Helpers

    static func favicon(_ bookmark: Bookmark) -> SafeURL? {
        bookmark.faviconURL.flatMap(SafeURL.web)
    }

    static func noticeText(_ code: String) -> String? {
        switch code {
        case "added": "Bookmark saved."
        case "merged": "It was already saved; your tags and notes were added to it."
        case "updated": "Changes saved."
        case "link-checked": "Link checked."
        case "url-updated": "The address now points where the page moved."
        case "deleted": "Bookmark moved to the trash."
        case "archived": "Bookmark archived."
        case "unarchived": "Bookmark moved back to the list."
        case "restored": "Bookmark restored."
        case "recreated": "Bookmark restored. The linkding server had deleted it already, so it was saved there again with a new id."
        case "purged": "Bookmark deleted forever."
        case "emptied": "The trash is empty."
        case "theme": "Theme changed."
        case "tag-accepted": "Tag added."
        case "tag-renamed": "Tag renamed."
        case "tag-unchanged": "No bookmark carried that tag; nothing changed."
        case "tag-deleted": "Tag deleted from every bookmark."
        case "bundle-saved": "Bundle saved."
        case "collection-renamed": "Collection renamed."
        case "collection-removed": "Bookmark taken out of this collection; a refresh will not put it back."
        case "collections-refresh": "Collections will be made again in the background; reload in a minute."
        case "bundle-deleted": "Bundle deleted; its bookmarks stay."
        case "tag-dismissed": "Suggestion dismissed; it will not come back for this bookmark."
        case "source-added": "Source saved."
        case "source-duplicate": "The same content is already here: this is it."
        case "source-deleted": "Source moved to the trash."
        case "source-restored": "Source restored."
        case "purged-source": "Source deleted forever, with its original file."
        case "podcast-queued": "Podcast queued: it is made when podcasts are generated."
        case "podcast-waiting": "A podcast of this source is already queued."
        case "ocr-queued": "OCR queued: the pages are read in the background."
        case "ask-cleared": "Conversation cleared. Ask something new."
        case "highlight-saved": "Note saved."
        case "highlight-deleted": "Highlight deleted."
        case "signed-out-device", "signed-out-others": nil
        default: BookmarkController.readLaterNotice(code) ?? PodcastsController.podcastNotice(code)
        }
    }

    static func removingQueryItem(_ name: String, from path: String) -> String {
        guard let question = path.firstIndex(of: "?") else { return path }
        let items = path[path.index(after: question)...].split(separator: "&").filter { !$0.hasPrefix(name + "=") && $0 != name }
        return String(path[..<question]) + (items.isEmpty ? "" : "?" + items.joined(separator: "&"))
    }

    /// A form's fields with browser line endings (CRLF) turned into newlines.
    static func field(_ form: QueryParameters, _ name: String) -> String {
        (form[name] ?? "").replacingOccurrences(of: "\r\n", with: "\n")
    }

    /// The local path a form asks to return to, else `fallback`.
    static func returnPath(_ form: QueryParameters, fallback: String = "/") -> String {
        guard let path = form["return"], SafeURL.isLocalPath(path) else { return fallback }
        return path
    }

    /// Whether the script asked for JSON (`Accept: application/json`).
    static func wantsJSON(_ request: HTTPRequest) -> Bool {
        request.headers["Accept"]?.contains("application/json") == true
    }

    /// The form of a multipart/form-data body, else a 400.
    static func multipartForm(_ request: HTTPRequest) throws -> MultipartForm {
        guard let type = request.headers["Content-Type"], let boundary = MultipartFormParser.boundary(fromContentType: type) else {
            throw HTTPError(400, "Send the file from the Import form (a multipart/form-data body with a boundary).")
        }
        do {
            return try MultipartFormParser.parse(request.body, boundary: boundary)
        } catch {
            throw HTTPError(400, "The upload could not be read: \(error.message)")
        }
    }

    /// A positive bookmark id from the path, else a 404.
    static func bookmarkID(_ request: HTTPRequest) throws -> Int {
        guard let text = request.pathParameters["id"], let id = Int(text), id > 0 else {
            throw HTTPError(404, "There is no bookmark at this address.")
        }
        return id
    }
}
