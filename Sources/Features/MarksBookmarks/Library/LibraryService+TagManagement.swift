import Foundation
import MarksCore

/// Tag management across the whole library. linkding has no tag-rename API, so a rename or delete PATCHes each
/// bookmark's `tag_names` (live and archived ones), then updates the cache, the widgets and the observers once.
/// AI tags of that name follow on this computer (renamed, or removed).
extension LibraryService {
    /// Renames tag `old` to `new` on every bookmark; a bookmark that already has `new` keeps it once (a merge).
    @discardableResult
    public func renameTag(_ old: String, to new: String) async throws -> TagChangeReport {
        guard let from = TagNames.parse(old).first else { throw LibraryError.invalidTag(old) }
        guard let to = TagNames.parse(new).first else { throw LibraryError.invalidTag(new) }
        return try await rewriteTag(from) { names in
            var seen = Set<String>()
            return names.map { $0.lowercased() == from.lowercased() ? to : $0 }.filter { seen.insert($0.lowercased()).inserted }
        }
    }

    /// Removes tag `name` from every bookmark.
    @discardableResult
    public func deleteTag(_ name: String) async throws -> TagChangeReport {
        guard let tag = TagNames.parse(name).first else { throw LibraryError.invalidTag(name) }
        return try await rewriteTag(tag) { names in names.filter { $0.lowercased() != tag.lowercased() } }
    }

    private func rewriteTag(_ tag: String, _ rewrite: ([String]) -> [String]) async throws -> TagChangeReport {
        let quoted = "#" + tag
        var carrying: [Bookmark] = []
        for archived in [false, true] {
            let query = BookmarkListQuery(search: quoted, limit: syncOptions.pageSize, archived: archived)
            carrying += try await BookmarkWalker.all(source, query) { _, _ in }.bookmarks
        }
        let folded = tag.lowercased()
        var saved: [Bookmark] = []
        for bookmark in carrying where bookmark.tagNames.contains(where: { $0.lowercased() == folded }) {
            var update = BookmarkUpdate()
            update.tagNames = rewrite(bookmark.tagNames)
            saved.append(try await source.update(id: bookmark.id, update))
        }
        var aiChanged = 0
        if let cache {
            do {
                for bookmark in try cache.bookmarks(archived: nil) where bookmark.aiTags.contains(where: { $0.lowercased() == folded }) {
                    try cache.setAITags(rewrite(bookmark.aiTags), id: bookmark.id)
                    aiChanged += 1
                }
            } catch {
                reportCacheFailure(error)
            }
        }
        let restored = restoringAIMetadata(saved)
        cacheUpsert(restored)
        await refreshWidgets()
        await notifySaved(restored.filter { !$0.isArchived })
        return TagChangeReport(bookmarksChanged: saved.count, aiTagsChanged: aiChanged)
    }
}
