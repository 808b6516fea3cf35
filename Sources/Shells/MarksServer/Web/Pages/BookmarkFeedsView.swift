/// Settings → Bookmark feeds: linkding's RSS feeds of the library (all, unread, shared) for any feed reader, each URL
/// with a Copy button, the parameters they take, and Make a new key, which makes the old URLs stop working (a plain
/// form with the CSRF token).
struct BookmarkFeedsView {
    /// One feed: its title and URL.
    struct Feed: Equatable {
        var title: String
        var url: String
    }

    struct Content: Equatable {
        /// Each feed; empty when the key could not be read (`problem` says why).
        var urls: [Feed] = []
        var problem: String?
        /// True right after a rotation.
        var rotated = false
        /// The URLs work on this computer alone (Marks listens on loopback and no public URL is set).
        var onlyThisComputer = false
    }

    var content: Content
    var csrfToken: String

    func render() -> HTML {
        let list = HTML.each(Array(content.urls.enumerated())) { index, feed in
            """
            <li><span class="feed-title">\(feed.title)</span> <code id="bookmark-feed-\(index)">\(feed.url)</code> \
            <button type="button" data-act="copy" data-url="\(feed.url)" aria-describedby="bookmark-feed-\(index)">Copy</button></li>
            """
        }
        return """
            <section aria-labelledby="bookmark-feeds-heading" id="bookmark-feeds"><h2 id="bookmark-feeds-heading">Bookmark feeds</h2>\
            \(content.rotated ? HTML.success("A new key is ready. Readers subscribed with the old addresses get nothing more: subscribe again.") : .empty)\
            <p>Follow your bookmarks in any feed reader, as linkding serves them. Add <code>?q=#tag</code> (any search), \
            <code>unread=yes</code>, <code>shared=yes</code> or <code>limit=50</code>. The key in the address opens the feeds: share it with no one.</p>\
            \(content.problem.map(HTML.problem) ?? .empty)<ul class="feed-list">\(list)</ul>\
            \(content.onlyThisComputer ? PodcastFeedView.loopbackNote : .empty)\
            <form method="post" action="/settings/bookmark-feeds/rotate#bookmark-feeds" class="buttons">\(HTML.csrfField(csrfToken))\
            <button type="submit" id="bookmark-feeds-rotate">Make a new key</button></form></section>
            """
    }
}
