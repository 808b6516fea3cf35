import MarksBookmarks
import MarksReading

extension CompositionRoot {
    /// The favicons Marks keeps (the `favicons` table of `marks.sqlite`), fetched through the one page fetcher.
    public func favicons() throws -> FaviconService {
        try part(\.favicons) {
            FaviconService(store: try FaviconStore(database: try data().database), fetcher: fetcher(), now: context.now)
        }
    }

    /// In `marks serve`, an observer that queues a `favicon.fetch` job for each new site a saved bookmark is on.
    public func faviconObservers() -> [LibraryObserver] {
        guard runsBackgroundWork else { return [] }
        do {
            let favicons = try favicons()
            let jobs = try jobs()
            return [favicons.observer(enqueue: { _ = try await jobs.enqueue($0) }, warn: warn)]
        } catch {
            warn("favicons are not being fetched: \(AssemblyFailure.describe(error))")
            return []
        }
    }
}
