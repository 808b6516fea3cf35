/// What every page of one request needs besides its own data: the CSRF token for its forms, the
/// theme, where the person is (for "return to" fields) and the asset names.
struct PageContext: Sendable {
    var csrfToken: String
    var theme: WebTheme
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
