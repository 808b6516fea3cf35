import Foundation

/// Seam 1 (ARCHITECTURE.md): where bookmarks live. Two implementations — `LinkdingClient` (any linkding
/// server over HTTP, including `marks serve`'s `/api/`) and the embedded SQLite store in process — pass one
/// contract suite. Errors are `BookmarkSourceError`. A source says what it is (`identity`) and what more it can do
/// (`bulkImport`, `trash`, `bulkEdit`, `tagCounts`), so no caller needs to know which one it holds.
public protocol BookmarkSource: Sendable {
    /// Who this source is, stable across runs: the key of its local cache (a linkding server's base URL, or
    /// `embedded` for the store in process).
    var identity: String { get }
    /// The one-transaction import, when the source has one (nil: import entry by entry).
    var bulkImport: BookmarkBulkImport? { get }
    /// The source's own trash, when its `delete` keeps what it deletes (nil: a delete is for good).
    var trash: BookmarkTrash? { get }
    /// The one-transaction bulk change, when the source has one (nil: bookmark by bookmark).
    var bulkEdit: BookmarkBulkEdit? { get }
    /// The source's own count of bookmarks per tag, when it keeps one (nil: count the cache).
    var tagCounts: BookmarkTagCounts? { get }
    /// One page of bookmarks (archived ones when `query.archived`).
    func list(_ query: BookmarkListQuery) async throws -> Page<Bookmark>
    /// The page a previous page's `next` (or `previous`) points to.
    func page(at link: String) async throws -> Page<Bookmark>
    /// One bookmark by id; `notFound` when there is none.
    func bookmark(id: Int) async throws -> Bookmark
    /// The bookmark with this URL (by normalised URL, archived too), page metadata and auto tags.
    func check(url: String) async throws -> BookmarkCheck
    /// Creates a bookmark. Beware linkding's rule: a POST of an existing URL overwrites it — check first.
    func create(_ draft: BookmarkDraft, scrape: Bool) async throws -> Bookmark
    /// Applies only the fields set in `update` (PATCH).
    func update(id: Int, _ update: BookmarkUpdate) async throws -> Bookmark
    /// Deletes a bookmark.
    func delete(id: Int) async throws
    /// Archives a bookmark (idempotent).
    func archive(id: Int) async throws
    /// Unarchives a bookmark (idempotent).
    func unarchive(id: Int) async throws
    /// One page of tags, in creation order.
    func tags(limit: Int, offset: Int) async throws -> Page<Tag>
    /// The server's version and status.
    func health() async throws -> ServerHealth
    /// One page of bundles (saved searches, linkding 1.4x's `/api/bundles/`), in their order.
    func bundles(limit: Int, offset: Int) async throws -> Page<BookmarkBundle>
    /// Creates a bundle (`name` required).
    func createBundle(_ draft: BookmarkBundleDraft) async throws -> BookmarkBundle
    /// Changes the fields set in `draft` (PATCH).
    func updateBundle(id: Int, _ draft: BookmarkBundleDraft) async throws -> BookmarkBundle
    /// Deletes a bundle (its bookmarks stay).
    func deleteBundle(id: Int) async throws
}

extension BookmarkSource {
    /// No bulk import unless a source offers one.
    public var bulkImport: BookmarkBulkImport? { nil }

    /// A source without bundles has none.
    public func bundles(limit: Int, offset: Int) async throws -> Page<BookmarkBundle> {
        Page(count: 0, next: nil, previous: nil, results: [])
    }

    /// A source without bundles cannot make one.
    public func createBundle(_ draft: BookmarkBundleDraft) async throws -> BookmarkBundle {
        throw BookmarkSourceError.server(status: 501, message: "This bookmark server has no bundles.")
    }

    /// A source without bundles has none to change.
    public func updateBundle(id: Int, _ draft: BookmarkBundleDraft) async throws -> BookmarkBundle {
        throw BookmarkSourceError.notFound
    }

    /// A source without bundles has none to delete.
    public func deleteBundle(id: Int) async throws {
        throw BookmarkSourceError.notFound
    }

    /// No trash unless a source keeps one.
    public var trash: BookmarkTrash? { nil }

    /// No bulk change unless a source offers one.
    public var bulkEdit: BookmarkBulkEdit? { nil }

    /// No count of its own unless a source keeps one.
    public var tagCounts: BookmarkTagCounts? { nil }
}
