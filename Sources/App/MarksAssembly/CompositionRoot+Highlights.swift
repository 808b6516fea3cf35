import MarksBookmarks
import MarksReading

extension CompositionRoot {
    /// The highlights and notes (the `highlights` table of `marks.sqlite`), for every bookmark source.
    public func highlights() throws -> HighlightStore {
        let database = try data().database
        return try part(\.highlights) { try HighlightStore(database: database, now: context.now) }
    }

    /// The observer that drops a bookmark's highlights when it is deleted for good; none (with a warning) when the
    /// highlights cannot be opened.
    public func highlightObservers() -> [LibraryObserver] {
        do {
            return [try highlights().observer(warn: warn)]
        } catch {
            warn("highlights of bookmarks deleted for good are not being removed: \(AssemblyFailure.describe(error))")
            return []
        }
    }
}
