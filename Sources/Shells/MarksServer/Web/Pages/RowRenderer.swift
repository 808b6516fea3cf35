import MarksCore

/// Turns bookmarks into rows with the extras, favicons and date style of this app instance.
struct RowRenderer: Sendable {
    var extras: @Sendable (Bookmark) -> RowExtras
    var favicon: @Sendable (Bookmark) -> SafeURL?
    var dates: WebDate

    func row(_ bookmark: Bookmark) -> HTML {
        BookmarkRowView(bookmark: bookmark, extras: extras(bookmark), favicon: favicon(bookmark), dates: dates).render()
    }

    func rows(_ bookmarks: [Bookmark]) -> HTML {
        HTML.each(bookmarks, row)
    }
}
