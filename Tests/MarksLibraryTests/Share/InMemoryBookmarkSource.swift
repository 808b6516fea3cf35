import Foundation
import MarksCore

/// A bookmark source in memory that keeps linkding's semantics for what the share flow uses: `check` finds a
/// bookmark by normalised URL (archived too) and answers metadata and auto tags; a POST of an existing URL
/// overwrites it (linkding's rule — the flow must check first); PATCH changes only the given fields; tags are
/// created as bookmarks use them, listed in creation order. It counts creates and updates.
actor InMemoryBookmarkSource: BookmarkSource {
    private(set) var bookmarks: [Bookmark] = []
    private(set) var tagNames: [String] = []
    private(set) var creates = 0
    private(set) var updates = 0
    private var nextID = 1
    private let clock: Date
    /// Page titles/descriptions `check` answers, by normalised URL.
    var metadata: [String: (title: String, description: String)] = [:]
    /// Auto-tag rules: a URL containing the key gets the tags.
    var autoTagRules: [String: [String]] = [:]
    /// When set, `tags` fails with this error.
    var tagsError: BookmarkSourceError?
    /// Called before `create` (to simulate a bookmark appearing meanwhile).
    var beforeCreate: (@Sendable () async -> Void)?

    init(clock: Date = Date(timeIntervalSince1970: 1_700_000_000)) {
        self.clock = clock
    }

    func setMetadata(_ url: String, title: String, description: String = "") {
        metadata[URLNormalizer.normalize(url)] = (title, description)
    }

    func setAutoTags(_ fragment: String, _ tags: [String]) { autoTagRules[fragment] = tags }
    func failTags(_ error: BookmarkSourceError?) { tagsError = error }
    func onCreate(_ hook: @escaping @Sendable () async -> Void) { beforeCreate = hook }
    func addTags(_ names: [String]) { for name in names { remember(name) } }

    @discardableResult
    func seed(url: String, title: String = "", notes: String = "", tags: [String] = [], unread: Bool = false,
              archived: Bool = false) -> Bookmark {
        let bookmark = Bookmark(id: nextID, url: url, title: title, notes: notes, isArchived: archived, unread: unread,
                                tagNames: tags, dateAdded: clock.addingTimeInterval(Double(nextID)), dateModified: clock)
        nextID += 1
        bookmarks.append(bookmark)
        tags.forEach(remember)
        return bookmark
    }

    nonisolated var identity: String { "in-memory" }

    func list(_ query: BookmarkListQuery) async throws -> Page<Bookmark> {
        var matching = bookmarks.filter { $0.isArchived == query.archived }
        if let unread = query.unread { matching = matching.filter { $0.unread == unread } }
        matching.sort { $0.dateAdded > $1.dateAdded }
        let slice = Array(matching.dropFirst(query.offset).prefix(query.limit))
        return Page(count: matching.count, next: nil, previous: nil, results: slice)
    }

    func page(at link: String) async throws -> Page<Bookmark> { throw BookmarkSourceError.notFound }

    func bookmark(id: Int) async throws -> Bookmark {
        guard let found = bookmarks.first(where: { $0.id == id }) else { throw BookmarkSourceError.notFound }
        return found
    }

    func check(url: String) async throws -> BookmarkCheck {
        let key = URLNormalizer.normalize(url)
        let existing = bookmarks.first { URLNormalizer.normalize($0.url) == key }
        let meta = metadata[key]
        let auto = autoTagRules.filter { url.contains($0.key) }.sorted { $0.key < $1.key }.flatMap(\.value)
        return BookmarkCheck(bookmark: existing,
                             metadata: .init(url: url, title: meta?.title, description: meta?.description),
                             autoTags: auto)
    }

    func create(_ draft: BookmarkDraft, scrape: Bool) async throws -> Bookmark {
        if let beforeCreate { await beforeCreate() }
        guard URLNormalizer.isValidWebURL(draft.url, allowDotlessHosts: true) else { throw BookmarkSourceError.invalid(["url": ["Enter a valid URL."]]) }
        creates += 1
        let tags = try TagNames.clean(draft.tagNames)
        tags.forEach(remember)
        let title = draft.title.isEmpty && scrape ? (metadata[URLNormalizer.normalize(draft.url)]?.title ?? "") : draft.title
        if let index = bookmarks.firstIndex(where: { URLNormalizer.normalize($0.url) == URLNormalizer.normalize(draft.url) }) {
            // linkding: a POST of an existing URL overwrites the bookmark's fields.
            var copy = bookmarks[index]
            copy.title = title
            copy.description = draft.description
            copy.notes = draft.notes
            copy.unread = draft.unread
            copy.shared = draft.shared
            copy.tagNames = tags
            bookmarks[index] = copy
            return copy
        }
        let bookmark = Bookmark(id: nextID, url: draft.url, title: title, description: draft.description, notes: draft.notes,
                                isArchived: draft.isArchived, unread: draft.unread, shared: draft.shared, tagNames: tags,
                                dateAdded: clock.addingTimeInterval(Double(nextID)), dateModified: clock)
        nextID += 1
        bookmarks.append(bookmark)
        return bookmark
    }

    func update(id: Int, _ update: BookmarkUpdate) async throws -> Bookmark {
        guard let index = bookmarks.firstIndex(where: { $0.id == id }) else { throw BookmarkSourceError.notFound }
        updates += 1
        if let names = update.tagNames { try TagNames.clean(names).forEach(remember) }
        bookmarks[index] = update.applied(to: bookmarks[index])
        return bookmarks[index]
    }

    func delete(id: Int) async throws { bookmarks.removeAll { $0.id == id } }
    func archive(id: Int) async throws { try await setArchived(id, true) }
    func unarchive(id: Int) async throws { try await setArchived(id, false) }

    func tags(limit: Int, offset: Int) async throws -> Page<Tag> {
        if let tagsError { throw tagsError }
        let all = tagNames.enumerated().map { Tag(id: $0.offset + 1, name: $0.element, dateAdded: clock) }
        let slice = Array(all.dropFirst(offset).prefix(limit))
        let next = offset + slice.count < all.count ? "next" : nil
        return Page(count: all.count, next: next, previous: nil, results: slice)
    }

    func health() async throws -> ServerHealth { ServerHealth(version: "1.40.0", status: "healthy") }

    private func setArchived(_ id: Int, _ value: Bool) async throws {
        guard let index = bookmarks.firstIndex(where: { $0.id == id }) else { throw BookmarkSourceError.notFound }
        bookmarks[index].isArchived = value
    }

    private func remember(_ name: String) {
        if !tagNames.contains(where: { $0.lowercased() == name.lowercased() }) { tagNames.append(name) }
    }
}
