/// A page with one message: errors (not found, refused) and the offline page, each saying what to do.
struct MessagePage {
    var heading: String
    var message: String
    var link: (label: String, path: String)? = ("Back to your bookmarks", "/")

    func render() -> HTML {
        let action: HTML = link.map { "<p><a href=\"\(SafeURL.path($0.path))\">\($0.label)</a></p>" } ?? .empty
        return "<div class=\"empty\"><h1>\(heading)</h1><p>\(message)</p>\(action)</div>"
    }

    /// The page the service worker shows for a page that is neither online nor cached.
    static let offline = MessagePage(heading: "You are offline",
                                     message: "This page has not been saved for offline reading. Lists you opened recently still work.",
                                     link: ("Open your bookmarks", "/"))
}
