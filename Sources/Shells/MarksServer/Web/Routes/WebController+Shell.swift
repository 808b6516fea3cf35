import HTTPServer

/// The shell's own pages: More (the phone bar's fifth slot) and the placeholders of tabs not built yet.
extension WebController {
    /// `/more`.
    func more(_ request: HTTPRequest) -> HTTPResponse {
        page(MorePage.title, tab: .more, MorePage().render(), context: context(request))
    }

    /// `/podcasts`, `/ask` until their features exist.
    func placeholder(_ tab: WebTab, _ request: HTTPRequest) -> HTTPResponse {
        let view = PlaceholderPage(tab: tab)
        return page(view.title, tab: tab, view.render(), context: context(request))
    }
}
