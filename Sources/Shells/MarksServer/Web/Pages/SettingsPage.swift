import MarksCore
import MarksPodcasts
import MarksReading

/// Settings: where bookmarks live (the embedded store, or a linkding server with a Verify button that
/// shows the exact problem), import and export, the theme, devices and sessions, and the keyboard keys.
/// Without JavaScript both source choices and the linkding fields show; the script hides the fields while
/// "Marks’ own store" is chosen.
struct SettingsPage {
    /// The linkding fields as typed; the token is never echoed back.
    struct ServerFields: Equatable {
        var useLinkding = false
        var host = ""
        var port = ""
        var path = ""
        var https = true
        var hasSavedToken = false
        /// Verify just checked the typed token; Save keeps it though the field comes back empty.
        var hasVerifiedToken = false
        /// A Verify failed with a typed token: the server keeps it for the next Verify or Save (the field comes back empty).
        var hasTypedToken = false
    }

    /// What Save did with the running server.
    enum SaveResult {
        case unchanged
        case applied
        case restartNeeded
    }

    /// The outcome of Verify or Save.
    enum Outcome {
        case verified(String)
        case saved(SaveResult)
        case problem(String)
    }

    var fields: ServerFields
    var outcome: Outcome?
    var devices: DevicesView.Content
    var transfer: TransferView.Content
    /// What the running server uses, in words.
    var activeDescription: String
    var configPath: String
    /// True when Save switches the running server to a new source.
    var appliesWithoutRestart: Bool
    var context: PageContext
    /// The reading preferences.
    var reading = ReadingPreferences()
    /// The private podcast feed's part; nil leaves it out.
    var podcastFeed: PodcastFeedView.Content?
    /// The bookmark feeds' part; nil leaves it out.
    var bookmarkFeeds: BookmarkFeedsView.Content? = nil
    /// The podcast listening settings; nil when this server has no podcasts.
    var listening: PodcastListeningSettings?
    /// The followed feeds in a line (how many, how many fail); nil when this server follows no feeds.
    var followedFeeds: String? = nil

    static let title = "Settings"

    func render() -> HTML {
        let csrf = HTML.csrfField(context.csrfToken)
        return """
            <h1>\(Self.title)</h1>
            <section aria-labelledby="source-heading"><h2 id="source-heading">Where bookmarks live</h2>\
            <p>Now: \(activeDescription).</p>\(outcomeHTML())
            <form method="post" action="/settings" class="stack" id="settings-form" data-source-form>\(csrf)\
            <fieldset><legend>Source</legend>\
            <label class="check"><input type="radio" name="source" value="embedded" id="source-embedded"\(HTML.checked(!fields.useLinkding))> \
            Marks’ own store on this computer</label>\
            <label class="check"><input type="radio" name="source" value="linkding" id="source-linkding"\(HTML.checked(fields.useLinkding))> \
            A linkding server</label></fieldset>\
            <fieldset id="linkding-fields" data-linkding-fields><legend>linkding server</legend><div class="stack">\
            \(FormFields.text("host", label: "Address", value: fields.host, hint: "The host, such as links.example.com, or paste the whole address: https://links.example.com:9090/linkding/", attributes: " autocomplete=\"off\" spellcheck=\"false\" autocapitalize=\"none\" inputmode=\"url\""))\
            \(FormFields.text("port", label: "Port (optional)", value: fields.port, attributes: " inputmode=\"numeric\" autocomplete=\"off\""))\
            \(FormFields.text("path", label: "Path prefix (optional)", value: fields.path, hint: "Only when linkding runs below a path, such as /linkding.", attributes: " autocomplete=\"off\" spellcheck=\"false\""))\
            <div><label for="token">API token</label><input type="password" id="token" name="token" value="" autocomplete="off" \
            aria-describedby="token-hint"><p class="hint" id="token-hint">In linkding: Settings → Integrations → REST API.\
            \(tokenHint)</p></div>\
            \(FormFields.check("https", label: "Use https", on: fields.https))</div></fieldset>\
            <div class="buttons"><button type="submit" formaction="/settings/verify" id="verify">Verify</button>\
            <button type="submit" class="primary" id="save-settings">Save</button></div>\
            <p class="hint">Saved to \(configPath).\(appliesWithoutRestart ? " A new source applies at once." : " A new source takes effect when marks serve is restarted.")</p></form></section>
            \(TransferView(content: transfer, context: context).render())
            \(ReadingSettingsView(preferences: reading, csrfToken: context.csrfToken).render())\
            \(listening.map { ListeningSettingsView(settings: $0, csrfToken: context.csrfToken).render() })
            <section aria-labelledby="theme-heading"><h2 id="theme-heading">Appearance</h2>\
            <form method="post" action="/theme" class="buttons" id="theme-form">\(csrf)\(HTML.hidden("return", "/settings"))\
            \(HTML.each(WebTheme.allCases, themeButton))</form>\
            <p class="hint" id="density-hint">List density: compact shows about twice as many rows on a desktop.</p>\
            <form method="post" action="/density" class="buttons" id="density-form" aria-describedby="density-hint">\(csrf)\(HTML.hidden("return", "/settings"))\
            \(HTML.each(ListDensity.allCases, densityButton))</form></section>
            \(DevicesView(content: devices, context: context).render())
            \(podcastFeed.map { PodcastFeedView(content: $0, csrfToken: context.csrfToken).render() } ?? .empty)
            \(bookmarkFeeds.map { BookmarkFeedsView(content: $0, csrfToken: context.csrfToken).render() } ?? .empty)
            \(followedFeeds.map { summary -> HTML in "<section aria-labelledby=\"followed-feeds-heading\" id=\"followed-feeds\"><h2 id=\"followed-feeds-heading\">Followed feeds</h2><p>\(summary) <a href=\"/settings/feeds\" id=\"manage-feeds\">Manage feeds</a></p></section>" } ?? .empty)
            <section aria-labelledby="keys-heading"><h2 id="keys-heading">Keyboard</h2>\(Self.keys)</section>
            """
    }

