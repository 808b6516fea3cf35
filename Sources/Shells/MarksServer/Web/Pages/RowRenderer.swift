import MarksCore

/// Turns bookmarks into rows with the extras, favicons, date style and title target of this app instance.
struct RowRenderer: Sendable {
    var extras: @Sendable (Bookmark) -> RowExtras
    var favicon: @Sendable (Bookmark) -> SafeURL?
    var dates: WebDate
    /// Where titles lead (the reading preference, read once per list).
    var titleOpens: @Sendable () -> ReadingPreferences.TitleTarget = { .page }

    func row(_ bookmark: Bookmark, picked: Bool? = nil) -> HTML {
        row(bookmark, titleOpens: titleOpens(), picked: picked)
    }

    func rows(_ bookmarks: [Bookmark], picked: Bool? = nil) -> HTML {
        let target = titleOpens()
        return HTML.each(bookmarks) { row($0, titleOpens: target, picked: picked) }
    }

    private func row(_ bookmark: Bookmark, titleOpens: ReadingPreferences.TitleTarget, picked: Bool?) -> HTML {
        BookmarkRowView(bookmark: bookmark, extras: extras(bookmark), favicon: favicon(bookmark), dates: dates,
                        titleOpens: titleOpens, picked: picked).render()
    }
}
