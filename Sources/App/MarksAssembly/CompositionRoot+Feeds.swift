import MarksReading

extension CompositionRoot {
    /// The followed feeds, their subscriptions in `marks.sqlite`, checked through the one page fetcher.
    public func feedSubscriptions() throws -> FeedSubscriptions {
        let database = try data().database
        let fetcher = fetcher()
        let now = context.now
        return try part(\.feedSubscriptions) { try FeedSubscriptions(database: database, fetcher: fetcher, now: now) }
    }
}
