import MarksCore
import MarksBookmarks

/// The Tags tab: every tag with its count (linkding tags and AI tags), by count then name, with a
/// filter box (server-side without script, live with it) for libraries with thousands of tags.
struct TagsPage {
    enum Content {
        case loaded([TagCount])
        case failed(String)
    }

    var content: Content
    var filter: String
    /// The saved searches (linkding bundles), shown as chips above the tags.
    var bundles: [BookmarkBundle] = []
    var context: PageContext

    static let title = "Tags"

    func render() -> HTML {
        let form: HTML = """
            <form class="searchbar" method="get" action="/tags" role="search"><label for="tag-filter" class="visually-hidden">Filter tags</label>\
            <input type="search" id="tag-filter" name="filter" value="\(filter)" placeholder="Filter tags" autocomplete="off" data-filter="#taglist">\
            <button type="submit">Filter</button></form>
            """
        switch content {
        case .failed(let message):
            return "<h1>\(Self.title)</h1>\(form)<div class=\"empty\" role=\"alert\"><h2>Tags could not be loaded</h2><p>\(message)</p><p>Check <a href=\"/settings\">Settings</a>, then <a href=\"/tags\">try again</a>.</p></div>"
        case .loaded(let all):
            let needle = filter.trimmingCharacters(in: .whitespaces).lowercased()
            let shown = needle.isEmpty ? all : all.filter { $0.name.lowercased().contains(needle) }
            let body: HTML
            if all.isEmpty {
                body = "<div class=\"empty\"><h2>No tags yet</h2><p>Add tags when you <a href=\"/add\">save a bookmark</a> or <a href=\"/\">edit one</a>.</p></div>"
            } else if shown.isEmpty {
                body = "<div class=\"empty\"><h2>No tags match “\(filter)”</h2><p><a href=\"/tags\">Show all tags</a>.</p></div>"
            } else {
                body = "<ul class=\"taglist\" id=\"taglist\">\(HTML.each(shown, item))</ul>"
            }
            return """
                <h1>\(Self.title)</h1>\(bundlesHTML())\(form)<p class="count">\(all.count) \(all.count == 1 ? "tag" : "tags")\
                \(needle.isEmpty ? "" : ", \(shown.count) shown")</p>\(body)
                """
        }
    }

    /// The bundles as chips that open them, and "New bundle".
    private func bundlesHTML() -> HTML {
        let chips = HTML.each(bundles) { "<li><a href=\"\(SafeURL.path("/bundles/\($0.id)"))\" title=\"\(BundlePage.describe($0))\">\($0.name)</a></li>" }
        return """
            <section class="bundles" aria-labelledby="bundles-heading"><h2 id="bundles-heading">Bundles</h2>\
            \(bundles.isEmpty ? HTML("<p class=\"hint\">A bundle is a saved search: tags and words you look for often.</p>") : HTML("<ul class=\"bundle-list\" id=\"bundle-list\">\(chips)</ul>"))\
            <a class="button" href="/bundles/new" id="new-bundle">New bundle</a></section>
            """
    }

    private func item(_ tag: TagCount) -> HTML {
        let ai: HTML = tag.aiCount > 0 ? " <span class=\"ai-count\">(\(tag.aiCount) AI)</span>" : .empty
        return """
            <li data-name="\(tag.name.lowercased())"><a href="\(BookmarkRowView.tagLink(tag.name))"><span>#\(tag.name)</span>\
            <span class="n">\(tag.count)\(ai)</span></a></li>
            """
    }
}
