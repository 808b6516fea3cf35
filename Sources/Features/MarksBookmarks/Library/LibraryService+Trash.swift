import Foundation
import MarksCore

/// Delete that never resurrects and never loses. A delete is recorded at once: a source with its own trash (the
/// embedded store) moves the bookmark there; for one without (a linkding server) the library keeps the whole
/// bookmark in `library_trash`, hides it from every list at once, and sends the DELETE by a `linkding.delete` job
/// when the undo window closes (or at once without `deferredDeletes`). A restore brings it back: exactly, with its
/// id, from the store's trash or before the DELETE went out; after, it is created again on linkding with the same
/// fields and a new id. Purges drop entries for good (the `trash.purge` job: 30 days).
extension LibraryService {
    /// How long a trashed bookmark is kept before `trash.purge` drops it.
    public static let trashRetention: TimeInterval = 30 * 24 * 3600

    /// Deletes a bookmark: it leaves every list, search and count at once and waits in the trash.
    public func delete(id: Int) async throws {
        if source.trash != nil || cache == nil {
            try await source.delete(id: id)
        } else if let cache {
            try await deleteKeepingCopy(id: id, cache: cache)
        }
        cacheRemove([id], forgettingAIMetadata: false)
        await refreshWidgets()
        await notifyDeleted([id])
    }

    /// The trashed bookmarks, most recently deleted first.
    public func trash() async throws -> [TrashedBookmark] {
        if let trash = source.trash { return try await trash.list() }
        guard let cache else { return [] }
        return try cache.trashEntries().map(\.trashed)
    }

    /// Brings a trashed bookmark back and returns it: with its id, tags, notes, dates and flags — or, when its
    /// delete already reached a linkding server, created again there with the same fields and a new id.
    public func restore(id: Int) async throws -> Bookmark {
        let restored: Bookmark
        if let trash = source.trash {
            restored = restoringAIMetadata(try await trash.restore(id))
            cacheUpsert([restored])
        } else if let cache {
            restored = try await restoreCopy(id: id, cache: cache)
        } else {
            throw BookmarkSourceError.notFound
        }
        await refreshWidgets()
        if restored.id != id {
            let identity = source.identity
            for observer in observers { await observer.renumbered(identity, id, restored.id) }
        }
        await notifySaved([restored])
        return restored
    }

    /// Drops one trashed bookmark for good ("Delete forever"); a linkding delete still waiting is sent now.
    public func purgeTrashed(id: Int) async throws {
        if let trash = source.trash {
            try await trash.purge(id)
        } else if let cache {
            guard let entry = try cache.trashEntry(id: id) else { throw BookmarkSourceError.notFound }
            if entry.state != .sent { try await sendDelete(id: id, cache: cache) }
            _ = try cache.takeFromTrash(id: id, state: nil, restoring: nil)
        } else {
            throw BookmarkSourceError.notFound
        }
        forgetAIMetadata([id])
        await notifyPurged([id])
    }

    /// Drops every trashed bookmark deleted before `cutoff` (all of them for nil: Empty trash); returns their ids.
    /// Linkding deletes still waiting are sent first; with a cutoff (the periodic purge) they are left for their job.
    @discardableResult
    public func emptyTrash(deletedBefore cutoff: Date?) async throws -> [Int] {
        var purged: [Int] = []
        if let trash = source.trash {
            purged = try await trash.purgeDeleted(cutoff)
        } else if let cache {
            for entry in try cache.trashEntries() where cutoff.map({ entry.deletedAt < $0 }) ?? true {
                if entry.state != .sent {
                    guard cutoff == nil else { continue }
                    try await sendDelete(id: entry.bookmark.id, cache: cache)
                }
                if try cache.takeFromTrash(id: entry.bookmark.id, state: nil, restoring: nil) { purged.append(entry.bookmark.id) }
            }
        }
        forgetAIMetadata(purged)
        await notifyPurged(purged)
        return purged.sorted()
    }

    /// Sends the DELETE of a trashed bookmark whose undo window closed (the `linkding.delete` job). Does nothing
    /// when it was restored (or sent) meanwhile; a failure leaves it waiting, for the job's retry.
    public func sendPendingDelete(id: Int) async throws {
        guard source.trash == nil, let cache else { return }
        try await sendDelete(id: id, cache: cache)
    }

    // MARK: - A source without its own trash

