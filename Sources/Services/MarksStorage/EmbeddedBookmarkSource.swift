import Foundation
import MarksCore
import SQLiteDatabase
import SystemSupport

/// The embedded store behind the bookmark-source seam, in process: what `marks serve`'s `/api/` answers, without
/// HTTP. Page links are built on `baseURL` (the `/api/` route passes the host it saw); `check` and scraping
/// creates get page metadata from the injected `metadata` closure. Its async calls run the synchronous store on
/// the database's own threads (reads on a reader, changes on the writer), never on Swift's cooperative pool.
public struct EmbeddedBookmarkSource: BookmarkSource {
    /// The store this source reads and writes.
    public let store: BookmarkStore
    /// Origin (and path prefix) for `next`/`previous` links, e.g. `http://127.0.0.1:8080`.
    public let baseURL: String
    /// The profile's `tag_search` setting.
    public let tagSearch: TagSearchMode
    /// The linkding version this store answers as on `/health`.
    public let version: String
    private let metadata: @Sendable (String) async -> BookmarkCheck.Metadata

    /// A source over `store`.
    public init(store: BookmarkStore, baseURL: String, tagSearch: TagSearchMode = .strict, version: String = "1.46.2",
                metadata: @escaping @Sendable (String) async -> BookmarkCheck.Metadata) {
        self.store = store
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.tagSearch = tagSearch
        self.version = version
        self.metadata = metadata
    }

    /// `embedded`: one store per data directory.
    public var identity: String { "embedded" }

    /// The store's one-transaction import (linkding's importer semantics), on a thread of its own so the shared
    /// concurrency threads — which also answer `marks serve`'s requests — are not held for seconds. The entries come
    /// part by part as they are read; another thread takes each part and prepares it (`ImportEntry`: its URL's key and
    /// its validation) while the store writes the last one. Each part's saved bookmarks are handed on. Tidying after it
    /// first copies the log beside the writer (the caller may be writing meanwhile), then merges the word index and
    /// empties the log on the writer thread.
    public var bulkImport: BookmarkBulkImport? {
        let store = store
        let database = store.database
        return BookmarkBulkImport({ entries, mapPrivateFlag, saved in
            let prepared = Handover<[ImportEntry]>(capacity: 4)
            async let preparing: Void = DedicatedThread.run("marks.import.prepare") {
                do {
                    while let part = try entries() {
                        guard prepared.send(part.map(ImportEntry.init)) else { return }
                    }
                    prepared.finish()
                } catch {
                    prepared.finish(throwing: error)
                }
            }
            do {
                let result = try await DedicatedThread.run("marks.import.store") {
                    try Self.mapped { () throws(BookmarkStoreError) in
                        try store.importBookmarks(prepared: { try prepared.receive() }, mapPrivateFlag: mapPrivateFlag, saved: saved)
                    }
                }
                try await preparing
                return result
            } catch {
                // The store stopped before the end of the entries: the preparing thread stops at its next part.
                prepared.close()
                try? await preparing  // safe: its body catches every error (handing it to the store), so nothing is lost
                throw error
            }
        }, tidy: { result in
            do {
                try await DedicatedThread.run("marks.import.checkpoint") { store.checkpointAfterBulkImport(result) }
                try await database.onWriterThread { store.tidyAfterBulkImport(result) }
            } catch {
                // The writer thread is gone (the store is closing): the import is committed, only untidied.
            }
        })
    }

    /// The store's trash: `delete` moves a bookmark there; restore brings it back with its id.
    public var trash: BookmarkTrash? {
        let store = store
        let database = store.database
        return BookmarkTrash(
            list: { try await database.onReaderThread { try Self.mapped { () throws(BookmarkStoreError) in try store.trashed() } } },
            restore: { id in try await database.onWriterThread { try Self.mapped { () throws(BookmarkStoreError) in try store.restore(id: id) } } },
            purge: { id in try await database.onWriterThread { try Self.mapped { () throws(BookmarkStoreError) in try store.purgeTrashed(id: id) } } },
            purgeDeleted: { cutoff in
                try await database.onWriterThread { try Self.mapped { () throws(BookmarkStoreError) in try store.purgeTrash(deletedBefore: cutoff) } }
            })
    }

    /// The store's one-transaction bulk change (`BookmarkStore.bulk`).
    public var bulkEdit: BookmarkBulkEdit? {
        let store = store
        return BookmarkBulkEdit { change, ids in
            try await store.database.onWriterThread { try Self.mapped { () throws(BookmarkStoreError) in try store.bulk(change, ids: ids) } }
        }
    }

    /// One page of the unarchived (or archived) list, with `next`/`previous` links.
    public func list(_ query: BookmarkListQuery) async throws -> Page<Bookmark> {
        try await reading { try page(query, scope: query.archived ? .archived : .unarchived) }
    }

    /// One page of any scope, links included (the shared list's route uses this).
    public func page(_ query: BookmarkListQuery, scope: BookmarkScope) throws -> Page<Bookmark> {
        let result = try mapped { () throws(BookmarkStoreError) in try store.list(query, scope: scope, tagSearch: tagSearch) }
        let path: String
        switch scope {
        case .unarchived: path = "/api/bookmarks/"
        case .archived: path = "/api/bookmarks/archived/"
        case .shared: path = "/api/bookmarks/shared/"
        }
        let links = PageLinks.links(base: baseURL, path: path, parameters: query.parameters,
                                    limit: BookmarkStore.pageLimit(query.limit), offset: max(0, query.offset), count: result.count)
        return Page(count: result.count, next: links.next, previous: links.previous, results: result.results)
    }

