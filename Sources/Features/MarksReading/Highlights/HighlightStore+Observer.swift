import MarksBookmarks

extension HighlightStore {
    /// The library observer that drops a bookmark's highlights when it is deleted for good (a purge from the trash;
    /// a delete only moves it to the trash, which keeps them) and moves them when a restore gives it a new id (a
    /// linkding server that had deleted it). A failure is a warning: the purge or restore itself stands.
    public func observer(warn: @escaping @Sendable (String) -> Void) -> LibraryObserver {
        LibraryObserver(saved: { _ in }, archived: { _ in }, unarchived: { _ in }, deleted: { _ in }, purged: { [self] source, ids in
            do {
                try removeAll(source: source, bookmarkIDs: ids)
            } catch {
                warn("the highlights of bookmarks deleted for good were not removed: \(error)")
            }
        }, renumbered: { [self] source, from, to in
            do {
                try move(source: source, from: from, to: to)
            } catch {
                warn("the highlights of bookmark \(from), restored as \(to), were not moved to it: \(error)")
            }
        })
    }
}
