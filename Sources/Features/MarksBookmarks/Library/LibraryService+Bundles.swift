import MarksCore

/// Bundles (linkding 1.4x's saved searches) through the source: a linkding server's `/api/bundles/`, or the
/// embedded store's. Opening one is a list with `LibraryFilter.bundle`, which the source applies as linkding does.
extension LibraryService {
    /// Every bundle, in its order (at most `limit`).
    public func bundles(limit: Int = 1000) async throws -> [BookmarkBundle] {
        var all: [BookmarkBundle] = []
        while all.count < limit {
            let page = try await source.bundles(limit: min(100, limit - all.count), offset: all.count)
            all += page.results
            guard page.next != nil, !page.results.isEmpty else { break }
        }
        return all.sorted { ($0.order, $0.id) < ($1.order, $1.id) }
    }

    /// One bundle by id; `BookmarkSourceError.notFound` when there is none.
    public func bundle(id: Int) async throws -> BookmarkBundle {
        guard let found = try await bundles().first(where: { $0.id == id }) else { throw BookmarkSourceError.notFound }
        return found
    }

    /// Creates a bundle.
    public func createBundle(_ draft: BookmarkBundleDraft) async throws -> BookmarkBundle {
        try await source.createBundle(draft)
    }

    /// Changes the fields set in `draft`.
    public func updateBundle(id: Int, _ draft: BookmarkBundleDraft) async throws -> BookmarkBundle {
        try await source.updateBundle(id: id, draft)
    }

    /// Deletes a bundle (its bookmarks stay).
    public func deleteBundle(id: Int) async throws {
        try await source.deleteBundle(id: id)
    }
}