    private var tokenHint: String {
        if fields.hasVerifiedToken { return " The token you verified is kept; press Save to use it." }
        if fields.hasTypedToken { return " The token you typed is kept (not shown); leave this empty to use it, or type another." }
        if fields.hasSavedToken { return " A token is saved; leave this empty to keep it." }
        return ""
    }

    private func themeButton(_ theme: WebTheme) -> HTML {
        "<button type=\"submit\" name=\"theme\" value=\"\(theme.rawValue)\" aria-pressed=\"\(theme == context.theme ? "true" : "false")\" id=\"theme-\(theme.rawValue)\">\(theme.title)</button>"
    }

    private func densityButton(_ density: ListDensity) -> HTML {
        "<button type=\"submit\" name=\"density\" value=\"\(density.rawValue)\" aria-pressed=\"\(density == context.density ? "true" : "false")\" id=\"density-\(density.rawValue)\">\(density.title)</button>"
    }

    private func outcomeHTML() -> HTML {
        switch outcome {
        case .none: return .empty
        case .verified(let message): return HTML.success(message)
        case .saved(.unchanged): return HTML.success("Saved.")
        case .saved(.applied): return HTML.success("Saved. Marks now uses the new source.")
        case .saved(.restartNeeded): return HTML.success("Saved. Restart marks serve to use the new source.")
        case .problem(let message): return HTML.problem(message)
        }
    }

    static let keys: HTML = """
        <dl class="keys"><dt><kbd>j</kbd> <kbd>k</kbd></dt><dd>next / previous bookmark</dd>\
        <dt><kbd>o</kbd> <kbd>Enter</kbd></dt><dd>open</dd><dt><kbd>m</kbd></dt><dd>mark read / unread</dd>\
        <dt><kbd>e</kbd></dt><dd>edit</dd><dt><kbd>a</kbd></dt><dd>archive</dd><dt><kbd>←</kbd> <kbd>→</kbd></dt><dd>the row’s buttons</dd>\
        <dt><kbd>d</kbd></dt><dd>delete (with Undo)</dd><dt><kbd>z</kbd></dt><dd>undo, while its notice shows</dd>\
        <dt><kbd>x</kbd></dt><dd>select, for the bulk actions</dd><dt><kbd>/</kbd></dt><dd>search</dd>\
        <dt><kbd>Shift</kbd> + <kbd>←</kbd> <kbd>→</kbd> <kbd>↑</kbd> <kbd>↓</kbd></dt><dd>in the reader: select words</dd>\
        <dt><kbd>h</kbd> <kbd>n</kbd></dt><dd>highlight the selection; with a note</dd></dl>
        """
}
