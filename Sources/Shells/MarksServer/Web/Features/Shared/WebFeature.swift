import Foundation
import HTTPServer
import MarksBookmarks
import MarksCore
import MarksReading

/// A feature's controller: it holds the app's one `WebContext` and its own services (non-optional: `WebRoutes`
/// mounts a feature's routes only when they are configured), and answers through the context's helpers, which this
/// extension gives their short names.
protocol WebFeature: Sendable {
    /// The context every controller shares.
    var web: WebContext { get }
}

extension WebFeature {
    var served: ServedSource { web.served }
    var library: LibraryService { web.library }
    var auth: OwnerAuth { web.auth }
    var settings: WebSettings { web.settings }
    var sources: SourceSwitch { web.sources }
    var rows: RowRenderer { web.rows }
    var dates: WebDate { web.dates }
    var reading: ReadingStateStore { web.reading }
    var preferences: ReadingPreferencesStore { web.preferences }
    var pageSize: Int { web.pageSize }

    func log(_ line: String) { web.log(line) }
    func session(of request: HTTPRequest) -> WebSession? { web.session(of: request) }
    func context(_ request: HTTPRequest, notice: String? = nil) -> PageContext { web.context(request, notice: notice) }
    func failure(_ error: any Error) -> HTTPFailure { web.failure(error) }
    func message(_ error: any Error) -> String { web.message(error) }

    func page(_ title: String, tab: WebTab?, _ body: HTML, context: PageContext, status: Int = 200, signedIn: Bool = true) -> HTTPResponse {
        web.page(title, tab: tab, body, context: context, status: status, signedIn: signedIn)
    }

    func redirect(_ path: String, notice: String? = nil, anchor: String? = nil) -> HTTPResponse {
        web.redirect(path, notice: notice, anchor: anchor)
    }

    func done(_ request: HTTPRequest, back path: String, notice: String, anchor: String? = nil) -> HTTPResponse {
        web.done(request, back: path, notice: notice, anchor: anchor)
    }

    static func html(_ html: HTML, status: Int = 200) -> HTTPResponse { WebContext.html(html, status: status) }
    static func field(_ form: QueryParameters, _ name: String) -> String { WebContext.field(form, name) }
    static func returnPath(_ form: QueryParameters, fallback: String = "/") -> String { WebContext.returnPath(form, fallback: fallback) }
    static func removingQueryItem(_ name: String, from path: String) -> String { WebContext.removingQueryItem(name, from: path) }
    static func bookmarkID(_ request: HTTPRequest) throws -> Int { try WebContext.bookmarkID(request) }
    static func wantsJSON(_ request: HTTPRequest) -> Bool { WebContext.wantsJSON(request) }
}

extension WebFeature {
    /// The person's tag names for autocomplete; empty (and a log line) when the source cannot list them right now.
    func knownTags() async -> [String] {
        do {
            return try await library.tagNames()
        } catch {
            log("tag names for autocomplete unavailable: \(error)")
            return []
        }
    }
}
