import MarksCore
import MarksIndex
import MarksPodcasts
import MarksReading

/// Turns bookmarks into rows with the extras, favicons, date style and title target of this app instance.
struct RowRenderer: Sendable {
    var extras: @Sendable (Bookmark) -> RowExtras
    var favicon: @Sendable (Bookmark) -> SafeURL?
    var dates: WebDate
    /// Where titles lead (the reading preference, read once per list).
    var titleOpens: @Sendable () -> ReadingPreferences.TitleTarget = { .page }
    /// The URLs among these whose page's text is kept (one lookup per list): only their titles open the reader.
    var archived: @Sendable ([String]) -> Set<String> = { _ in [] }
    /// The podcast state of the bookmarks among these ids that have an episode (one lookup per list).
    var podcasts: @Sendable ([Int]) -> [Int: PodcastRowState] = { _ in [:] }
    /// Whether rows offer the Podcast action (in their More menu; the list carries `data-podcasts`).
    var podcastAction = false

    func row(_ bookmark: Bookmark, picked: Bool? = nil) -> HTML {
        row(bookmark, titleOpens: targets([bookmark])(bookmark), podcast: podcasts([bookmark.id])[bookmark.id], picked: picked)
    }

    /// Where each of `bookmarks`' titles leads: the reader for a kept page when the preference says so.
    private func targets(_ bookmarks: [Bookmark]) -> (Bookmark) -> ReadingPreferences.TitleTarget {
        guard titleOpens() == .reader else { return { _ in .page } }
        let kept = archived(bookmarks.map(\.url))
        return { kept.contains($0.url) ? .reader : .page }
    }

    /// Rows of search matches, each showing where it matched instead of its excerpt.
    func rows(_ matches: [(bookmark: Bookmark, snippet: KeywordSnippet)]) -> HTML {
        let target = targets(matches.map(\.bookmark))
        let states = podcasts(matches.map(\.bookmark.id))
        return HTML.each(matches) {
            row($0.bookmark, titleOpens: target($0.bookmark), podcast: states[$0.bookmark.id], picked: nil, snippet: $0.snippet)
        }
    }

    func rows(_ bookmarks: [Bookmark], picked: Bool? = nil) -> HTML {
        let target = targets(bookmarks)
        let states = podcasts(bookmarks.map(\.id))
        return HTML.each(bookmarks) { row($0, titleOpens: target($0), podcast: states[$0.id], picked: picked) }
    }

    private func row(_ bookmark: Bookmark, titleOpens: ReadingPreferences.TitleTarget, podcast: PodcastRowState?, picked: Bool?,
                     snippet: KeywordSnippet? = nil) -> HTML {
        var extras = extras(bookmark)
        if let podcast { extras.podcast = podcast }
        return BookmarkRowView(bookmark: bookmark, extras: extras, favicon: favicon(bookmark), dates: dates,
                               titleOpens: titleOpens, picked: picked, snippet: snippet).render()
    }
}
