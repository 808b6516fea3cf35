/// The page behind a tab whose feature is not built yet (Podcasts without a podcast library): it says so plainly, says
/// what the tab is for, and points to what works today. No sample content; a later version replaces it.
struct PlaceholderPage {
    var tab: WebTab

    var title: String { tab.title }

    func render() -> HTML {
        """
        <h1>\(tab.title)</h1><div class="placeholder" id="placeholder">\(ShellIcons.icon(for: tab))\
        <h2>Not built yet</h2><p>\(purpose)</p><p>\(meanwhile)</p></div>
        """
    }

    private var purpose: HTML {
        switch tab {
        case .podcasts:
            "Podcasts arrive in a later version of Marks: saved articles read aloud as episodes, with a player that keeps playing while you move between pages. Nothing here works yet."
        default:
            "This part of Marks is not built yet."
        }
    }

    private var meanwhile: HTML {
        "Meanwhile, your <a href=\"/\">bookmarks</a> and their <a href=\"/tags\">tags</a> are here."
    }
}
