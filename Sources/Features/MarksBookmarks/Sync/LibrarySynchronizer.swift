import Foundation
import MarksCore

/// One sync of a source into its cache. Incremental by default: `modified_since` = the watermark minus an overlap,
/// on the live and the archived list, following `next`. Then it reconciles what `modified_since` cannot see:
/// tags deleted on the server (their bookmarks keep their `date_modified`) by comparing `/api/tags/` with the
/// cached vocabulary and re-fetching the bookmarks that carried a vanished tag; deletions by comparing the live and
/// archived counts with the cache's, walking the full list when they differ (and at least once a day). Nothing
/// is written until every request has answered, so a server going down mid-sync leaves the cache as it was.
struct LibrarySynchronizer {
    /// What the sync changed, for the report and the observers.
    struct Outcome: Sendable {
        var report: SyncReport
        /// Bookmarks that are new or changed, live or archived (no AI metadata restored).
        var saved: [Bookmark]
        /// Of `saved`: bookmarks archived since the last sync, by id.
        var archived: [Int]
        /// Of `saved`: bookmarks unarchived since the last sync.
        var unarchived: [Bookmark]
        /// Bookmarks gone from the source (deleted).
        var deleted: [Int]
    }

    let source: any BookmarkSource
    let cache: BookmarkCache
    let options: SyncOptions
    let now: @Sendable () -> Date
    let warn: @Sendable (String) -> Void
    /// Ids in the library's trash: the server may still list them (the delete not yet sent), and they must not come back.
    var hidden: Set<Int> = []

    func run(full requested: Bool, progress: @Sendable (SyncProgress) -> Void) async throws -> Outcome {
        let started = now()
        let (state, cached, readable) = loadCache()
        var full = requested || !readable || needsFullWalk(state, at: started)
        var merged = cached
        var vocabulary: [String] = []
        var vanished: [String] = []
        var watermark = state?.modifiedWatermark

        if !full, let state, let since = state.modifiedWatermark?.addingTimeInterval(-options.overlap) {
            let changed = try await walkBoth(modifiedSince: since, progress: progress)
            for bookmark in changed { merged[bookmark.id] = bookmark }
            watermark = Self.latest(changed, after: watermark)
            progress(SyncProgress(phase: .tags, done: 0, total: nil))
            vocabulary = try await BookmarkWalker.allTagNames(source, pageSize: options.pageSize)
            vanished = Self.vanishedTags(known: state.tagVocabulary, cached: merged.values, server: vocabulary)
            if !vanished.isEmpty {
                full = try await refetchCarrying(vanished, skipping: Set(changed.map(\.id)), into: &merged, progress: progress)
            }
            if !full {
                full = try await countsDiffer(from: merged, progress: progress)
            }
        }
        if full {
            let all = try await walkBoth(modifiedSince: nil, progress: progress)
            merged = Dictionary(all.map { ($0.id, $0) }, uniquingKeysWith: { _, later in later })
            vocabulary = try await BookmarkWalker.allTagNames(source, pageSize: options.pageSize)
            watermark = Self.latest(all, after: nil)
        }

        for id in hidden { merged[id] = nil }
        progress(SyncProgress(phase: .saving, done: 0, total: nil))
        let newState = SyncState(modifiedWatermark: watermark, lastSync: started,
                                 lastFullReconcile: full ? started : state?.lastFullReconcile, tagVocabulary: vocabulary)
        let outcome = Self.diff(cached: cached, merged: merged, full: full, vanished: vanished)
        let upserts = merged.values.filter { cached[$0.id] != $0 }
        let removals = cached.keys.filter { merged[$0] == nil }
        if readable {
            try cache.apply(upserts: upserts, removals: removals, forgetRemoved: true, state: newState)
        } else {
            try cache.replaceAll(with: Array(merged.values), state: newState)
        }
        return outcome
    }

