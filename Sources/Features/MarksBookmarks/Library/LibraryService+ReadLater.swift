import Foundation
import MarksCore

/// The read-later loop's changes: read and unread (linkding's `unread` field, PATCHed like any edit, so a
/// linkding source sees it), archiving that marks read, the next unread bookmark, and bulk changes.
extension LibraryService {
    /// Marks a bookmark unread (`true`) or read (`false`); the cache and observers follow as for any update.
    @discardableResult
    public func setUnread(id: Int, _ unread: Bool) async throws -> Bookmark {
        try await update(id: id, BookmarkUpdate(unread: unread))
    }

    /// Archives a bookmark; with `markingRead`, one still unread is marked read first (so the unread count
    /// never holds archived bookmarks).
    public func archive(id: Int, markingRead: Bool) async throws {
        if markingRead, try await bookmark(id: id).unread {
            try await setUnread(id: id, false)
        }
        try await archive(id: id)
    }

    /// The unread bookmark to read after `after`: the next older one in the unread list (newest first), else
    /// the newest unread one that is not `after`; nil when nothing else is unread. Looks at the first `window`.
    public func nextUnread(after: Int?, window: Int = 200) async throws -> Bookmark? {
        let page = try await source.list(BookmarkListQuery(limit: window, unread: true))
        let others = page.results.filter { $0.id != after && !$0.isArchived }
        guard let after, let index = page.results.firstIndex(where: { $0.id == after }) else { return others.first }
        return page.results[(index + 1)...].first { !$0.isArchived } ?? others.first
    }

    /// Adds `tag` to each bookmark that lacks it (case-insensitive); returns how many changed.
    public func addTag(_ tag: String, to ids: [Int]) async throws -> Int {
        var changed = 0
        for id in ids {
            let bookmark = try await bookmark(id: id)
            guard !bookmark.tagNames.contains(where: { $0.caseInsensitiveCompare(tag) == .orderedSame }) else { continue }
            _ = try await update(id: id, BookmarkUpdate(tagNames: bookmark.tagNames + [tag]))
            changed += 1
        }
        return changed
    }

    /// Removes `tag` (case-insensitive) from each bookmark that has it; returns how many changed.
    public func removeTag(_ tag: String, from ids: [Int]) async throws -> Int {
        var changed = 0
        for id in ids {
            let bookmark = try await bookmark(id: id)
            let kept = bookmark.tagNames.filter { $0.caseInsensitiveCompare(tag) != .orderedSame }
            guard kept.count != bookmark.tagNames.count else { continue }
            _ = try await update(id: id, BookmarkUpdate(tagNames: kept))
            changed += 1
        }
        return changed
    }
}
