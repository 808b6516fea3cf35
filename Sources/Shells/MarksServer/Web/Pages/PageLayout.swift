/// The document around every page: head with the hashed assets and the CSRF token, the chrome
/// (tab bar and theme toggle), the main region, and the live region the script uses for Undo.
struct PageLayout {
    var title: String
    /// The highlighted tab, nil for pages outside the tab bar.
    var tab: WebTab?
    var context: PageContext
    /// False for pages shown before sign-in (no tab bar, no forms).
    var signedIn = true

    func render(_ body: HTML) -> HTML {
        let assets = context.assets
        let theme: HTML = context.theme == .system ? .empty : " data-theme=\"\(context.theme.rawValue)\""
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
            <body data-undo-ms="\(context.undoMilliseconds)"><a class="skip" href="#main">Skip to content</a>\
            \(signedIn ? chrome() : .empty)
            <main id="main">\(notice())\(body)</main>
            <div class="toast" id="toast" role="status" aria-live="polite" hidden><span id="toast-text"></span>\
            <button type="button" id="toast-undo">Undo</button></div>
            </body></html>
            """
    }

    private func chrome() -> HTML {
        let tabs = HTML.each(WebTab.bar) { item in
            "<li><a href=\"\(SafeURL.path(item.path))\"\(HTML.current(item == tab)) data-tab=\"\(item.rawValue)\">\(item.title)</a></li>"
        }
        let next = context.theme.next
        return """
            <header class="chrome"><div class="chrome-inner"><nav aria-label="Sections"><ul class="tabs">\(tabs)</ul></nav>\
            <form class="theme-form" method="post" action="/theme">\(HTML.csrfField(context.csrfToken))\
            \(HTML.hidden("return", context.returnPath))\
            <button class="link" name="theme" value="\(next.rawValue)" id="theme-toggle" \
            aria-label="Theme: \(context.theme.title). Switch to \(next.title)">Theme: \(context.theme.title)</button></form>\
            </div></header>
            """
    }

    private func notice() -> HTML {
        guard let notice = context.notice, !notice.isEmpty else { return .empty }
        guard let id = context.undoID else { return HTML.success(notice) }
        // Trash (part C): the notice after a delete carries an Undo form, so undo works without script too.
        let back = WebController.removingQueryItem("undo", from: WebController.removingQueryItem("notice", from: context.returnPath))
        return """
            <div class="notice success undo" role="status">\(notice) \
            <form method="post" action="\(SafeURL.path("/bookmarks/\(id)/restore"))">\(HTML.csrfField(context.csrfToken))\
            \(HTML.hidden("return", back))<button type="submit" class="link" id="notice-undo">Undo</button></form> \
            <a href="/trash">Trash</a></div>
            """
    }
}
