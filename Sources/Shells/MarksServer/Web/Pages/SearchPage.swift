import MarksCore
import MarksDocuments
import MarksIndex

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
    /// What is wrong with the query (`SearchQuery.problems`); a blocking one replaces the results.
    var problems: [SearchQuery.Problem] = []
    var results: Results
    var context: PageContext
    /// Sources the words find (title, text, tags, filename), shown above the bookmarks and marked as sources.
    var sources: [DocumentSummary] = []
    /// Rows of the bookmarks whose archived page has the words but whose fields do not (keyword mode), with snippets.
    var pageMatches: HTML = .empty
    /// Items of the highlights whose quote or note has the words (keyword mode).
    var highlightMatches: HTML = .empty
    var dates = WebDate(offsetSeconds: 0)
    /// Semantic mode while vectors are being computed: how far (a notice when many are left).
    var reading: IndexProgress?

    static let title = "Search"

    func render() -> HTML {
        let options = HTML.each(tags) { "<option value=\"\($0)\"></option>" }
        return """
            <h1>\(Self.title)</h1><form method="get" action="/search" role="search" id="search-form" data-autosubmit>\
            <div class="searchbar"><label for="q" class="visually-hidden">Search bookmarks</label>\
            <input type="search" id="q" name="q" value="\(query)" placeholder="Search bookmarks" autocomplete="off" spellcheck="false"\
            \(query.isEmpty ? HTML(" autofocus") : HTML.empty)\(problems.isEmpty ? HTML.empty : HTML(" aria-describedby=\"query-problems\" aria-invalid=\"\(problems.contains(where: \.blocking) ? "true" : "false")\""))>\
            <button type="submit" id="search-button" name="mode" value="\(semantic ? "semantic" : "keyword")">Search</button></div>\
            <fieldset class="scopes"><legend class="visually-hidden">Scope</legend>\
            \(radio(.all, "All"))\(radio(.unread, "Unread"))\(radio(.archived, "Archived"))\(radio(.tag, "Tag"))\
            <label for="scope-tag-name" class="visually-hidden">Tag to search in</label>\
            <input type="text" id="scope-tag-name" name="tag" value="\(tag)" list="scope-tag-names" placeholder="Type a tag" autocomplete="off" \
            spellcheck="false" autocapitalize="none"><datalist id="scope-tag-names">\(options)</datalist></fieldset>\
            <fieldset class="scopes mode"><legend class="visually-hidden">Search mode</legend>\
            <div class="segments" role="group" aria-label="Search mode">\(modeButton("keyword", "Keyword", on: !semantic, enabled: true))\
            \(modeButton("semantic", "Semantic", on: semantic, enabled: semanticAvailable))</div>\
            <span class="hint" id="semantic-hint">\(semanticAvailable ? "Semantic finds bookmarks by meaning, not only by their words." : "Semantic search needs the search index.")</span></fieldset>\
            \(Self.help)</form>
            \(problemsHTML())\(readingHTML())\(sourcesHTML())\(resultsHTML())\(pageMatchesHTML())\(highlightMatchesHTML())
            """
    }

    /// A mode switch: a submit button, so choosing a mode re-runs the search with or without script. The form sends one
    /// `mode`, its submitter's: Search (also the default button Enter presses) carries the current mode, a switch its own.
    private func modeButton(_ value: String, _ label: String, on: Bool, enabled: Bool) -> HTML {
        """
        <button type="submit" name="mode" value="\(value)" id="mode-\(value)" aria-pressed="\(on ? "true" : "false")"\
        \(enabled ? HTML.empty : HTML(" disabled")) aria-describedby="semantic-hint">\(label)</button>
        """
    }

    private func problemsHTML() -> HTML {
        guard !problems.isEmpty else { return .empty }
        let blocking = problems.contains(where: \.blocking)
        let items = HTML.each(problems) { "<li>\($0.message)</li>" }
        return """
            <div class="query-problems\(blocking ? " blocking" : "")" id="query-problems"\(blocking ? HTML(" role=\"alert\"") : HTML.empty)>\
            <h2>\(blocking ? "This search has a mistake" : "Read this way")</h2><ul>\(items)</ul></div>
            """
    }

    /// Semantic mode's notice while the library is still being read for search by meaning.
    private func readingHTML() -> HTML {
        guard semantic else { return .empty }
        return LibraryReadingNotice(progress: reading, id: "semantic-reading",
                                    consequence: "Until it has read a bookmark, it finds it by its words only.").render()
    }

    private func radio(_ value: Scope, _ label: String) -> HTML {
        "<label class=\"check\"><input type=\"radio\" name=\"scope\" value=\"\(value.rawValue)\" id=\"scope-\(value.rawValue)\"\(HTML.checked(scope == value))> \(label)</label>"
    }

    private func sourcesHTML() -> HTML {
        guard !sources.isEmpty else { return .empty }
        let rows = HTML.each(sources) { DocumentRowView(source: $0, dates: dates, marked: true).render() }
        return """
            <section class="source-results" aria-labelledby="source-results-heading"><h2 id="source-results-heading">Sources</h2>\
            <ul class="rows sources" id="source-results">\(rows)</ul></section>
            """
    }

    private func pageMatchesHTML() -> HTML {
        guard pageMatches != .empty else { return .empty }
        return """
            <section class="page-results" aria-labelledby="page-results-heading"><h2 id="page-results-heading">In archived pages</h2>\
            <ul class="rows" id="page-results">\(pageMatches)</ul></section>
            """
    }

    private func highlightMatchesHTML() -> HTML {
        guard highlightMatches != .empty else { return .empty }
        return """
            <section class="highlight-results" aria-labelledby="highlight-results-heading"><link rel="stylesheet" href="\(context.assets.highlightStyles.path)">\
            <h2 id="highlight-results-heading">In highlights</h2>\
            <ol class="hl-list" id="highlight-results">\(highlightMatches)</ol></section>
            """
    }

    private func resultsHTML() -> HTML {
        switch results {
        case .none:
            return .empty
        case .failed(let message):
            return "<div class=\"empty\" role=\"alert\"><h2>The search failed</h2><p>\(message)</p><p>Check <a href=\"/settings\">Settings</a>, then search again.</p></div>"
        case .loaded(_, let count) where count == 0 && pageMatches != .empty:
            return "<p class=\"count\" id=\"count\">No title, description, notes or tags match.</p>"
        case .loaded(_, let count) where count == 0 && !sources.isEmpty:
            return "<p class=\"count\" id=\"count\">No bookmarks match.</p>"
        case .loaded(let list, let count):
            let counts: HTML = scope == .unread ? " data-counts=\"unread\"" : .empty
            let summary: HTML = count > 0 ? "<p class=\"count\" id=\"count\"\(counts)>\(count) \(count == 1 ? "result" : "results")</p>" : .empty
            return "\(summary)\(list.render())"
        }
    }

    /// Semantic mode's no-results state: nothing reached the similarity floor.
    static func noCloseMatches(query: String) -> HTML {
        """
        <div class="empty" id="no-results"><h2>No close matches for “\(query)”</h2>\
        <p>Nothing in your bookmarks is close in meaning. Try other words, or \
        <a href="\(SafeURL.path("/search", query: [("q", query), ("mode", "keyword")]))">search for the words themselves</a>.</p></div>
        """
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
        <dt>!broken</dt><dd>only bookmarks whose link was found broken</dd>\
        </dl></details>
        """
}
