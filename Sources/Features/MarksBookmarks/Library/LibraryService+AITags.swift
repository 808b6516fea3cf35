import Foundation
import MarksCore

/// AI tags that lead somewhere: a search naming a tag some bookmark carries only as an AI tag is answered from the
/// cache with AI tags counted as tags (so a tag page lists what the Tags tab counts); Accept makes an AI tag a real
/// tag through the source (a linkding source gets the PATCH); Dismiss stores it as never to be suggested again.
extension LibraryService {
    /// Makes `tag` a linkding tag of bookmark `id` (PATCHing the source unless it already is one) and takes it out
    /// of the bookmark's AI tags. Returns the saved bookmark.
    @discardableResult
    public func acceptAITag(id: Int, tag: String) async throws -> Bookmark {
        guard let name = TagNames.parse(tag).first else { throw LibraryError.invalidTag(tag) }
        let current = try await bookmark(id: id)
        let spelled = current.aiTags.first { $0.lowercased() == name.lowercased() } ?? name
        var saved = current
        if !current.tagNames.contains(where: { $0.lowercased() == spelled.lowercased() }) {
            var update = BookmarkUpdate()
            update.tagNames = current.tagNames + [spelled]
            saved = try await source.update(id: id, update)
        }
        try cache?.removeAITag(spelled, id: id)
        saved = restoringAIMetadata(saved)
        await finishUpdate(saved)
        return saved
    }

    /// Dismisses AI tag `tag` for bookmark `id`: it leaves the bookmark's AI tags now and is never stored for it again.
    @discardableResult
    public func dismissAITag(id: Int, tag: String) async throws -> Bookmark {
        guard let cache else { throw LibraryError.noCache }
        guard let name = TagNames.parse(tag).first else { throw LibraryError.invalidTag(tag) }
        let current = try await bookmark(id: id)
        try cache.dismissAITag(name, id: id)
        let saved = restoringAIMetadata(current)
        await notifySaved(saved.isArchived ? [] : [saved])
        return saved
    }

    /// The page for `filter` from the cache, when its query names a tag that some cached live bookmark carries as an
    /// AI tag (else nil: the source answers, as before). AI tags count as tags there.
    func aiTaggedPage(_ filter: LibraryFilter) async throws -> LibraryPage? {
        guard let cache, !filter.archived, !filter.sharedOnly, !filter.readOnly, !filter.unsharedOnly, filter.bundle == nil else { return nil }
        let query = filter.listQuery
        guard let expression = SearchQuery.parse(query.search) else { return nil }
        var names = Set<String>()
        Self.collectTags(expression, into: &names)
        guard !names.isEmpty else { return nil }
        let cursor = CachedListCursor(search: query.search, unreadOnly: filter.unreadOnly, sort: filter.sort, offset: max(0, filter.offset),
                                      limit: max(1, filter.limit))
        if let merged = try await mergedPage(expression, names: names, cursor, requireAITagged: true) {
            return merged.aiTagged ? merged.page : nil
        }
        // Only a query naming a stored AI tag reads (and, never synced, first fills) the whole cache: any other
        // filtered list is the source's, and never touches the cache.
        do {
            guard try cache.hasAITag(in: names) else { return nil }
        } catch {
            reportCacheFailure(error)
            return nil
        }
        let live = try await cachedLiveBookmarks()
        guard live.contains(where: { bookmark in bookmark.suggestedTags.contains { names.contains($0.lowercased()) } }) else { return nil }
        return Self.page(of: live, expression, cursor)
    }

    /// The page a `marks-cache:` cursor points to, or nil when `next` is another kind of link.
    func cachedCursorPage(_ next: String) async throws -> LibraryPage? {
        guard let cursor = CachedListCursor(next) else { return nil }
        let expression = SearchQuery.parse(cursor.search) ?? .not(.matchAll(keyword: ""))
        var names = Set<String>()
        Self.collectTags(expression, into: &names)
        if let merged = try await mergedPage(expression, names: names, cursor, requireAITagged: false) { return merged.page }
        return Self.page(of: try await cachedLiveBookmarks(), expression, cursor)
    }

    /// The most bookmarks carrying a searched tag as an AI tag that `mergedPage` takes; more, and the whole cache is read.
    static let mergedAITaggedLimit = 500

