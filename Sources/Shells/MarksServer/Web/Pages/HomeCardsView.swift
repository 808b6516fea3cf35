import MarksCore

/// The widgets as the home screen's cards: the three most recent bookmarks, a random one and the three most recent
/// podcasts, read from the same widget files the desktop widgets use; each links to its page (the deep link's web form).
/// A bookmark's entries carry `data-card="<id>"`, so deleting or archiving its row hides them at once (the script).
/// They fold away under one line (a disclosure; the script remembers the choice in `marks_cards`).
struct HomeCardsView {
    var recent: [WidgetSnapshot.BookmarkItem]
    var random: WidgetSnapshot.BookmarkItem?
    var podcasts: [WidgetSnapshot.PodcastItem] = []

    func render(folded: Bool = false) -> HTML {
        guard !recent.isEmpty || !podcasts.isEmpty else { return .empty }
        let recentCard: HTML = recent.isEmpty ? .empty : """
            <section class="card" aria-labelledby="card-recent"><h2 id="card-recent">Recently added</h2>\
            <ol>\(HTML.each(recent.prefix(3)) { "<li data-card=\"\($0.id)\">\(link($0))<p class=\"meta\"><span>\($0.domain)</span></p></li>" })</ol></section>
            """
        let randomCard: HTML = random.map { item in
            """
            <section class="card" aria-labelledby="card-random" data-card="\(item.id)"><h2 id="card-random">Random bookmark</h2>\
            \(link(item))<p class="meta"><span>\(item.domain)</span></p></section>
            """
        } ?? .empty
        let podcastCard: HTML = podcasts.isEmpty ? .empty : """
            <section class="card" aria-labelledby="card-podcasts"><h2 id="card-podcasts">Recent podcasts</h2>\
            <ol>\(HTML.each(podcasts.prefix(3)) { "<li>\(link($0))</li>" })</ol></section>
            """
        let names = [recent.isEmpty ? nil : "recently added", random == nil ? nil : "a random bookmark", podcasts.isEmpty ? nil : "recent podcasts"]
            .compactMap { $0 }.joined(separator: ", ")
        return """
            <details class="cards-fold" id="cards-fold"\(HTML.when(!folded, " open"))><summary>Cards: \(names)</summary>\
            <div class="cards">\(recentCard)\(randomCard)\(podcastCard)</div></details>
            """
    }

    private func link(_ item: WidgetSnapshot.BookmarkItem) -> HTML {
        "<a href=\"\(SafeURL.path("/bookmarks/\(item.id)"))\" data-deeplink=\"\(item.link)\">\(item.title)</a>"
    }

    private func link(_ item: WidgetSnapshot.PodcastItem) -> HTML {
        let mark: HTML = item.played ? "<span class=\"visually-hidden\"> (played)</span>" : .empty
        return "<a href=\"\(SafeURL.path("/podcasts/open", query: [("url", item.url)]))\" data-deeplink=\"\(item.link)\">\(item.title)\(mark)</a>"
    }
}
