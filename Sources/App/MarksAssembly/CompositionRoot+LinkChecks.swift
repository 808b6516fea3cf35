import MarksReading

extension CompositionRoot {
    /// The broken-link check, its results in `marks.sqlite`, asking through the one page fetcher.
    public func linkChecker() throws -> LinkChecker {
        let database = try data().database
        let fetcher = fetcher()
        let now = context.now
        return try part(\.linkChecker) { try LinkChecker(database: database, fetcher: fetcher, now: now) }
    }
}
