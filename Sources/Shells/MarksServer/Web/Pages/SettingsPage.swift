import MarksCore

/// Settings: where bookmarks live (the embedded store, or a linkding server with a Verify button that
/// shows the exact problem), the theme, signing in another device, signing out, and the keyboard keys.
struct SettingsPage {
    /// The linkding fields as typed; the token is never echoed back.
    struct ServerFields: Equatable {
        var useLinkding = false
        var host = ""
        var port = ""
        var path = ""
        var https = true
        var hasSavedToken = false
    }

    /// The outcome of Verify or Save.
    enum Outcome {
        case verified(String)
        case saved(restartNeeded: Bool)
        case problem(String)
    }

    var fields: ServerFields
    var outcome: Outcome?
    /// A fresh one-time sign-in link for another device, when one was asked for.
    var deviceLink: String?
    /// What the running server uses, in words.
    var activeDescription: String
    var configPath: String
    var context: PageContext
    /// The reading preferences (B lists' fieldset).
    var reading = ReadingPreferences()

    static let title = "Settings"

    func render() -> HTML {
        let csrf = HTML.csrfField(context.csrfToken)
        return """
            <h1>\(Self.title)</h1>
            <section aria-labelledby="source-heading"><h2 id="source-heading">Where bookmarks live</h2>\
            <p>Now: \(activeDescription).</p>\(outcomeHTML())
            <form method="post" action="/settings" class="stack" id="settings-form">\(csrf)\
            <fieldset><legend>Source</legend>\
            <label class="check"><input type="radio" name="source" value="embedded" id="source-embedded"\(HTML.checked(!fields.useLinkding))> \
            Marks’ own store on this computer</label>\
            <label class="check"><input type="radio" name="source" value="linkding" id="source-linkding"\(HTML.checked(fields.useLinkding))> \
            A linkding server</label></fieldset>\
            <fieldset><legend>linkding server</legend><div class="stack">\
            \(FormFields.text("host", label: "Host", value: fields.host, hint: "For example links.example.com — without https://.", attributes: " autocomplete=\"off\" spellcheck=\"false\" autocapitalize=\"none\""))\
            \(FormFields.text("port", label: "Port (optional)", value: fields.port, attributes: " inputmode=\"numeric\" autocomplete=\"off\""))\
            \(FormFields.text("path", label: "Path prefix (optional)", value: fields.path, hint: "Only when linkding runs below a path, such as /linkding.", attributes: " autocomplete=\"off\" spellcheck=\"false\""))\
            <div><label for="token">API token</label><input type="password" id="token" name="token" value="" autocomplete="off" \
            aria-describedby="token-hint"><p class="hint" id="token-hint">In linkding: Settings → Integrations → REST API.\
            \(fields.hasSavedToken ? " A token is saved; leave this empty to keep it." : "")</p></div>\
            \(FormFields.check("https", label: "Use https", on: fields.https))</div></fieldset>\
            <div class="buttons"><button type="submit" formaction="/settings/verify" id="verify">Verify</button>\
            <button type="submit" class="primary" id="save-settings">Save</button></div>\
            <p class="hint">Saved to \(configPath). A new source takes effect when marks serve is restarted.</p></form></section>
            \(ReadingSettingsView(preferences: reading, csrfToken: context.csrfToken).render())
            <section aria-labelledby="theme-heading"><h2 id="theme-heading">Appearance</h2>\
            <form method="post" action="/theme" class="buttons" id="theme-form">\(csrf)\(HTML.hidden("return", "/settings"))\
            \(HTML.each(WebTheme.allCases, themeButton))</form></section>
            <section aria-labelledby="devices-heading"><h2 id="devices-heading">Devices</h2>\
            <p>To use Marks on your phone (on the same network), open a one-time sign-in link there.</p>\(deviceLinkHTML())\
            <form method="post" action="/settings/device-link" class="buttons">\(csrf)<button type="submit" id="device-link">Make a sign-in link</button></form>\
            <form method="post" action="/signout" class="buttons">\(csrf)<button type="submit" id="sign-out">Sign out</button></form></section>
            <section aria-labelledby="keys-heading"><h2 id="keys-heading">Keyboard</h2>\(Self.keys)</section>
            """
    }

    private func themeButton(_ theme: WebTheme) -> HTML {
        "<button type=\"submit\" name=\"theme\" value=\"\(theme.rawValue)\" aria-pressed=\"\(theme == context.theme ? "true" : "false")\" id=\"theme-\(theme.rawValue)\">\(theme.title)</button>"
    }

    private func outcomeHTML() -> HTML {
        switch outcome {
        case .none: return .empty
        case .verified(let message): return HTML.success(message)
        case .saved(let restart):
            return HTML.success(restart ? "Saved. Restart marks serve to use the new source." : "Saved.")
        case .problem(let message): return HTML.problem(message)
        }
    }

    private func deviceLinkHTML() -> HTML {
        guard let deviceLink else { return .empty }
        return """
            <p class="notice" role="status">Open this link on the other device within 24 hours; it works once:<br>\
            <code id="device-link-url">\(deviceLink)</code></p>
            """
    }

    static let keys: HTML = """
        <dl class="keys"><dt><kbd>j</kbd> <kbd>k</kbd></dt><dd>next / previous bookmark</dd>\
        <dt><kbd>o</kbd> <kbd>Enter</kbd></dt><dd>open</dd><dt><kbd>m</kbd></dt><dd>mark read / unread</dd>\
        <dt><kbd>e</kbd></dt><dd>edit</dd><dt><kbd>a</kbd></dt><dd>archive</dd><dt><kbd>←</kbd> <kbd>→</kbd></dt><dd>the row’s buttons</dd>\
        <dt><kbd>d</kbd></dt><dd>delete (with Undo)</dd><dt><kbd>/</kbd></dt><dd>search</dd></dl>
        """
}
