import MarksCore

/// Follows `next` from a first page to the end of a list, as given (the client keeps its configured origin).
/// A server whose `next` repeats or never ends with empty pages is stopped, not followed forever.
enum BookmarkWalker {
    /// Every bookmark of a list and the list's `count` from its first page.
    static func all(_ source: any BookmarkSource, _ query: BookmarkListQuery,
                    progress: (Int, Int) -> Void) async throws -> (bookmarks: [Bookmark], count: Int) {
        var page = try await source.list(query)
        let count = page.count
        var bookmarks = page.results
        var seen = Set<String>()
        progress(bookmarks.count, max(count, bookmarks.count))
        while let next = page.next, !page.results.isEmpty, seen.insert(next).inserted {
            page = try await source.page(at: next)
            bookmarks += page.results
            progress(bookmarks.count, max(count, bookmarks.count))
        }
        return (bookmarks, count)
    }

    /// Every tag name the source has.
    static func allTagNames(_ source: any BookmarkSource, pageSize: Int) async throws -> [String] {
        var names: [String] = []
        var offset = 0
        while true {
            let page = try await source.tags(limit: pageSize, offset: offset)
            names += page.results.map(\.name)
            offset += page.results.count
            guard page.next != nil, !page.results.isEmpty, offset < page.count else { break }
        }
        return names
    }
}
