/// What every page of one request needs besides its own data: the CSRF token for its forms, the
/// theme and list density, whether the home cards are folded, where the person is (for "return to" fields) and the asset names.
struct PageContext: Sendable {
    var csrfToken: String
    var theme: WebTheme
    var density: ListDensity = .comfortable
    /// Whether the home cards start folded: the person's last choice (`marks_cards`), else folded in compact density.
    var cardsFolded = false
    /// The path and query of this page, used as the place to come back to after a form post.
    var returnPath: String
    var assets: WebAssets
    /// How long archive and delete wait for Undo, in milliseconds.
    var undoMilliseconds: Int
    /// A one-line message from the previous action (after a redirect), shown once.
    var notice: String?
    /// After a delete without script: where the notice's Undo form posts (`/bookmarks/<id>/restore`, `/sources/<uuid>/restore`).
    var undoAction: String? = nil
}
