import Foundation

/// Every asset the web app serves, embedded in the binary (`WebAssetFiles`): style sheet, script, icons, the PWA
/// manifest (with its share target) and the service worker (which precaches the hashed shell). The files are in this
/// folder; what each holds is said at its top.
struct WebAssets: Sendable {
    /// The app's one style sheet (`app.css` and the `app-*.css` parts it includes).
    let css: WebAsset
    /// The app's one script (`app.js` and the `app-*.js` parts it includes), without its `//` comment lines.
    let js: WebAsset
    /// The podcast player (`player.js`), loaded by the app script when there is something to play.
    let player: WebAsset
    /// The Ask tab's script and style sheet (`ask.js`, `ask.css`), loaded by the Ask page only.
    let ask: WebAsset
    let askStyles: WebAsset
    /// The reader's script and style sheet (`reader.js`, `reader.css`), loaded by the reader page only.
    let reader: WebAsset
    let readerStyles: WebAsset
    /// Highlights' script and style sheet (`highlights.js`, `highlights.css`), loaded where highlights show.
    let highlights: WebAsset
    let highlightStyles: WebAsset
    let icon192: WebAsset
    let icon512: WebAsset
    /// `manifest.webmanifest` with the icons' paths.
    let manifest: WebAsset
    /// `sw.js` with the shell it precaches.
    let serviceWorker: WebAsset
    private let byPath: [String: WebAsset]

    /// The page shown for a navigation that is neither online nor cached (precached by the service worker).
    static let offlinePath = "/offline"

    /// The assets of this build.
    static let shared = WebAssets()

    private init() {
        css = .hashed("app", "css", Data(WebAssetFiles.bundle("app.css").utf8), type: "text/css; charset=utf-8")
        js = .hashed("app", "js", Data(WebAsset.withoutCommentLines(WebAssetFiles.bundle("app.js")).utf8),
                     type: "text/javascript; charset=utf-8")
        player = .hashed("player", "js", Data(WebAssetFiles.script("player.js").utf8), type: "text/javascript; charset=utf-8")
        ask = .hashed("ask", "js", Data(WebAssetFiles.script("ask.js").utf8), type: "text/javascript; charset=utf-8")
        askStyles = .hashed("ask", "css", Data(WebAssetFiles.text("ask.css").utf8), type: "text/css; charset=utf-8")
        reader = .hashed("reader", "js", Data(WebAssetFiles.script("reader.js").utf8), type: "text/javascript; charset=utf-8")
        readerStyles = .hashed("reader", "css", Data(WebAssetFiles.text("reader.css").utf8), type: "text/css; charset=utf-8")
        highlights = .hashed("highlights", "js", Data(WebAssetFiles.script("highlights.js").utf8), type: "text/javascript; charset=utf-8")
        highlightStyles = .hashed("highlights", "css", Data(WebAssetFiles.text("highlights.css").utf8), type: "text/css; charset=utf-8")
        icon192 = .hashed("icon-192", "png", AppIcons.png192, type: "image/png")
        icon512 = .hashed("icon-512", "png", AppIcons.png512, type: "image/png")
        manifest = .fixed("/manifest.webmanifest", Data(Self.manifest(icon192: icon192.path, icon512: icon512.path).utf8),
                          type: "application/manifest+json")
        let shell = [css.path, js.path, player.path, ask.path, askStyles.path, reader.path, readerStyles.path, highlights.path, highlightStyles.path,
                     icon192.path, icon512.path, Self.offlinePath]
        serviceWorker = .fixed("/sw.js", Data(Self.serviceWorker(shell: shell).utf8), type: "text/javascript; charset=utf-8")
        var byPath: [String: WebAsset] = [:]
        for asset in [css, js, player, ask, askStyles, reader, readerStyles, highlights, highlightStyles, icon192, icon512, manifest, serviceWorker] {
            byPath[asset.path] = asset
        }
        self.byPath = byPath
    }

    /// The asset served at `path`, if any.
    func asset(at path: String) -> WebAsset? {
        byPath[path]
    }

    /// The PWA manifest (`manifest.webmanifest`) with the icons' hashed paths for `{{icon192}}` and `{{icon512}}`.
    static func manifest(icon192: String, icon512: String) -> String {
        WebAssetFiles.text("manifest.webmanifest")
            .replacingOccurrences(of: "{{icon192}}", with: icon192)
            .replacingOccurrences(of: "{{icon512}}", with: icon512)
    }

    /// The service worker (`sw.js`) precaching `shell` (for `/*{{shell}}*/`), in a cache named after it (`{{version}}`),
    /// with the offline page (`{{offline}}`).
    static func serviceWorker(shell: [String]) -> String {
        let list = shell.map { "\"\($0)\"" }.joined(separator: ",")
        return WebAssetFiles.script("sw.js")
            .replacingOccurrences(of: "{{version}}", with: WebAsset.fingerprint(Data(list.utf8)))
            .replacingOccurrences(of: "/*{{shell}}*/", with: list)
            .replacingOccurrences(of: "{{offline}}", with: offlinePath)
    }
}
