import Foundation
import MarksCore

/// The select mode's bulk actions. On a source with `bulkEdit` (the embedded store) a bulk action is one transaction:
/// killed midway it leaves none of it done, and the cache, widgets and observers follow once it committed. A linkding
/// server has no transactions: there the bookmarks change one by one (each change idempotent, so the same action
/// again finishes one that was cut short), as docs/SECURITY.md says.
extension LibraryService {
    /// Applies `change` to the bookmarks `ids`; returns how many it changed (for tag changes, those that did not
    /// already have or lack the tag; otherwise every one).
    public func bulk(_ change: BookmarkBulkChange, ids: [Int]) async throws -> Int {
        guard let edit = source.bulkEdit, change != .delete || source.trash != nil else { return try await oneByOne(change, ids: ids) }
        let outcome = try await edit.apply(change, ids)
        switch change {
        case .delete:
            cacheRemove(ids, forgettingAIMetadata: false)
            await refreshWidgets()
            await notifyDeleted(ids)
        case .archive:
            let saved = restoringAIMetadata(outcome.saved)
            cacheUpsert(saved.filter { !$0.isArchived })
            for id in ids { cacheMarkArchived(id) }
            await refreshWidgets()
            await notifyArchived(ids)
        case .markRead, .addTag, .removeTag:
            let saved = restoringAIMetadata(outcome.saved)
            cacheUpsert(saved)
            await refreshWidgets()
            await notifySaved(saved)
        }
        switch change {
        case .addTag, .removeTag: return outcome.changed
        case .markRead, .archive, .delete: return ids.count
        }
    }

    /// The same change bookmark by bookmark (a source without transactions).
    private func oneByOne(_ change: BookmarkBulkChange, ids: [Int]) async throws -> Int {
        switch change {
        case .markRead:
            for id in ids { try await setUnread(id: id, false) }
            return ids.count
        case .archive(let markingRead):
            for id in ids { try await archive(id: id, markingRead: markingRead) }
            return ids.count
        case .addTag(let name): return try await addTag(name, to: ids)
        case .removeTag(let name): return try await removeTag(name, from: ids)
        case .delete:
            for id in ids { try await delete(id: id) }
            return ids.count
        }
    }
}