    /// The page a `next`/`previous` link of this source points to (its path picks the scope).
    public func page(at link: String) async throws -> Page<Bookmark> {
        let (path, parameters) = PageLinks.parse(link)
        let scope: BookmarkScope = path.hasSuffix("/archived/") ? .archived : path.hasSuffix("/shared/") ? .shared : .unarchived
        return try await reading { try page(BookmarkListQuery(parameters: parameters, archived: scope == .archived), scope: scope) }
    }

    /// One bookmark by id.
    public func bookmark(id: Int) async throws -> Bookmark {
        try await reading { try mapped { () throws(BookmarkStoreError) in try store.bookmark(id: id) } }
    }

    /// The stored bookmark with this normalised URL (archived too) and the page's metadata; no auto tags.
    public func check(url: String) async throws -> BookmarkCheck {
        let existing = try await reading { try mapped { () throws(BookmarkStoreError) in try store.bookmark(matching: url) } }
        var fetched = await metadata(url)
        fetched.url = url
        return BookmarkCheck(bookmark: existing, metadata: fetched)
    }

    /// Creates (or, for a known URL, overwrites) a bookmark; with `scrape`, an empty title or description comes from the page.
    public func create(_ draft: BookmarkDraft, scrape: Bool) async throws -> Bookmark {
        var fetched: BookmarkCheck.Metadata?
        if scrape, draft.title.isEmpty || draft.description.isEmpty {
            fetched = await metadata(draft.url)
        }
        let scraped = fetched
        return try await writing { try mapped { () throws(BookmarkStoreError) in try store.create(draft, fillingEmptyFrom: scraped) } }
    }

    /// Applies the set fields (PATCH).
    public func update(id: Int, _ update: BookmarkUpdate) async throws -> Bookmark {
        try await writing { try mapped { () throws(BookmarkStoreError) in try store.update(id: id, update) } }
    }

    /// Deletes a bookmark.
    public func delete(id: Int) async throws {
        try await writing { try mapped { () throws(BookmarkStoreError) in try store.delete(id: id) } }
    }

    /// Archives a bookmark.
    public func archive(id: Int) async throws {
        try await writing { try mapped { () throws(BookmarkStoreError) in try store.archive(id: id) } }
    }

    /// Unarchives a bookmark.
    public func unarchive(id: Int) async throws {
        try await writing { try mapped { () throws(BookmarkStoreError) in try store.unarchive(id: id) } }
    }

    /// The store's kept counts of bookmarks per tag (`StoreTagCounts`), read on a reader thread.
    public var tagCounts: BookmarkTagCounts? {
        let store = store
        return BookmarkTagCounts {
            try await store.database.onReaderThread { try Self.mapped { () throws(BookmarkStoreError) in try store.liveTagCounts() } }
        }
    }

    /// One page of tags in creation order, with links.
    public func tags(limit: Int, offset: Int) async throws -> Page<Tag> {
        let result = try await reading { try mapped { () throws(BookmarkStoreError) in try store.tags(limit: limit, offset: offset) } }
        let links = PageLinks.links(base: baseURL, path: "/api/tags/", parameters: [], limit: BookmarkStore.pageLimit(limit),
                                    offset: max(0, offset), count: result.count)
        return Page(count: result.count, next: links.next, previous: links.previous, results: result.results)
    }

    /// One page of bundles in their order, with links.
    public func bundles(limit: Int, offset: Int) async throws -> Page<BookmarkBundle> {
        let result = try await reading { try mapped { () throws(BookmarkStoreError) in try store.bundles(limit: limit, offset: offset) } }
        let links = PageLinks.links(base: baseURL, path: "/api/bundles/", parameters: [], limit: BookmarkStore.pageLimit(limit),
                                    offset: max(0, offset), count: result.count)
        return Page(count: result.count, next: links.next, previous: links.previous, results: result.results)
    }

    /// Creates a bundle.
    public func createBundle(_ draft: BookmarkBundleDraft) async throws -> BookmarkBundle {
        try await writing { try mapped { () throws(BookmarkStoreError) in try store.createBundle(draft) } }
    }

    /// Changes the fields set in `draft`.
    public func updateBundle(id: Int, _ draft: BookmarkBundleDraft) async throws -> BookmarkBundle {
        try await writing { try mapped { () throws(BookmarkStoreError) in try store.updateBundle(id: id, draft, partial: true) } }
    }

    /// Deletes a bundle.
    public func deleteBundle(id: Int) async throws {
        try await writing { try mapped { () throws(BookmarkStoreError) in try store.deleteBundle(id: id) } }
    }

    /// Always healthy, reporting `version`.
    public func health() async throws -> ServerHealth {
        ServerHealth(version: version, status: "healthy")
    }

    /// Runs a synchronous read of the store on one of the database's reader threads.
    private func reading<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await store.database.onReaderThread(body)
    }

    /// Runs a synchronous change of the store on the database's writer thread.
    private func writing<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await store.database.onWriterThread(body)
    }

    /// Runs a store call, reporting its failure as the seam's `BookmarkSourceError`.
    private func mapped<T>(_ body: () throws(BookmarkStoreError) -> T) throws(BookmarkSourceError) -> T {
        try Self.mapped(body)
    }

    private static func mapped<T>(_ body: () throws(BookmarkStoreError) -> T) throws(BookmarkSourceError) -> T {
        do {
            return try body()
        } catch {
            throw error.sourceError
        }
    }
}
