/// The Search tab: a search field, a scope bar (All / Unread / Archived / a tag), linkding's query syntax explained
/// in a help popover that needs no script, a Keyword / Semantic switch (Semantic searches the local index
/// by meaning), and a no-results state that echoes the query so typos show.
struct SearchPage {
    enum Scope: String {
        case all, unread, archived, tag
    }

    enum Results {
        case none
        case loaded(BookmarkListView, count: Int)
        case failed(String)
    }

    var query: String
    var scope: Scope
    var tag: String
    var tags: [String]
    var semantic = false
    var semanticAvailable = false
    var results: Results
    var context: PageContext

    static let title = "Search"

    func render() -> HTML {
        let options = HTML.each(tags) { "<option value=\"\($0)\"\(HTML.selected($0 == tag))>#\($0)</option>" }
        return """
            <h1>\(Self.title)</h1><form method="get" action="/search" role="search" id="search-form" data-autosubmit>\
            <div class="searchbar"><label for="q" class="visually-hidden">Search bookmarks</label>\
            <input type="search" id="q" name="q" value="\(query)" placeholder="Search bookmarks" autocomplete="off" spellcheck="false">\
            <button type="submit" id="search-button">Search</button></div>\
            <fieldset class="scopes"><legend class="visually-hidden">Scope</legend>\
            \(radio(.all, "All"))\(radio(.unread, "Unread"))\(radio(.archived, "Archived"))\(radio(.tag, "Tag"))\
            <label for="scope-tag-name" class="visually-hidden">Tag to search in</label>\
            <select id="scope-tag-name" name="tag"><option value="">Choose a tag</option>\(options)</select></fieldset>\
            <fieldset class="scopes"><legend class="visually-hidden">Search mode</legend>\
            <label class="check"><input type="radio" name="mode" value="keyword" id="mode-keyword"\(HTML.checked(!semantic))> Keyword</label>\
            <label class="check"><input type="radio" name="mode" value="semantic" id="mode-semantic"\(HTML.checked(semantic))\(semanticAvailable ? HTML.empty : HTML(" disabled")) aria-describedby="semantic-hint"> Semantic</label>\
            <span class="hint" id="semantic-hint">\(semanticAvailable ? "Semantic finds bookmarks by meaning, not only by their words." : "Semantic search needs the search index.")</span></fieldset>\
            \(Self.help)</form>
            \(resultsHTML())
            """
    }

    private func radio(_ value: Scope, _ label: String) -> HTML {
        "<label class=\"check\"><input type=\"radio\" name=\"scope\" value=\"\(value.rawValue)\" id=\"scope-\(value.rawValue)\"\(HTML.checked(scope == value))> \(label)</label>"
    }

    private func resultsHTML() -> HTML {
        switch results {
        case .none:
            return .empty
        case .failed(let message):
            return "<div class=\"empty\" role=\"alert\"><h2>The search failed</h2><p>\(message)</p><p>Check <a href=\"/settings\">Settings</a>, then search again.</p></div>"
        case .loaded(let list, let count):
            let summary: HTML = count > 0 ? "<p class=\"count\" id=\"count\">\(count) \(count == 1 ? "result" : "results")</p>" : .empty
            return "\(summary)\(list.render())"
        }
    }

    /// The no-results state, echoing the query.
    static func noResults(query: String, scope: Scope, tag: String) -> HTML {
        let label = query.isEmpty ? (scope == .tag ? "#" + tag : "this scope") : query
        let wider: HTML = scope == .all ? .empty : " Or search <a href=\"\(SafeURL.path("/search", query: [("q", query)]))\">All</a>."
        return """
            <div class="empty" id="no-results"><h2>No results for “\(label)”</h2>\
            <p>Check the spelling or try fewer words.\(wider)</p></div>
            """
    }

    static let help: HTML = """
        <details class="help"><summary>Search syntax</summary><dl>\
        <dt>swift ui</dt><dd>bookmarks containing both words (title, description, notes or URL)</dd>\
        <dt>"swift ui"</dt><dd>the exact phrase</dd>\
        <dt>#swift</dt><dd>tagged swift</dd>\
        <dt>swift or rust</dt><dd>either word</dd>\
        <dt>swift not #docs</dt><dd>swift, but not tagged docs</dd>\
        <dt>(a or b) c</dt><dd>parentheses group; and binds tighter than or</dd>\
        <dt>!unread</dt><dd>only unread bookmarks</dd>\
        <dt>!untagged</dt><dd>only bookmarks without tags</dd>\
        </dl></details>
        """
}
