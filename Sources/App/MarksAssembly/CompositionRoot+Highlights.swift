import Foundation
import MarksBookmarks
import MarksIndex
import MarksReading

extension CompositionRoot {
    /// The highlights and notes (the `highlights` table of `marks.sqlite`), for every bookmark source.
    public func highlights() throws -> HighlightStore {
        let database = try data().database
        return try part(\.highlights) { try HighlightStore(database: database, now: context.now) }
    }

    /// What follows a change to a bookmark's highlights in the web app: its page passages (the archived text and the
    /// highlights) written to the search index again, embedded in the background where this process runs it.
    public func highlightsChanged() throws -> @Sendable (_ bookmarkID: Int) async -> Void {
        let changed = try bookmarksHighlightsChanged()
        return { id in await changed([id]) }
    }

    /// `highlightsChanged` for several bookmarks at once (an import's).
    func bookmarksHighlightsChanged() throws -> @Sendable (_ bookmarkIDs: [Int]) async -> Void {
        let index = try searchIndex()
        let indexer = runsBackgroundWork ? try self.indexer() : nil
        let pages = pageTexts()
        let warn = self.warn
        return { ids in
            do {
                try index.syncPageTexts(ids: ids, from: pages)
            } catch {
                warn("the search index did not take the highlights of bookmarks \(ids.prefix(5).map(String.init).joined(separator: ", "))\(ids.count > 5 ? "…" : ""): \(AssemblyFailure.describe(error))")
            }
            await SearchIndex.schedule(indexer, warn: warn)
        }
    }

    /// What follows a change to a document's highlights in the web app: the source given to the search index again (its
    /// text's passages and its highlights'), embedded in the background where this process runs it.
    public func documentHighlightsChanged() throws -> @Sendable (_ documentID: UUID) async -> Void {
        let library = try sources()
        let observer = sourceIndexObserver()
        let warn = self.warn
        return { id in
            do {
                await observer?.saved([try library.source(id: id)])
            } catch {
                warn("the search index did not take source \(id.uuidString.lowercased())'s highlights: \(AssemblyFailure.describe(error))")
            }
        }
    }

    /// The observer that drops a bookmark's highlights when it is deleted for good; none (with a warning) when the
    /// highlights cannot be opened.
    /// Where the library's imports of other services' exports keep their highlights (`ImportedHighlightStore`): the
    /// highlight store, the search index told of the bookmarks that gained some. Nil (the highlights then go into the
    /// notes as text) when the store cannot be opened, with a warning.
    func importedHighlights() -> ImportedHighlightStore? {
        do {
            let store = try highlights()
            let changed: (@Sendable ([Int]) async -> Void)?
            do {
                changed = try bookmarksHighlightsChanged()
            } catch {
                warn("the search index will not take imported highlights: \(AssemblyFailure.describe(error))")
                changed = nil
            }
            return store.importedHighlights { ids in await changed?(ids) }
        } catch {
            warn("imported highlights will be kept in the bookmarks' notes: \(AssemblyFailure.describe(error))")
            return nil
        }
    }

    public func highlightObservers() -> [LibraryObserver] {
        do {
            return [try highlights().observer(warn: warn)]
        } catch {
            warn("highlights of bookmarks deleted for good are not being removed: \(AssemblyFailure.describe(error))")
            return []
        }
    }
}
