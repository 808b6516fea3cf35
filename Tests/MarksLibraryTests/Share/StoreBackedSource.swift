import Foundation
import MarksCore
import MarksStorage
import MarksTestSupport
import Synchronization

/// The real embedded store (a fresh SQLite file) behind the bookmark-source seam, with what the share tests
/// need on top: page metadata and linkding's auto-tag rules for `check`, a hook before `create` (a bookmark
/// appearing meanwhile), a tags failure, and counts of creates and updates. Filters, paging, `check` by
/// normalised URL and PATCH semantics are the store's own.
actor StoreBackedSource: BookmarkSource {
    private let directory: TemporaryDirectory
    private let store: BookmarkStore
    private let metadataTable = MetadataTable()
    private var embedded: EmbeddedBookmarkSource
    private(set) var creates = 0
    private(set) var updates = 0
    private var autoTagRules: [String: [String]] = [:]
    private var tagsError: BookmarkSourceError?
    private var beforeCreate: (@Sendable () async -> Void)?

    init(clock: ManualClock = ManualClock(start: Date(timeIntervalSince1970: 1_700_000_000), step: 1)) throws {
        directory = try TemporaryDirectory(prefix: "marks-share-store")
        store = try BookmarkStore(path: directory.file("marks.sqlite").path, now: clock.now)
        let table = metadataTable
        embedded = EmbeddedBookmarkSource(store: store, baseURL: "http://127.0.0.1:8080") { url in table.metadata(for: url) }
    }

    /// Every bookmark, archived too, newest first.
    var bookmarks: [Bookmark] {
        get throws {
            try store.list(BookmarkListQuery(limit: 1000), scope: .unarchived).results
                + store.list(BookmarkListQuery(limit: 1000), scope: .archived).results
        }
    }

    func setMetadata(_ url: String, title: String, description: String = "") {
        metadataTable.set(url, title: title, description: description)
    }

    func setAutoTags(_ fragment: String, _ tags: [String]) { autoTagRules[fragment] = tags }
    func failTags(_ error: BookmarkSourceError?) { tagsError = error }
    func onCreate(_ hook: @escaping @Sendable () async -> Void) { beforeCreate = hook }

    func addTags(_ names: [String]) throws {
        for name in names { _ = try store.createTag(name: name) }
    }

    /// Stores a bookmark directly (not counted as a create).
    @discardableResult
    func seed(url: String, title: String = "", notes: String = "", tags: [String] = [], unread: Bool = false,
              archived: Bool = false) throws -> Bookmark {
        let saved = try store.create(BookmarkDraft(url: url, title: title, notes: notes, unread: unread, tagNames: tags))
        guard archived else { return saved }
        try store.archive(id: saved.id)
        return try store.bookmark(id: saved.id)
    }

    // MARK: BookmarkSource

    func list(_ query: BookmarkListQuery) async throws -> Page<Bookmark> { try await embedded.list(query) }
    func page(at link: String) async throws -> Page<Bookmark> { try await embedded.page(at: link) }
    func bookmark(id: Int) async throws -> Bookmark { try await embedded.bookmark(id: id) }

    func check(url: String) async throws -> BookmarkCheck {
        let checked = try await embedded.check(url: url)
        let auto = autoTagRules.filter { url.contains($0.key) }.sorted { $0.key < $1.key }.flatMap(\.value)
        return BookmarkCheck(bookmark: checked.bookmark, metadata: checked.metadata, autoTags: checked.autoTags + auto)
    }

    func create(_ draft: BookmarkDraft, scrape: Bool) async throws -> Bookmark {
        if let beforeCreate { await beforeCreate() }
        creates += 1
        return try await embedded.create(draft, scrape: scrape)
    }

    func update(id: Int, _ update: BookmarkUpdate) async throws -> Bookmark {
        updates += 1
        return try await embedded.update(id: id, update)
    }

    func delete(id: Int) async throws { try await embedded.delete(id: id) }
    func archive(id: Int) async throws { try await embedded.archive(id: id) }
    func unarchive(id: Int) async throws { try await embedded.unarchive(id: id) }

    func tags(limit: Int, offset: Int) async throws -> Page<Tag> {
        if let tagsError { throw tagsError }
        return try await embedded.tags(limit: limit, offset: offset)
    }

    func health() async throws -> ServerHealth { try await embedded.health() }

    deinit { directory.cleanUp() }
}

/// Page titles and descriptions `check` answers, by normalised URL.
private final class MetadataTable: Sendable {
    private let entries = Mutex<[String: (title: String, description: String)]>([:])

    func set(_ url: String, title: String, description: String) {
        entries.withLock { $0[URLNormalizer.normalize(url)] = (title, description) }
    }

    func metadata(for url: String) -> BookmarkCheck.Metadata {
        let entry = entries.withLock { $0[URLNormalizer.normalize(url)] }
        return BookmarkCheck.Metadata(url: url, title: entry?.title, description: entry?.description)
    }
}