    private func deleteKeepingCopy(id: Int, cache: BookmarkCache) async throws {
        let bookmark: Bookmark
        do {
            bookmark = try await source.bookmark(id: id)
        } catch let error where Self.isUnavailable(error) {
            // Offline: the cached copy is what the trash keeps; the job sends the delete once the server is back.
            guard deferredDeletes != nil, let cached = try cache.bookmark(id: id) else { throw error }
            bookmark = cached
        }
        let deletedAt = now()
        guard let deferred = deferredDeletes else {
            try await source.delete(id: id)
            try cache.putInTrash(bookmark, deletedAt: deletedAt, state: .sent)
            return
        }
        try cache.putInTrash(bookmark, deletedAt: deletedAt, state: .pending)
        do {
            try await deferred.enqueue(deleteJob(id: id, runAfter: deletedAt.addingTimeInterval(deferred.window)))
        } catch {
            _ = try cache.takeFromTrash(id: id, state: .pending, restoring: bookmark)
            throw error
        }
    }

    private func restoreCopy(id: Int, cache: BookmarkCache) async throws -> Bookmark {
        guard let entry = try cache.trashEntry(id: id) else { throw BookmarkSourceError.notFound }
        switch entry.state {
        case .pending:
            // Nothing reached the server: put it back as it was and drop the job.
            guard try cache.takeFromTrash(id: id, state: .pending, restoring: entry.bookmark) else {
                return try await restoreCopy(id: id, cache: cache)
            }
            if let deferred = deferredDeletes {
                do {
                    try await deferred.cancel(Self.deleteKind, Self.deleteKey(id: id, source: source.identity))
                } catch {
                    warn("the queued delete of bookmark \(id) was not cancelled (it will find nothing to send): \(error)")
                }
            }
            return restoringAIMetadata(entry.bookmark)
        case .sending:
            throw LibraryError.deleteInFlight
        case .sent:
            let old = entry.bookmark
            let draft = BookmarkDraft(url: old.url, title: old.title, description: old.description, notes: old.notes,
                                      isArchived: old.isArchived, unread: old.unread, shared: old.shared, tagNames: old.tagNames,
                                      dateAdded: old.dateAdded, dateModified: old.dateModified)
            var created = try await source.create(draft, scrape: false)
            if old.isArchived && !created.isArchived {
                try await source.archive(id: created.id)
                created.isArchived = true
            }
            do {
                try cache.moveAIMetadata(from: old.id, to: created.id)
            } catch {
                reportCacheFailure(error)
            }
            _ = try cache.takeFromTrash(id: id, state: .sent, restoring: created)
            if created.id != old.id { await notifyDeleted([old.id]) }
            return restoringAIMetadata(created)
        }
    }

    /// Sends one waiting delete: `pending` → `sending` → `sent` (back to `pending` when the server fails).
    private func sendDelete(id: Int, cache: BookmarkCache) async throws {
        guard try cache.moveTrashEntry(id: id, from: .pending, to: .sending) else { return }
        do {
            try await source.delete(id: id)
        } catch BookmarkSourceError.notFound {
            // Already gone on the server (deleted there too): nothing left to send.
        } catch {
            try cache.moveTrashEntry(id: id, from: .sending, to: .pending)
            throw error
        }
        try cache.moveTrashEntry(id: id, from: .sending, to: .sent)
    }

    // MARK: - Hiding what the server still has

    /// The page without bookmarks waiting in the library's trash (a linkding server lists them until the delete
    /// is sent); the count drops by as many.
    func hidingTrashed(_ page: Page<Bookmark>) -> Page<Bookmark> {
        let hidden = libraryTrashIDs()
        guard !hidden.isEmpty else { return page }
        let kept = page.results.filter { !hidden.contains($0.id) }
        guard kept.count != page.results.count else { return page }
        return Page(count: max(0, page.count - (page.results.count - kept.count)), next: page.next, previous: page.previous,
                    results: kept)
    }

    /// True when the id waits in the library's trash.
    func isInLibraryTrash(_ id: Int) -> Bool {
        libraryTrashIDs().contains(id)
    }

    /// The ids in the library's trash (none for a source with its own trash, or when the cache cannot be read —
    /// reported).
    func libraryTrashIDs() -> Set<Int> {
        guard source.trash == nil, let cache else { return [] }
        do {
            return try cache.trashedIDs()
        } catch {
            reportCacheFailure(error)
            return []
        }
    }

    private func forgetAIMetadata(_ ids: [Int]) {
        guard let cache, !ids.isEmpty else { return }
        do {
            try cache.forgetAIMetadata(ids: ids)
        } catch {
            reportCacheFailure(error)
        }
    }
}
