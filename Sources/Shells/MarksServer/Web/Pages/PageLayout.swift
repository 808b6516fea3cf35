/// The document around every page: head with the hashed assets and the CSRF token, the shell (a sidebar
/// on desktop, a header plus a one-row bottom bar on phones, both from `WebTab`), the main region the
/// script swaps in place, the persistent region it never touches (`#persistent`: where a player lives
/// across pages), and the live region the script uses for Undo. The theme is chosen in Settings.
struct PageLayout {
    var title: String
    /// The highlighted tab, nil for pages outside the tab bar.
    var tab: WebTab?
    var context: PageContext
    /// False for pages shown before sign-in (no tab bar, no forms).
    var signedIn = true

    func render(_ body: HTML) -> HTML {
        let assets = context.assets
        var theme: HTML = context.theme == .system ? .empty : " data-theme=\"\(context.theme.rawValue)\""
        if context.density == .compact { theme.append(" data-density=\"compact\"") }
        return """
            <!doctype html>
            <html lang="en"\(theme)><head><meta charset="utf-8">\
            <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">\
            <title>\(title) · Marks</title>\
            <meta name="color-scheme" content="light dark">\
            <meta name="theme-color" content="#f3f1ec" media="(prefers-color-scheme: light)">\
            <meta name="theme-color" content="#1c1b19" media="(prefers-color-scheme: dark)">\
            \(HTML.when(signedIn, "<meta name=\"csrf-token\" content=\"\(context.csrfToken)\">"))\
            <link rel="stylesheet" href="\(assets.css.path)">\
            <link rel="manifest" href="/manifest.webmanifest">\
            <link rel="icon" type="image/png" sizes="192x192" href="\(assets.icon192.path)">\
            <link rel="apple-touch-icon" href="\(assets.icon192.path)">\
            <script src="\(assets.js.path)" defer></script></head>
            <body\(HTML.when(signedIn, " class=\"shell\"")) data-undo-ms="\(context.undoMilliseconds)"><a class="skip" href="#main">Skip to content</a>\
            \(signedIn ? chrome() : .empty)
            <main id="main" tabindex="-1">\(notice())\(body)</main>
            \(HTML.when(signedIn, "<div id=\"persistent\" class=\"persistent\" data-persistent data-player=\"\(assets.player.path)\"></div>"))\
            <div class="toast" id="toast" role="status" aria-live="polite" hidden><span id="toast-text"></span>\
            <button type="button" id="toast-undo" aria-keyshortcuts="z Control+Z" hidden>Undo</button></div>
            </body></html>
            """
    }

    /// The shell: brand and Add, then every tab. One list serves both bars: items only the sidebar shows
    /// are `wide`, More is `narrow` (phone only); the phone lights More for the tabs behind it.
    private func chrome() -> HTML {
        let tabs = HTML.each(WebTab.sidebar + [.more]) { item in
            let place: HTML = item == .more ? "narrow" : WebTab.phoneBar.contains(item) ? "both" : "wide"
            let current = item == tab || (item == .more && tab.map { $0.phoneSlot == .more } == true)
            return """
                <li class="\(place)" data-tab="\(item.rawValue)"><a href="\(SafeURL.path(item.path))"\(HTML.current(current)) \
                data-tab="\(item.rawValue)">\(ShellIcons.icon(for: item))<span class="label">\(item.title)</span></a></li>
                """
        }
        return """
            <header class="chrome" id="chrome"><a class="brand" href="/">Marks</a>\
            <a class="add-link" href="/add" data-tab="add"\(HTML.current(tab == .add))>\(ShellIcons.icon(for: .add))<span class="label">Add<span class="wide-label"> bookmark</span></span></a>\
            <nav aria-label="Sections" id="tabbar"><ul class="tabs">\(tabs)</ul></nav></header>
            """
    }

    private func notice() -> HTML {
        guard let notice = context.notice, !notice.isEmpty else { return .empty }
        guard let action = context.undoAction else { return HTML.success(notice) }
        // The notice after a delete carries an Undo form, so undo works without script too.
        let back = WebContext.removingQueryItem("undo", from: WebContext.removingQueryItem("notice", from: context.returnPath))
        return """
            <div class="notice success undo" role="status">\(notice) \
            <form method="post" action="\(SafeURL.path(action))">\(HTML.csrfField(context.csrfToken))\
            \(HTML.hidden("return", back))<button type="submit" class="link" id="notice-undo">Undo</button></form> \
            <a href="/trash">Trash</a></div>
            """
    }
}
