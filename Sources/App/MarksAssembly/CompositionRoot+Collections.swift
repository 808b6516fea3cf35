import Foundation
import MarksBookmarks
import MarksJobs

extension CompositionRoot {
    /// The saved smart collections (tables in `marks.sqlite`), made from the search index's vectors (made once).
    public func collectionRefresh() throws -> CollectionRefresh {
        let database = try data().database
        let index = try searchIndex()
        let now = context.now
        return try part(\.collections) { CollectionRefresh(store: try CollectionStore(database: database, now: now), index: index) }
    }

    /// In a process that runs background work, an observer that queues the collections' refresh (a minute later,
    /// coalesced) when bookmarks are archived, unarchived or deleted. Saves need their vectors first: the vector job
    /// queues the refresh after storing them (`ServeParts.registerJobs`).
    func collectionObservers() -> [LibraryObserver] {
        guard runsBackgroundWork else { return [] }
        do {
            let jobs = try jobs()
            let warn = warn
            let queue: @Sendable () async -> Void = {
                do {
                    _ = try await jobs.enqueue(CollectionRefresh.job(after: jobs.clock.now().addingTimeInterval(CollectionRefresh.settle)))
                } catch {
                    warn("the collections were not queued to be made again: \(AssemblyFailure.describe(error))")
                }
            }
            return [LibraryObserver(saved: { _ in }, archived: { _ in await queue() }, unarchived: { _ in await queue() },
                                    deleted: { _ in await queue() })]
        } catch {
            warn("collections will not follow archives and deletes until the next start: \(AssemblyFailure.describe(error))")
            return []
        }
    }
}
