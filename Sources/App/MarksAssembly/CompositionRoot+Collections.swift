import MarksBookmarks

extension CompositionRoot {
    /// The saved smart collections (tables in `marks.sqlite`), made from the search index's vectors (made once).
    public func collectionRefresh() throws -> CollectionRefresh {
        let database = try data().database
        let index = try searchIndex()
        let now = context.now
        return try part(\.collections) { CollectionRefresh(store: try CollectionStore(database: database, now: now), index: index) }
    }
}
