import HTTPServer

/// The shell's own pages and answers: More (the phone bar's fifth slot), the theme, the offline page, the embedded
/// assets (`+Assets`), and the pages of tabs whose feature this server lacks.
struct ShellController: WebFeature {
    let web: WebContext

    /// The shell routes; the assets and the offline page are public.
    func mount(on r: inout Router) {
        r.get("/more") { more($0) }
        r.post("/theme") { try setTheme($0) }
        r.post("/density") { try setDensity($0) }
        r.get("/offline") { offline($0) }
        r.get("/sw.js") { asset($0) }
        r.get("/manifest.webmanifest") { asset($0) }
        r.get("/assets/:name") { asset($0) }
    }

    /// `/more`.
    func more(_ request: HTTPRequest) -> HTTPResponse {
        page(MorePage.title, tab: .more, MorePage().render(), context: context(request))
    }

    /// A tab's "not built" page (`/podcasts` without podcasts).
    func placeholder(_ tab: WebTab, _ request: HTTPRequest) -> HTTPResponse {
        let view = PlaceholderPage(tab: tab)
        return page(view.title, tab: tab, view.render(), context: context(request))
    }

    /// `POST /theme`: stores the theme in a cookie.
    func setTheme(_ request: HTTPRequest) throws -> HTTPResponse {
        let form = try request.form()
        guard let theme = form["theme"].flatMap(WebTheme.init(rawValue:)) else { throw HTTPError(400, "Choose System, Light or Dark.") }
        var response = redirect(Self.returnPath(form))
        response.setCookie(SetCookie(name: WebTheme.cookieName, value: theme.rawValue, maxAge: 400 * 86_400))
        return response
    }

    /// `POST /density`: stores the list density in a cookie.
    func setDensity(_ request: HTTPRequest) throws -> HTTPResponse {
        let form = try request.form()
        guard let density = form["density"].flatMap(ListDensity.init(rawValue:)) else { throw HTTPError(400, "Choose Comfortable or Compact.") }
        var response = redirect(Self.returnPath(form))
        response.setCookie(SetCookie(name: ListDensity.cookieName, value: density.rawValue, maxAge: 400 * 86_400))
        return response
    }

    /// `/offline`: what the service worker shows for an uncached page.
    func offline(_ request: HTTPRequest) -> HTTPResponse {
        page("Offline", tab: nil, MessagePage.offline.render(), context: context(request), signedIn: false)
    }
}
