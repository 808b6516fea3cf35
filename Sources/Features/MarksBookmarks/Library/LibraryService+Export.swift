import Foundation
import MarksCore

extension LibraryService {
    /// Every bookmark of the source — live and archived, straight from the source, not the cache — as a Netscape
    /// bookmark file in linkding's format (tags, dates, unread, shared, notes and the archived tag kept), newest first.
    public func exportNetscape(progress: @escaping @Sendable (SyncProgress) -> Void = { _ in }) async throws -> (text: String, count: Int) {
        let unique = try await exportedBookmarks(progress: progress)
        return (NetscapeBookmarkFile.write(unique.map(Self.netscapeEntry)), unique.count)
    }

    /// Every bookmark of the source, live and archived, straight from the source, each once: newest first, then by
    /// URL (an order that does not depend on the source's ids, so an export after a re-import is the same).
    public func exportedBookmarks(progress: @escaping @Sendable (SyncProgress) -> Void = { _ in }) async throws -> [Bookmark] {
        var bookmarks: [Bookmark] = []
        for archived in [false, true] {
            let phase: SyncProgress.Phase = archived ? .archived : .bookmarks
            bookmarks += try await BookmarkWalker.all(source, BookmarkListQuery(limit: syncOptions.pageSize, archived: archived)) { done, total in
                progress(SyncProgress(phase: phase, done: done, total: total))
            }.bookmarks
        }
        var seen = Set<Int>()
        return bookmarks.filter { seen.insert($0.id).inserted }.sorted {
            $0.dateAdded != $1.dateAdded ? $0.dateAdded > $1.dateAdded : ($0.url, $0.id) < ($1.url, $1.id)
        }
    }

    /// A bookmark as a Netscape entry.
    public static func netscapeEntry(_ bookmark: Bookmark) -> NetscapeEntry {
        NetscapeEntry(url: bookmark.url, title: bookmark.title, description: bookmark.description, notes: bookmark.notes,
                      tags: bookmark.tagNames, dateAdded: bookmark.dateAdded, dateModified: bookmark.dateModified,
                      unread: bookmark.unread, shared: bookmark.shared, archived: bookmark.isArchived)
    }
}
