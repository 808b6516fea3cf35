import Foundation
import MarksBookmarks

/// The home cards from the widget files (the same the desktop widgets read): recent bookmarks, one at random, and
/// recent podcasts.
struct HomeCards: Sendable {
    let widgets: WidgetDataStore
    /// Picks an index below the bound.
    let random: @Sendable (Int) -> Int
    let log: @Sendable (String) -> Void

    /// The cards, or nil when there is nothing to show or the files cannot be read (logged).
    func load() -> HomeCardsView? {
        do {
            let recent = try widgets.loadBookmarks().recent
            let podcasts = try widgets.loadPodcasts().recent
            guard !recent.isEmpty || !podcasts.isEmpty else { return nil }
            let chosen = recent.isEmpty ? nil : recent[min(recent.count - 1, max(0, random(recent.count)))]
            return HomeCardsView(recent: Array(recent.prefix(3)), random: chosen, podcasts: Array(podcasts.prefix(3)))
        } catch {
            log("home cards: widget data unreadable: \(error)")
            return nil
        }
    }
}
