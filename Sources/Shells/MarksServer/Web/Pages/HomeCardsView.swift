import MarksCore

/// The widgets as the home screen's cards: the three most recent bookmarks and a random one, read from
/// the same widget files the desktop widgets use; each links to the bookmark's page (the deep link's web form).
struct HomeCardsView {
    var recent: [WidgetSnapshot.BookmarkItem]
    var random: WidgetSnapshot.BookmarkItem?

    func render() -> HTML {
        guard !recent.isEmpty else { return .empty }
        let items = HTML.each(recent.prefix(3)) { item in
            "<li>\(link(item))<p class=\"meta\"><span>\(item.domain)</span></p></li>"
        }
        let randomCard: HTML = random.map { item in
            """
            <section class="card" aria-labelledby="card-random"><h2 id="card-random">Random bookmark</h2>\
            \(link(item))<p class="meta"><span>\(item.domain)</span></p></section>
            """
        } ?? .empty
        return """
            <div class="cards"><section class="card" aria-labelledby="card-recent"><h2 id="card-recent">Recently added</h2>\
            <ol>\(items)</ol></section>\(randomCard)</div>
            """
    }

    private func link(_ item: WidgetSnapshot.BookmarkItem) -> HTML {
        "<a href=\"\(SafeURL.path("/bookmarks/\(item.id)"))\" data-deeplink=\"\(item.link)\">\(item.title)</a>"
    }
}