    /// The cached state and bookmarks. An unreadable state means a full walk; unreadable bookmarks also mean the
    /// cache is rebuilt from scratch (both reported).
    private func loadCache() -> (SyncState?, [Int: Bookmark], readable: Bool) {
        var state: SyncState?
        do {
            state = try cache.syncState()
        } catch {
            warn("\(error) Syncing the full list instead.")
        }
        do {
            let bookmarks = try cache.bookmarks(archived: nil, withAIMetadata: false)
            return (state, Dictionary(bookmarks.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }), true)
        } catch {
            warn("\(error) Rebuilding the cache from the full list.")
            return (nil, [:], false)
        }
    }

    private func needsFullWalk(_ state: SyncState?, at time: Date) -> Bool {
        guard let state, state.modifiedWatermark != nil, let last = state.lastFullReconcile else { return true }
        return time.timeIntervalSince(last) >= options.fullReconcileInterval || time < last
    }

    /// The live then the archived list (only bookmarks modified after `modifiedSince`, when given).
    private func walkBoth(modifiedSince: Date?, progress: @Sendable (SyncProgress) -> Void) async throws -> [Bookmark] {
        var all: [Bookmark] = []
        for archived in [false, true] {
            let phase: SyncProgress.Phase = archived ? .archived : .bookmarks
            let query = BookmarkListQuery(limit: options.pageSize, archived: archived, modifiedSince: modifiedSince)
            let walked = try await BookmarkWalker.all(source, query) { done, total in
                progress(SyncProgress(phase: phase, done: done, total: total))
            }
            // A bookmark archived between the two walks shows on both lists; the archived copy is the newer.
            all += walked.bookmarks
        }
        return all
    }

    /// Re-fetches cached bookmarks that carry a vanished tag, one by one; returns true when there are too many
    /// and a full walk should do it instead.
    private func refetchCarrying(_ vanished: [String], skipping changed: Set<Int>, into merged: inout [Int: Bookmark],
                                 progress: @Sendable (SyncProgress) -> Void) async throws -> Bool {
        let names = Set(vanished)
        let affected = merged.values.filter { !changed.contains($0.id) && $0.tagNames.contains(where: names.contains) }.map(\.id).sorted()
        guard affected.count <= options.maxRefetch else { return true }
        for (index, id) in affected.enumerated() {
            progress(SyncProgress(phase: .reconciling, done: index, total: affected.count))
            do {
                merged[id] = try await source.bookmark(id: id)
            } catch BookmarkSourceError.notFound {
                merged[id] = nil
            }
        }
        return false
    }

    /// True when the server's live or archived count differs from the merged cache's (a deletion, or a change
    /// the watermark missed).
    private func countsDiffer(from merged: [Int: Bookmark], progress: @Sendable (SyncProgress) -> Void) async throws -> Bool {
        progress(SyncProgress(phase: .reconciling, done: 0, total: nil))
        let live = try await source.list(BookmarkListQuery(limit: 1)).count
        let archived = try await source.list(BookmarkListQuery(limit: 1, archived: true)).count
        let mergedLive = merged.values.filter { !$0.isArchived }.count
        return mergedLive != live || merged.count - mergedLive != archived
    }

    /// Tag names the cache knew (the vocabulary of the last sync, or on a cached bookmark) that the server lacks.
    static func vanishedTags(known: [String], cached: Dictionary<Int, Bookmark>.Values, server: [String]) -> [String] {
        let present = Set(server)
        var candidates = Set(known)
        for bookmark in cached { candidates.formUnion(bookmark.tagNames) }
        return candidates.subtracting(present).sorted()
    }

    /// The newest `date_modified` among `bookmarks`, or `after` when that is newer.
    static func latest(_ bookmarks: [Bookmark], after current: Date?) -> Date? {
        let newest = bookmarks.map(\.dateModified).max()
        switch (newest, current) {
        case let (newest?, current?): return max(newest, current)
        case let (newest?, nil): return newest
        default: return current
        }
    }

    private static func newestFirst(_ bookmarks: [Bookmark]) -> [Bookmark] {
        let dates = bookmarks.map(\.dateAdded)
        return dates.indices.sorted { dates[$0] > dates[$1] }.map { bookmarks[$0] }
    }

    /// Counts and observer lists from the cached and the merged state.
    static func diff(cached: [Int: Bookmark], merged: [Int: Bookmark], full: Bool, vanished: [String]) -> Outcome {
        var added = 0
        var updated = 0
        var saved: [Bookmark] = []
        var archived: [Int] = []
        var unarchived: [Bookmark] = []
        for (id, bookmark) in merged {
            guard let old = cached[id] else {
                added += 1
                saved.append(bookmark)
                continue
            }
            guard old != bookmark else { continue }
            updated += 1
            saved.append(bookmark)
            if bookmark.isArchived && !old.isArchived { archived.append(id) }
            if !bookmark.isArchived && old.isArchived { unarchived.append(bookmark) }
        }
        let deleted = cached.keys.filter { merged[$0] == nil }
        let live = merged.values.filter { !$0.isArchived }.count
        let report = SyncReport(added: added, updated: updated, removed: deleted.count, live: live,
                                archived: merged.count - live, full: full, vanishedTags: vanished)
        // Newest first; by dates and positions, which moves no bookmark until the end (a first sync has 100k).
        saved = newestFirst(saved)
        unarchived = newestFirst(unarchived)
        return Outcome(report: report, saved: saved, archived: archived.sorted(), unarchived: unarchived, deleted: deleted.sorted())
    }
}
