import Foundation

/// Every asset the web app serves, embedded in the binary: style sheet, script, icons, the PWA
/// manifest (with its share target) and the service worker (which precaches the hashed shell).
struct WebAssets: Sendable {
    let css: WebAsset
    let js: WebAsset
    /// The podcast player, loaded by the app script when there is something to play.
    let player: WebAsset
    /// The Ask tab's script and style sheet, loaded by the Ask page only.
    let ask: WebAsset
    let askStyles: WebAsset
    let icon192: WebAsset
    let icon512: WebAsset
    let manifest: WebAsset
    let serviceWorker: WebAsset
    private let byPath: [String: WebAsset]

    /// The assets of this build.
    static let shared = WebAssets()

    private init() {
        css = .hashed("app", "css", Data(StyleSheet.css.utf8), type: "text/css; charset=utf-8")
        js = .hashed("app", "js", Data(WebAsset.withoutCommentLines(AppScript.js).utf8), type: "text/javascript; charset=utf-8")
        player = .hashed("player", "js", Data(PlayerScript.js.utf8), type: "text/javascript; charset=utf-8")
        ask = .hashed("ask", "js", Data(AskScript.js.utf8), type: "text/javascript; charset=utf-8")
        askStyles = .hashed("ask", "css", Data(AskStyles.css.utf8), type: "text/css; charset=utf-8")
        icon192 = .hashed("icon-192", "png", AppIcons.png192, type: "image/png")
        icon512 = .hashed("icon-512", "png", AppIcons.png512, type: "image/png")
        manifest = .fixed("/manifest.webmanifest", Data(WebManifest.json(icon192: icon192.path, icon512: icon512.path).utf8),
                          type: "application/manifest+json")
        let shell = [css.path, js.path, player.path, ask.path, askStyles.path, icon192.path, icon512.path, ServiceWorkerScript.offlinePath]
        serviceWorker = .fixed("/sw.js", Data(ServiceWorkerScript.js(shell: shell).utf8), type: "text/javascript; charset=utf-8")
        var byPath: [String: WebAsset] = [:]
        for asset in [css, js, player, ask, askStyles, icon192, icon512, manifest, serviceWorker] { byPath[asset.path] = asset }
        self.byPath = byPath
    }

    /// The asset served at `path`, if any.
    func asset(at path: String) -> WebAsset? {
        byPath[path]
    }
}
