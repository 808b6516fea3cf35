/// The phone bar's More: every tab that has no slot in the bar (Tags, Sources, Collections, Settings, Add),
/// as a list of large links. On a desktop the sidebar shows them all, but the page works there too.
struct MorePage {
    static let title = "More"

    func render() -> HTML {
        let items = HTML.each(WebTab.moreTabs) { tab in
            "<li><a href=\"\(SafeURL.path(tab.path))\">\(ShellIcons.icon(for: tab))<span>\(tab == .add ? "Add bookmark" : tab.title)</span></a></li>"
        }
        return "<h1>More</h1><ul class=\"more-list\" id=\"more-list\">\(items)</ul>"
    }
}
