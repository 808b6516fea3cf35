import MarksTestSupport
import Foundation
import MarksCore
import MarksStorage
import Synchronization

/// The embedded store (a real SQLite file in a temp dir) behind the bookmark-source seam, wrapped so tests can
/// see what the web app sent (every create and update) and make lists fail.
final class RecordingSource: BookmarkSource {
    let store: BookmarkStore
    private let inner: EmbeddedBookmarkSource
    private let state = Mutex(State())

    private struct State {
        var updates: [(id: Int, update: BookmarkUpdate)] = []
        var creates: [BookmarkDraft] = []
        var failure: BookmarkSourceError?
        /// Set: every call fails with it (a server that is down).
        var outage: BookmarkSourceError?
    }

    /// The base the store builds `next` links on.
    static let baseURL = "http://127.0.0.1:8080"

    init(store: BookmarkStore) {
        self.store = store
        inner = EmbeddedBookmarkSource(store: store, baseURL: Self.baseURL) { url in
            BookmarkCheck.Metadata(url: url, title: "Scraped title")
        }
    }

    /// A clock that moves a minute per reading, so bookmarks added in order list newest first.
    static func steppingClock() -> @Sendable () -> Date {
        ManualClock(start: Date(timeIntervalSince1970: 1_735_689_660), step: 60).now
    }

    // MARK: Test controls

    /// Adds `count` bookmarks (`https://example.com/article/<n>`, "Bookmark number <n>"), oldest first.
    func seed(_ count: Int, title: (Int) -> String = { "Bookmark number \($0)" }, tags: (Int) -> [String] = { _ in [] },
              unread: (Int) -> Bool = { _ in false }) async throws {
        guard count > 0 else { return }
        for index in 1...count {
            _ = try await inner.create(BookmarkDraft(url: "https://example.com/article/\(index)", title: title(index),
                                                     description: "Description of \(index).", unread: unread(index),
                                                     tagNames: tags(index)), scrape: false)
        }
    }

    /// Adds one bookmark as given (id and dates come from the store).
    @discardableResult
    func insert(_ bookmark: Bookmark) async throws -> Bookmark {
        try await inner.create(BookmarkDraft(url: bookmark.url, title: bookmark.title, description: bookmark.description,
                                             notes: bookmark.notes, isArchived: bookmark.isArchived, unread: bookmark.unread,
                                             shared: bookmark.shared, tagNames: bookmark.tagNames), scrape: false)
    }

    /// The bookmark with this id, nil when there is none.
    func find(_ id: Int) async -> Bookmark? {
        do {
            return try await inner.bookmark(id: id)
        } catch {
            return nil
        }
    }

    /// The bookmark saved under this URL, nil when there is none.
    func find(url: String) async -> Bookmark? {
        do {
            return try await inner.check(url: url).bookmark
        } catch {
            return nil
        }
    }

    var updates: [(id: Int, update: BookmarkUpdate)] { state.withLock { $0.updates } }
    var creates: [BookmarkDraft] { state.withLock { $0.creates } }

    /// Makes every list (bookmarks and tags) fail with `error` (nil: answer again).
    func failLists(with error: BookmarkSourceError?) { state.withLock { $0.failure = error } }

    /// Makes every call fail with `error`, as a server that is down (nil heals it).
    func failEverything(with error: BookmarkSourceError?) { state.withLock { $0.outage = error } }

    private func checkOutage() throws {
        if let outage = state.withLock({ $0.outage }) { throw outage }
    }

    // MARK: BookmarkSource

    var identity: String { "recording" }
    var trash: BookmarkTrash? { inner.trash }
    var bulkEdit: BookmarkBulkEdit? { inner.bulkEdit }

    func list(_ query: BookmarkListQuery) async throws -> Page<Bookmark> {
        try checkOutage()
        if let failure = state.withLock({ $0.failure }) { throw failure }
        return try await inner.list(query)
    }

    func page(at link: String) async throws -> Page<Bookmark> {
        guard link.hasPrefix(Self.baseURL + "/api/") else {
            throw BookmarkSourceError.malformedResponse("not a link of this server: \(link.prefix(80))")
        }
        try checkOutage()
        return try await inner.page(at: link)
    }

    func bookmark(id: Int) async throws -> Bookmark {
        try checkOutage()
        return try await inner.bookmark(id: id)
    }

    func check(url: String) async throws -> BookmarkCheck {
        try checkOutage()
        return try await inner.check(url: url)
    }

    func create(_ draft: BookmarkDraft, scrape: Bool) async throws -> Bookmark {
        try checkOutage()
        state.withLock { $0.creates.append(draft) }
        return try await inner.create(draft, scrape: scrape)
    }

    func update(id: Int, _ update: BookmarkUpdate) async throws -> Bookmark {
        try checkOutage()
        state.withLock { $0.updates.append((id, update)) }
        return try await inner.update(id: id, update)
    }

    func delete(id: Int) async throws { try await inner.delete(id: id) }
    func archive(id: Int) async throws { try await inner.archive(id: id) }
    func unarchive(id: Int) async throws { try await inner.unarchive(id: id) }
    func tags(limit: Int, offset: Int) async throws -> Page<Tag> {
        try checkOutage()
        if let failure = state.withLock({ $0.failure }) { throw failure }
        return try await inner.tags(limit: limit, offset: offset)
    }
    func health() async throws -> ServerHealth { try await inner.health() }
    func bundles(limit: Int, offset: Int) async throws -> Page<BookmarkBundle> { try await inner.bundles(limit: limit, offset: offset) }
    func createBundle(_ draft: BookmarkBundleDraft) async throws -> BookmarkBundle { try await inner.createBundle(draft) }
    func updateBundle(id: Int, _ draft: BookmarkBundleDraft) async throws -> BookmarkBundle { try await inner.updateBundle(id: id, draft) }
    func deleteBundle(id: Int) async throws { try await inner.deleteBundle(id: id) }
}
