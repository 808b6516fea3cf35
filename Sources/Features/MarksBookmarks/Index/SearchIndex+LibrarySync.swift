import MarksCore
import MarksIndex

/// What a full sync of the index with the library did.
public struct IndexSyncResult: Sendable, Equatable {
    /// Live (unarchived) bookmarks read.
    public var live: Int
    /// Archived bookmarks read.
    public var archived: Int
    /// Index entries removed because the library no longer has them.
    public var removed: Int

    /// A result value.
    public init(live: Int, archived: Int, removed: Int) {
        self.live = live
        self.archived = archived
        self.removed = removed
    }
}

extension SearchIndex {
    /// Walks the whole library, live and archived, upserting every page into the index, then removes entries
    /// the library no longer has (the catch-all for changes made elsewhere: linkding's own web UI, another
    /// device). Pass a library without this index's observer, or each page is written twice. A finished walk
    /// clears the mark a large import or sync left (`markBehind`), unless another was set meanwhile; one that added
    /// `packAfter` documents or more packs the file (`pack`).
    public func sync(from library: LibraryService, pageSize: Int = 1_000, pages: PageTexts = .none,
                     packAfter: Int = SearchIndex.packAfterAdding,
                     progress: @Sendable (_ read: Int) -> Void = { _ in }) async throws -> IndexSyncResult {
        let mark = try behindMark()
        let before = try documentCount()
        var seen = Set<Int>()
        var counts = [0, 0]
        for (slot, archived) in [false, true].enumerated() {
            var page = try await library.load(LibraryFilter(archived: archived, limit: pageSize))
            while true {
                try upsert(page.bookmarks)
                try syncPageTexts(ids: page.bookmarks.map(\.id), from: pages)
                seen.formUnion(page.bookmarks.map(\.id))
                counts[slot] += page.bookmarks.count
                progress(counts[0] + counts[1])
                guard let next = page.next, !page.bookmarks.isEmpty else { break }
                page = try await library.loadMore(next)
            }
        }
        let removed = try removeAll(except: seen)
        if try documentCount() - before >= packAfter {
            let index = self
            try await database.onWriterThread { try index.pack() }
        }
        try clearBehind(ifStill: mark)
        return IndexSyncResult(live: counts[0], archived: counts[1], removed: removed)
    }
}