    /// The page of `cursor` without reading the whole cache (issue 36: a tag's page took 1.2 s at 100k bookmarks once
    /// one bookmark had the tag as an AI tag): only the bookmarks carrying one of `names` as an AI tag (`A`) can match
    /// differently with AI tags counted, so the source answers for every other bookmark — its first `offset + limit +
    /// |A|` matches, less any of `A` — and `A`'s own matches, AI tags counted, are merged in, in list order. Nil (the
    /// caller reads the whole cache) when that cannot be exact: `!untagged` (AI tags change it for any bookmark), too
    /// many of `A`, or a source that gave fewer matches than asked. `aiTagged` is false when none of `A` carries one of
    /// the names as a suggested tag: the source's own page is the answer then, and with `requireAITagged` the page
    /// returned is empty (the source is not asked).
    private func mergedPage(_ expression: SearchExpression, names: Set<String>, _ cursor: CachedListCursor,
                            requireAITagged: Bool) async throws -> (page: LibraryPage, aiTagged: Bool)? {
        guard let cache, !Self.mentionsUntagged(expression) else { return nil }
        let trashed = libraryTrashIDs()
        var aIDs = Set<Int>()  // A: the live bookmarks carrying one of the names as an AI tag
        var widened: [Bookmark] = []  // those of A that match with AI tags counted
        var plainMatches = 0  // those of A that match without (what the source counted)
        var aiTagged = false
        do {
            let ids = try cache.aiTaggedIDs(in: names)
            guard ids.count <= Self.mergedAITaggedLimit else { return nil }
            for id in ids where !trashed.contains(id) {
                guard let bookmark = try cache.bookmark(id: id), !bookmark.isArchived else { continue }
                aIDs.insert(id)
                if bookmark.suggestedTags.contains(where: { names.contains($0.lowercased()) }) { aiTagged = true }
                guard !cursor.unreadOnly || bookmark.unread else { continue }
                if expression.matches(bookmark, tagSearch: .strict) { plainMatches += 1 }
                var counted = bookmark
                counted.tagNames = bookmark.tagNames + bookmark.suggestedTags
                if expression.matches(counted, tagSearch: .strict) { widened.append(bookmark) }
            }
        } catch {
            reportCacheFailure(error)
            return nil
        }
        if requireAITagged && !aiTagged { return (LibraryPage(bookmarks: [], count: 0, next: nil), false) }
        let wanted = cursor.offset + cursor.limit + aIDs.count
        let page = hidingTrashed(try await source.list(BookmarkListQuery(search: cursor.search, limit: wanted,
                                                                          unread: cursor.unreadOnly ? true : nil, sort: cursor.sort)))
        guard page.results.count >= min(wanted, page.count) else { return nil }
        let others = page.results.filter { !aIDs.contains($0.id) }
        // The source's count holds those of A it matched: all of them when it gave its whole list, else as matched here.
        let whole = page.results.count >= page.count
        let sourceMatchedA = whole ? page.results.filter { aIDs.contains($0.id) }.count : plainMatches
        let count = page.count - sourceMatchedA + widened.count
        let ordered = Self.sorted(restoringAIMetadata(others) + widened, by: cursor.sort)
        let start = min(cursor.offset, ordered.count)
        let end = min(start + cursor.limit, ordered.count, count)
        var next: String?
        if end < count {
            var following = cursor
            following.offset = end
            next = following.link
        }
        return (LibraryPage(bookmarks: Array(ordered[start..<max(start, end)]), count: count, next: next), aiTagged)
    }

    /// Whether `expression` holds `!untagged`, which AI tags change for every bookmark that has some.
    private static func mentionsUntagged(_ expression: SearchExpression) -> Bool {
        switch expression {
        case .untagged: return true
        case .and(let operands), .or(let operands): return operands.contains(where: mentionsUntagged)
        case .not(let operand): return mentionsUntagged(operand)
        case .term, .tag, .unread, .matchAll: return false
        }
    }

    /// The live cached bookmarks with AI metadata (synced first when the cache never was, as `tagCounts` does).
    private func cachedLiveBookmarks() async throws -> [Bookmark] {
        guard let cache else { throw LibraryError.noCache }
        let trashed = libraryTrashIDs()  // a linkding bookmark waiting in the library's trash is gone here too
        do {
            if try cache.needsFirstSync() { _ = try await sync() }
            return try cache.bookmarks(archived: false).filter { !trashed.contains($0.id) }
        } catch let error as CacheError {
            reportCacheFailure(error)
            _ = try await sync(full: true)
            return try cache.bookmarks(archived: false).filter { !trashed.contains($0.id) }
        }
    }

    private static func page(of bookmarks: [Bookmark], _ expression: SearchExpression, _ cursor: CachedListCursor) -> LibraryPage {
        let matching = bookmarks.filter { bookmark in
            guard !cursor.unreadOnly || bookmark.unread else { return false }
            var widened = bookmark
            widened.tagNames = bookmark.tagNames + bookmark.suggestedTags
            return expression.matches(widened, tagSearch: .strict)
        }
        let ordered = sorted(matching, by: cursor.sort)
        let start = min(cursor.offset, ordered.count)
        let end = min(start + cursor.limit, ordered.count)
        var next: String?
        if end < ordered.count {
            var following = cursor
            following.offset = end
            next = following.link
        }
        return LibraryPage(bookmarks: Array(ordered[start..<end]), count: ordered.count, next: next)
    }

    private static func collectTags(_ expression: SearchExpression, into names: inout Set<String>) {
        switch expression {
        case .tag(let name): names.insert(name.lowercased())
        case .and(let operands), .or(let operands): for operand in operands { collectTags(operand, into: &names) }
        case .not(let operand): collectTags(operand, into: &names)
        case .term, .unread, .untagged, .matchAll: break
        }
    }
}
