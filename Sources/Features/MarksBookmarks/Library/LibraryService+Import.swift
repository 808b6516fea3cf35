import Foundation
import Synchronization
import MarksCore
import SystemSupport

extension LibraryService {
    /// Imports a Netscape bookmark file: `importFile` with `.netscape`.
    public func importNetscape(_ text: String, foldersAsTags: Bool = false, mapPrivateFlag: Bool = true,
                               progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }) async throws -> ImportReport {
        try await importFile(text, format: .netscape, foldersAsTags: foldersAsTags, mapPrivateFlag: mapPrivateFlag, progress: progress)
    }

    /// Imports a bookmark file in `format` (a Netscape file or another service's export, `ImportFormat`). Into a
    /// source with a bulk import (the embedded store): every entry in ONE
    /// transaction with linkding's importer semantics; the bookmarks it saved then go to the cache, the widget files
    /// and the observers, as after any other mutation. Into a linkding server: one by one through the API — the existing bookmarks are looked up
    /// first (one walk over both lists instead of a `check` per entry, which would scrape every page), an existing
    /// URL is PATCHed (tags added, non-empty fields and unread taken from the file, archive state kept), a new one is
    /// created with its dates and archive state; one the file brings nothing new to is counted unchanged and not
    /// written. Highlights the file carries go to `importedHighlights` once the bookmarks are saved (else into the
    /// notes as text). Bad entries are reported by line (or entry) and the rest are imported.
    /// `mapPrivateFlag` sets `shared` from `PRIVATE="0"`. Throws (nothing changed) `NetscapeError.notABookmarkFile`
    /// for text that is not a bookmark file, `ImportFormatError` for a file not in (or a broken) `format`;
    /// `LibraryError.importInterrupted` when the server goes away.
    public func importFile(_ text: String, format: ImportFormat, foldersAsTags: Bool = false, mapPrivateFlag: Bool = true,
                           progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }) async throws -> ImportReport {
        let reading: ImportFileReading
        let result: ImportTally
        let throughAPI: Bool
        var problems: [ImportReport.Problem]
        let keepingHighlights = importedHighlights != nil
        if let bulkImport = source.bulkImport {
            throughAPI = false
            (reading, result) = try await importInBulk(bulkImport, mapPrivateFlag: mapPrivateFlag, progress: progress) { send in
                try ImportFileReading.read(text, format: format, foldersAsTags: foldersAsTags, keepingHighlights: keepingHighlights, send: send)
            }
            problems = reading.problems
        } else {
            throughAPI = true
            let read = try ImportFileReading.readAll(text, format: format, foldersAsTags: foldersAsTags, keepingHighlights: keepingHighlights)
            reading = read.reading
            result = try await importThroughAPI(read.entries, mapPrivateFlag: mapPrivateFlag, progress: progress)
            problems = reading.problems
            if result.modifiedDatesNotKept > 0 {
                problems.append(ImportReport.Problem(line: nil, message: "linkding set the modified date of \(result.modifiedDatesNotKept) updated bookmarks to now: its API cannot set the LAST_MODIFIED the file gives for a bookmark it already has (new bookmarks keep theirs)."))
            }
        }
        for failure in result.failures {
            problems.append(reading.problem(ofEntry: failure.index, url: failure.url,
                                            message: "Skipped \(failure.url.prefix(80)): \(failure.reason)"))
        }
        problems.sort { ($0.line ?? Int.max) < ($1.line ?? Int.max) }
        let highlights = try await saveImportedHighlights(reading, dryRun: false)
        return ImportReport(read: reading.count, created: result.created, updated: result.updated,
                            skipped: reading.skipped + result.failures.count, problems: problems, throughAPI: throughAPI,
                            trimmed: reading.trimmed, unchanged: result.unchanged, highlights: highlights)
    }

    /// The highlights `reading` kept apart, for the bookmarks saved under their addresses (an entry that was skipped
    /// has none), saved to `importedHighlights` in one transaction once the bookmarks are — each unless the same
    /// bookmark already has the same quote and note, so the same file twice adds none — or, for a dry run, counted.
    func saveImportedHighlights(_ reading: ImportFileReading, dryRun: Bool) async throws -> ImportedHighlightStore.Counts {
        guard let store = importedHighlights, !reading.highlights.isEmpty else { return ImportedHighlightStore.Counts() }
        var ids: [String: Int] = [:]
        let walked = try await BookmarkWalker.all(source, BookmarkListQuery(limit: syncOptions.pageSize)) { _, _ in }.bookmarks
            + BookmarkWalker.all(source, BookmarkListQuery(limit: syncOptions.pageSize, archived: true)) { _, _ in }.bookmarks
        for bookmark in walked { ids[URLNormalizer.normalize(bookmark.url)] = bookmark.id }
        var items: [ImportedHighlightStore.Item] = []
        var counts = ImportedHighlightStore.Counts()
        for (url, highlights) in reading.highlights {
            guard let id = ids[URLNormalizer.normalize(url)] else {
                // Not saved (skipped); in a dry run, a bookmark still to be added: every highlight of it is new.
                if dryRun { counts.added += highlights.count }
                continue
            }
            items += highlights.map { ImportedHighlightStore.Item(bookmarkID: id, url: url, highlight: $0) }
        }
        let saved = try store.save(source.identity, items, dryRun)
        counts.added += saved.added
        counts.unchanged += saved.unchanged
        if !dryRun && saved.added > 0 { await store.changed(Array(Set(items.map(\.bookmarkID))).sorted()) }
        return counts
    }

    /// Into a source with a bulk import, on threads of their own: the file is read and handed over part by part, so
    /// the store's transaction starts with the first part and the two run at once; once the file is read, the
    /// reader's thread gathers the bookmarks the store hands on. A file that turns out not to be a bookmark file is
    /// known only at its end: the store's transaction is then rolled back and `notABookmarkFile` thrown, so nothing
    /// changes. Once the store has committed and tidied (copying its log beside the writer), the bookmarks go to the
    /// cache (nothing for the embedded store's, which keeps no copy), the widget files and the observers.
    func importInBulk(_ bulkImport: BookmarkBulkImport, mapPrivateFlag: Bool, progress: @escaping @Sendable (Int, Int) -> Void,
                      reader: @escaping @Sendable (_ send: ([NetscapeEntry]) -> Bool) throws -> ImportFileReading) async throws -> (ImportFileReading, ImportTally) {
        let parts = Handover<[NetscapeEntry]>(capacity: 4)
        // Never full: the store hands its bookmarks over without waiting for anyone.
        let saved = Handover<[Bookmark]>(capacity: .max)
        // Progress, reported by the one thread that takes the parts (so it never goes backwards): the entries taken
        // (a few parts ahead of the store's writes at most) of the file's count, which is 0 ("reading the file")
        // until the reader has reached its end — set before the stream ends, so the last report has it.
        let counts = Mutex((written: 0, total: 0))
        progress(0, 0)
        async let read = DedicatedThread.run("marks.import.read") {
            let reading: ImportFileReading
            do {
                reading = try reader { parts.send($0) }
                counts.withLock { $0.total = reading.count }
                parts.finish()
            } catch {
                parts.finish(throwing: error)
                throw error
            }
            // The file is read: this thread's core is free while the store still writes.
            return (reading, Self.gathered(saved))
        }
        let result: ImportResult
        do {
            result = try await bulkImport({
                let part = try parts.receive()
                let now = counts.withLock { counts in
                    defer { counts.written += part?.count ?? 0 }
                    return counts
                }
                progress(now.written, now.total)
                return part
            }, mapPrivateFlag: mapPrivateFlag, saved: { saved.send($0) })
        } catch {
            parts.close()
            saved.finish(throwing: error)
            // The reader's own failure (not a bookmark file) is what the store's rollback came from.
            do {
                _ = try await read
            } catch let readError as NetscapeError {
                throw readError
            } catch let readError as ImportFormatError {
                throw readError
            } catch {}
            throw error
        }
        saved.finish()
        async let tidied: Void = bulkImport.tidy(after: result)
        let (reading, bookmarks) = try await read
        await tidied
        progress(reading.count, reading.count)
        await catchUpAfterBulkImport(bookmarks)
        return (reading, ImportTally(result))
    }

    /// On the reader's thread once the file is read: every bookmark the store saves, in the order handed on (none
    /// when the stream fails: the store's import did).
    private static func gathered(_ parts: Handover<[Bookmark]>) -> [Bookmark] {
        var saved: [Bookmark] = []
        do {
            while let part = try parts.receive() { saved += part }
        } catch {
            return []
        }
        return saved
    }

    /// Imports entries one by one through the source's API; the saved bookmarks go to the cache and the observers.
    func importThroughAPI(_ entries: [NetscapeEntry], mapPrivateFlag: Bool,
                          progress: @escaping @Sendable (Int, Int) -> Void) async throws -> ImportTally {
        var result = ImportTally()
        var existing: [String: Bookmark] = [:]
        do {
            let walked = try await BookmarkWalker.all(source, BookmarkListQuery(limit: syncOptions.pageSize)) { _, _ in }.bookmarks
                + BookmarkWalker.all(source, BookmarkListQuery(limit: syncOptions.pageSize, archived: true)) { _, _ in }.bookmarks
            for bookmark in walked { existing[URLNormalizer.normalize(bookmark.url)] = bookmark }
        } catch {
            throw LibraryError.importInterrupted(done: 0, total: entries.count, reason: Self.describe(error))
        }
        var seen = Set<String>()
        var saved: [Bookmark] = []
        for (index, entry) in entries.enumerated() {
            progress(index, entries.count)
            let key = URLNormalizer.normalize(entry.url)
            guard seen.insert(key).inserted else {
                result.fail(index, entry, "Its URL repeats an earlier entry of the same import.")
                continue
            }
            do {
                if let old = existing[key] {
                    let update = Self.importUpdate(entry, onto: old, mapPrivateFlag: mapPrivateFlag)
                    if update.isEmpty {
                        result.unchanged += 1
                    } else {
                        saved.append(try await source.update(id: old.id, update))
                        result.updated += 1
                    }
                    if !update.isEmpty, let modified = entry.dateModified, modified != old.dateModified { result.modifiedDatesNotKept += 1 }
                } else {
                    saved.append(try await source.create(Self.importDraft(entry, mapPrivateFlag: mapPrivateFlag), scrape: false))
                    result.created += 1
                }
            } catch let error as BookmarkSourceError {
                guard case .invalid = error else {
                    cacheUpsert(saved)
                    throw LibraryError.importInterrupted(done: index, total: entries.count, reason: error.message)
                }
                result.fail(index, entry, error.message)
            }
        }
        progress(entries.count, entries.count)
        let restored = restoringAIMetadata(saved)
        cacheUpsert(restored)
        await refreshWidgets()
        await notifySaved(restored.filter { !$0.isArchived })
        return result
    }

    /// The PATCH for an entry whose URL is already saved (linkding's importer: URL, dates and unread from the file;
    /// title, description and notes only when the file has them; tags added; archive state kept).
    static func importUpdate(_ entry: NetscapeEntry, onto old: Bookmark, mapPrivateFlag: Bool) -> BookmarkUpdate {
        var update = BookmarkUpdate()
        if !entry.title.isEmpty && entry.title != old.title { update.title = entry.title }
        if !entry.description.isEmpty && entry.description != old.description { update.description = entry.description }
        if !entry.notes.isEmpty && entry.notes != old.notes { update.notes = entry.notes }
        if entry.unread != old.unread { update.unread = entry.unread }
        if mapPrivateFlag && entry.shared && !old.shared { update.shared = true }
        if let added = entry.dateAdded, added != old.dateAdded { update.dateAdded = added }
        let known = Set(old.tagNames.map { $0.lowercased() })
        let newTags = importableTags(entry.tags).filter { !known.contains($0.lowercased()) }
        if !newTags.isEmpty { update.tagNames = old.tagNames + newTags }
        return update
    }

    /// The POST for a new entry (no scraping: the file says what it has). Both dates go along: linkding keeps
    /// `date_modified` on a create, and — as its own importer does — a file without `LAST_MODIFIED` gets `ADD_DATE`.
    static func importDraft(_ entry: NetscapeEntry, mapPrivateFlag: Bool) -> BookmarkDraft {
        BookmarkDraft(url: entry.url, title: entry.title, description: entry.description, notes: entry.notes,
                      isArchived: entry.archived, unread: entry.unread, shared: mapPrivateFlag && entry.shared,
                      tagNames: importableTags(entry.tags), dateAdded: entry.dateAdded,
                      dateModified: entry.dateModified ?? entry.dateAdded)
    }

    /// The entry's non-empty tag names (`ImportFit` already cut longer ones to linkding's 64 characters).
    private static func importableTags(_ tags: [String]) -> [String] {
        tags.filter { !$0.isEmpty }
    }

    /// After a bulk import, which bypasses the per-bookmark paths: the saved bookmarks (archived ones too: the index
    /// keeps them flagged) go to a cache that keeps a copy and, with their AI metadata, to the widget files and the
    /// observers, as the import through the API does.
    private func catchUpAfterBulkImport(_ saved: [Bookmark]) async {
        cacheUpsert(saved)
        let restored = restoringAIMetadata(saved)
        await refreshWidgets()
        await notifySaved(restored)
    }

    static func describe(_ error: any Error) -> String {
        switch error {
        case let error as BookmarkSourceError: return error.message
        case let error as CustomStringConvertible: return error.description
        default: return String(describing: error)
        }
    }
}

/// The counts of one import, whichever way it went.
struct ImportTally {
    var created = 0
    var updated = 0
    var unchanged = 0
    var failures: [(index: Int, url: String, reason: String)] = []
    /// Updated bookmarks whose file `LAST_MODIFIED` the API could not keep (a PATCH stamps now).
    var modifiedDatesNotKept = 0

    init() {}

    init(_ result: ImportResult) {
        created = result.created
        updated = result.updated
        unchanged = result.unchanged
        failures = result.failures.map { ($0.index, $0.url, $0.reason) }
    }

    mutating func fail(_ index: Int, _ entry: NetscapeEntry, _ reason: String) {
        failures.append((index, entry.url, reason))
    }
}
