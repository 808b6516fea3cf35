import Foundation
import MarksCore

/// An in-memory `BookmarkSource` with linkding's semantics for what the web app uses: newest first,
/// `next` links that are real URLs (`?q=…&limit=…&offset=…`), search words over title/description/notes/URL,
/// `#tag`, `!unread`, `!untagged`, `not`, archived lists, check by normalised URL, POST of an existing URL
/// overwriting it, PATCH of set fields only, cleaned tag names. It records every update for assertions.
actor MemoryBookmarkSource: BookmarkSource {
    private(set) var bookmarks: [Bookmark] = []
    private(set) var updates: [(id: Int, update: BookmarkUpdate)] = []
    private(set) var creates: [BookmarkDraft] = []
    private var nextID = 1
    private var failure: BookmarkSourceError?
    private var clock: Date
    private let base = "http://linkding.test/api/bookmarks/"

    init(start: Date = Date(timeIntervalSince1970: 1_735_689_600)) {
        clock = start
    }

    /// Adds bookmarks directly, each a minute newer than the one before.
    func seed(_ count: Int, title: (Int) -> String = { "Bookmark number \($0)" }, tags: (Int) -> [String] = { _ in [] },
              unread: (Int) -> Bool = { _ in false }) {
        guard count > 0 else { return }
        for index in 1...count {
            insert(Bookmark(id: 0, url: "https://example.com/article/\(index)", title: title(index), description: "Description of \(index).",
                            unread: unread(index), tagNames: tags(index), dateAdded: clock, dateModified: clock))
        }
    }

    @discardableResult
    func insert(_ bookmark: Bookmark) -> Bookmark {
        var copy = bookmark
        copy.id = nextID
        nextID += 1
        clock = clock.addingTimeInterval(60)
        copy.dateAdded = clock
        copy.dateModified = clock
        bookmarks.append(copy)
        return copy
    }

    func setAIMetadata(id: Int, summary: String?, tags: [String]) {
        guard let index = bookmarks.firstIndex(where: { $0.id == id }) else { return }
        bookmarks[index].aiSummary = summary
        bookmarks[index].aiTags = tags
    }

    func find(_ id: Int) -> Bookmark? { bookmarks.first { $0.id == id } }

    /// Makes every list fail with `error` (nil heals it).
    func failLists(with error: BookmarkSourceError?) { failure = error }

    // MARK: BookmarkSource

    func list(_ query: BookmarkListQuery) async throws -> Page<Bookmark> {
        if let failure { throw failure }
        let matching = bookmarks.filter { $0.isArchived == query.archived && matches($0, query) }
            .sorted { query.sort == .addedAsc ? $0.dateAdded < $1.dateAdded : $0.dateAdded > $1.dateAdded }
        let start = min(query.offset, matching.count)
        let end = min(start + query.limit, matching.count)
        var next: String?
        if end < matching.count {
            var nextQuery = query
            nextQuery.offset = end
            next = link(nextQuery)
        }
        return Page(count: matching.count, next: next, previous: nil, results: Array(matching[start..<end]))
    }

    func page(at link: String) async throws -> Page<Bookmark> {
        guard let components = URLComponents(string: link), link.hasPrefix("http://linkding.test/api/bookmarks/") else {
            throw BookmarkSourceError.malformedResponse("not a next link of this server: \(link.prefix(80))")
        }
        let items = (components.queryItems ?? []).map { ($0.name, $0.value ?? "") }
        return try await list(BookmarkListQuery(parameters: items, archived: components.path.contains("archived")))
    }

    func bookmark(id: Int) async throws -> Bookmark {
        guard let found = find(id) else { throw BookmarkSourceError.notFound }
        return found
    }

    func check(url: String) async throws -> BookmarkCheck {
        let normalized = URLNormalizer.normalize(url)
        let existing = bookmarks.first { URLNormalizer.normalize($0.url) == normalized }
        return BookmarkCheck(bookmark: existing, metadata: .init(url: url, title: existing == nil ? "Scraped title" : nil))
    }

    func create(_ draft: BookmarkDraft, scrape: Bool) async throws -> Bookmark {
        creates.append(draft)
        let tags = try clean(draft.tagNames)
        let normalized = URLNormalizer.normalize(draft.url)
        if let index = bookmarks.firstIndex(where: { URLNormalizer.normalize($0.url) == normalized }) {
            // linkding's surprise: a POST of an existing URL overwrites it.
            bookmarks[index].title = draft.title
            bookmarks[index].description = draft.description
            bookmarks[index].notes = draft.notes
            bookmarks[index].unread = draft.unread
            bookmarks[index].shared = draft.shared
            bookmarks[index].tagNames = tags
            return bookmarks[index]
        }
        let title = draft.title.isEmpty && scrape ? "Scraped title" : draft.title
        return insert(Bookmark(id: 0, url: draft.url, title: title, description: draft.description, notes: draft.notes,
                               isArchived: draft.isArchived, unread: draft.unread, shared: draft.shared, tagNames: tags,
                               dateAdded: clock, dateModified: clock))
    }

    func update(id: Int, _ update: BookmarkUpdate) async throws -> Bookmark {
        guard let index = bookmarks.firstIndex(where: { $0.id == id }) else { throw BookmarkSourceError.notFound }
        updates.append((id, update))
        var cleaned = update
        if let names = update.tagNames { cleaned.tagNames = try clean(names) }
        var changed = cleaned.applied(to: bookmarks[index])
        clock = clock.addingTimeInterval(1)
        changed.dateModified = clock
        bookmarks[index] = changed
        // Like linkding, the answer carries no local AI metadata.
        changed.aiSummary = nil
        changed.aiTags = []
        return changed
    }

    func delete(id: Int) async throws {
        guard let index = bookmarks.firstIndex(where: { $0.id == id }) else { throw BookmarkSourceError.notFound }
        bookmarks.remove(at: index)
    }

    func archive(id: Int) async throws {
        guard let index = bookmarks.firstIndex(where: { $0.id == id }) else { throw BookmarkSourceError.notFound }
        bookmarks[index].isArchived = true
    }

    func unarchive(id: Int) async throws {
        guard let index = bookmarks.firstIndex(where: { $0.id == id }) else { throw BookmarkSourceError.notFound }
        bookmarks[index].isArchived = false
    }

    func tags(limit: Int, offset: Int) async throws -> Page<Tag> {
        var seen = Set<String>()
        var names: [String] = []
        for bookmark in bookmarks.sorted(by: { $0.id < $1.id }) {
            for name in bookmark.tagNames where seen.insert(name.lowercased()).inserted { names.append(name) }
        }
        let all = names.enumerated().map { Tag(id: $0.offset + 1, name: $0.element, dateAdded: Date(timeIntervalSince1970: 0)) }
        let start = min(offset, all.count), end = min(start + limit, all.count)
        return Page(count: all.count, next: end < all.count ? "http://linkding.test/api/tags/?offset=\(end)" : nil, previous: nil,
                    results: Array(all[start..<end]))
    }

    func health() async throws -> ServerHealth {
        ServerHealth(version: "1.31.0", status: "healthy")
    }

    // MARK: Helpers

    private func clean(_ names: [String]) throws -> [String] {
        do {
            return try TagNames.clean(names)
        } catch let blank as TagNames.BlankEntry {
            throw BookmarkSourceError.invalid(["tag_names": ["\(blank.index): This field may not be blank."]])
        }
    }

    private func link(_ query: BookmarkListQuery) -> String {
        var components = URLComponents(string: query.archived ? "http://linkding.test/api/bookmarks/archived/" : base)
        components?.percentEncodedQuery = query.parameters.map { name, value in
            name + "=" + (value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        }.joined(separator: "&")
        return components?.string ?? base
    }

    private func matches(_ bookmark: Bookmark, _ query: BookmarkListQuery) -> Bool {
        if let unread = query.unread, bookmark.unread != unread { return false }
        var negate = false
        for term in Self.terms(query.search) {
            let lower = term.lowercased()
            if lower == "not" { negate = true; continue }
            if lower == "and" { continue }
            let hit: Bool
            if lower.hasPrefix("#") {
                hit = bookmark.tagNames.contains { $0.lowercased() == String(lower.dropFirst()) }
            } else if lower == "!unread" {
                hit = bookmark.unread
            } else if lower == "!untagged" {
                hit = bookmark.tagNames.isEmpty
            } else {
                let fields = [bookmark.title, bookmark.description, bookmark.notes, bookmark.url].map { $0.lowercased() }
                hit = fields.contains { $0.contains(lower) }
            }
            if hit == negate { return false }
            negate = false
        }
        return true
    }

    /// Words and quoted phrases.
    private static func terms(_ text: String) -> [String] {
        var terms: [String] = []
        var current = ""
        var quote: Character?
        for character in text {
            if let open = quote {
                if character == open { terms.append(current); current = ""; quote = nil } else { current.append(character) }
            } else if character == "\"" || character == "'" {
                if !current.isEmpty { terms.append(current); current = "" }
                quote = character
            } else if character.isWhitespace {
                if !current.isEmpty { terms.append(current); current = "" }
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { terms.append(current) }
        return terms
    }
}
