import MarksCore

/// A bundle opened: its name, what it filters (in words), Edit, and its bookmarks (the source applies the bundle
/// as linkding does).
struct BundlePage {
    enum Content {
        case loaded(BookmarkListView, count: Int)
        case failed(String)
    }

    var bundle: BookmarkBundle
    var content: Content
    var context: PageContext

    var title: String { bundle.name }

    func render() -> HTML {
        let body: HTML
        var count: HTML = .empty
        switch content {
        case .loaded(let list, let total):
            count = "<span class=\"count\" id=\"count\">\(total) \(total == 1 ? "bookmark" : "bookmarks")</span>"
            body = list.render()
        case .failed(let message):
            body = "<div class=\"empty\" role=\"alert\"><h2>This bundle could not be loaded</h2><p>\(message)</p></div>"
        }
        return """
            <h1>Bundle <span class="tagname">\(bundle.name)</span></h1><p class="bundle-filter">\(Self.describe(bundle))</p>\
            <div class="toolbar">\(count)<span class="spacer"></span>\
            <a class="button" href="\(SafeURL.path("/bundles/\(bundle.id)/edit"))" id="bundle-edit">Edit bundle</a></div>
            \(body)
            """
    }

    /// The bundle's filters in words, e.g. "Words “swift”; any of #a #b; not #old; only unread".
    static func describe(_ bundle: BookmarkBundle) -> String {
        func tags(_ text: String) -> String {
            text.split(whereSeparator: \.isWhitespace).map { "#" + $0 }.joined(separator: " ")
        }
        var parts: [String] = []
        let search = bundle.search.trimmingCharacters(in: .whitespaces)
        if !search.isEmpty { parts.append("words “\(search)”") }
        if !tags(bundle.anyTags).isEmpty { parts.append("any of " + tags(bundle.anyTags)) }
        if !tags(bundle.allTags).isEmpty { parts.append("all of " + tags(bundle.allTags)) }
        if !tags(bundle.excludedTags).isEmpty { parts.append("none of " + tags(bundle.excludedTags)) }
        switch bundle.filterUnread {
        case .off: break
        case .yes: parts.append("only unread")
        case .no: parts.append("only read")
        }
        switch bundle.filterShared {
        case .off: break
        case .yes: parts.append("only shared")
        case .no: parts.append("only not shared")
        }
        guard !parts.isEmpty else { return "Every bookmark." }
        let text = parts.joined(separator: "; ")
        return text.prefix(1).uppercased() + text.dropFirst() + "."
    }
}
