import Foundation
import MarksCore

/// A bookmark source in memory with linkding's paging (`next` links), archive state and PATCH semantics —
/// enough to drive every LibraryService mutation path in the index tests.
actor MemorySource: BookmarkSource {
    private(set) var bookmarks: [Bookmark] = []
    private var nextID = 1
    private let clock = Date(timeIntervalSince1970: 1_700_000_000)

    @discardableResult
    func seed(_ title: String, url: String? = nil, description: String = "", tags: [String] = [], unread: Bool = false,
              archived: Bool = false) -> Bookmark {
        let bookmark = Bookmark(id: nextID, url: url ?? "https://example.org/\(nextID)", title: title, description: description,
                                isArchived: archived, unread: unread, tagNames: tags,
                                dateAdded: clock.addingTimeInterval(Double(nextID)), dateModified: clock)
        nextID += 1
        bookmarks.append(bookmark)
        return bookmark
    }

    /// Changes a bookmark behind the library's back (as linkding's own web UI would).
    func removeBehindTheLibrary(id: Int) { bookmarks.removeAll { $0.id == id } }

    func list(_ query: BookmarkListQuery) async throws -> Page<Bookmark> {
        try page(archived: query.archived, offset: query.offset, limit: query.limit, unread: query.unread)
    }

    func page(at link: String) async throws -> Page<Bookmark> {
        let parts = link.split(separator: ":")
        guard parts.count == 4, parts[0] == "page", let offset = Int(parts[1]), let limit = Int(parts[2]) else {
            throw BookmarkSourceError.notFound
        }
        return try page(archived: parts[3] == "archived", offset: offset, limit: limit, unread: nil)
    }

    private func page(archived: Bool, offset: Int, limit: Int, unread: Bool?) throws -> Page<Bookmark> {
        var matching = bookmarks.filter { $0.isArchived == archived }
        if let unread { matching = matching.filter { $0.unread == unread } }
        matching.sort { $0.dateAdded > $1.dateAdded }
        let slice = Array(matching.dropFirst(offset).prefix(limit))
        let end = offset + slice.count
        let next = end < matching.count ? "page:\(end):\(limit):\(archived ? "archived" : "live")" : nil
        return Page(count: matching.count, next: next, previous: nil, results: slice)
    }

    func bookmark(id: Int) async throws -> Bookmark {
        guard let found = bookmarks.first(where: { $0.id == id }) else { throw BookmarkSourceError.notFound }
        return found
    }

    func check(url: String) async throws -> BookmarkCheck {
        let existing = bookmarks.first { URLNormalizer.normalize($0.url) == URLNormalizer.normalize(url) }
        return BookmarkCheck(bookmark: existing, metadata: .init(url: url))
    }

    func create(_ draft: BookmarkDraft, scrape: Bool) async throws -> Bookmark {
        let bookmark = Bookmark(id: nextID, url: draft.url, title: draft.title, description: draft.description, notes: draft.notes,
                                isArchived: draft.isArchived, unread: draft.unread, shared: draft.shared, tagNames: draft.tagNames,
                                dateAdded: clock.addingTimeInterval(Double(nextID)), dateModified: clock)
        nextID += 1
        bookmarks.append(bookmark)
        return bookmark
    }

    func update(id: Int, _ update: BookmarkUpdate) async throws -> Bookmark {
        guard let index = bookmarks.firstIndex(where: { $0.id == id }) else { throw BookmarkSourceError.notFound }
        bookmarks[index] = update.applied(to: bookmarks[index])
        return bookmarks[index]
    }

    func delete(id: Int) async throws {
        guard bookmarks.contains(where: { $0.id == id }) else { throw BookmarkSourceError.notFound }
        bookmarks.removeAll { $0.id == id }
    }

    func archive(id: Int) async throws { try setArchived(id, true) }
    func unarchive(id: Int) async throws { try setArchived(id, false) }

    func tags(limit: Int, offset: Int) async throws -> Page<Tag> { Page(count: 0, next: nil, previous: nil, results: []) }
    func health() async throws -> ServerHealth { ServerHealth(version: "1.40.0", status: "healthy") }

    private func setArchived(_ id: Int, _ value: Bool) throws {
        guard let index = bookmarks.firstIndex(where: { $0.id == id }) else { throw BookmarkSourceError.notFound }
        bookmarks[index].isArchived = value
    }
}
