import Foundation
import MarksCore
import SQLiteDatabase

extension BookmarkStore {
    /// Imports Netscape entries in ONE transaction with linkding's importer semantics: an entry whose normalised URL
    /// is already stored updates that bookmark (URL, unread; dates, title, description and notes only when the entry
    /// has them; archive state kept) — or, when it brings nothing new, is counted unchanged and nothing is written, others are created; dates come from the file (modified defaults to added,
    /// added to now); tags are added to the existing ones (names over 64 characters skipped); `shared` is set from
    /// `PRIVATE="0"` only when `mapPrivateFlag`. Invalid entries and repeats of a URL are skipped and reported.
    public func importBookmarks(_ entries: [NetscapeEntry], mapPrivateFlag: Bool = false) throws(BookmarkStoreError) -> ImportResult {
        var given: [NetscapeEntry]? = entries
        let result = try importBookmarks(parts: { defer { given = nil }; return given }, mapPrivateFlag: mapPrivateFlag)
        tidyAfterBulkImport(result)
        return result
    }

    /// `importBookmarks` with the entries given part by part (`parts` returns nil at the end; it may block while
    /// the next part is read, and an error it throws rolls the whole import back). Failures are numbered across
    /// parts. After each part, `saved` (when given) gets the bookmarks it created or updated, in the entries' order,
    /// as the transaction holds them: saved only if this returns.
    ///
    /// A bulk write (`Database.bulkWrite`): the importer makes every reference itself (tags it has just found or
    /// created, bookmarks it has just written), so foreign keys are not checked row by row, and the commit leaves the
    /// log for `tidyAfterBulkImport`, which the caller then calls (it may first write more, its cache say).
    public func importBookmarks(parts: () throws -> [NetscapeEntry]?, mapPrivateFlag: Bool = false,
                                saved: (([Bookmark]) -> Void)? = nil) throws(BookmarkStoreError) -> ImportResult {
        try importBookmarks(prepared: { try parts().map { $0.map(ImportEntry.init) } }, mapPrivateFlag: mapPrivateFlag,
                            saved: saved)
    }

    /// `importBookmarks(parts:)` with each part prepared already (`ImportEntry`: on another thread, while this one
    /// writes).
    public func importBookmarks(prepared parts: () throws -> [ImportEntry]?, mapPrivateFlag: Bool = false,
                                saved: (([Bookmark]) -> Void)? = nil) throws(BookmarkStoreError) -> ImportResult {
        do {
            return try database.bulkWrite { db in
                // A large import touches most pages of every index many times: up to 256 MB of cache for it.
                try db.withPageCache(megabytes: 256) {
                    let deferred = try DeferredIndexing(db)
                    var importer = try BulkImporter(db: db, stamp: StoreTime.micros(now()), mapPrivateFlag: mapPrivateFlag,
                                                    firstID: deferred.firstNewID, keepingSaved: saved != nil,
                                                    urlIdentity: urlIdentity)
                    var index = 0
                    while let part = try parts() {
                        for entry in part {
                            try importer.add(entry, index: index)
                            index += 1
                        }
                        try importer.finishPart()
                        if let saved { saved(try importer.takeSaved()) }
                    }
                    try deferred.finish(db, created: importer.result.created)
                    return importer.result
                }
            }
        } catch {
            throw Self.wrap(error)
        }
    }

    /// After a large import (over 1,000 saved), on a thread of the caller's while the writer is free for other
    /// writes (the library's cache): copies what the import's commit left in the write-ahead log into the database
    /// file, from a connection of its own. `tidyAfterBulkImport` then has only the later writes to copy.
    public func checkpointAfterBulkImport(_ result: ImportResult) {
        guard result.success > 1_000 else { return }
        do {
            try database.checkpointBesideWriter()
        } catch {
            // `tidyAfterBulkImport` copies it all then.
        }
    }

    /// After a large import (over 1,000 saved) and whatever the caller wrote after it: merges the word index into one
    /// segment (FTS5 `optimize`, faster searches), then copies the write-ahead log into the database file and empties
    /// it, so readers stop looking pages up in it. The import is committed either way: an unmerged index or unfolded
    /// log only makes reads slower.
    public func tidyAfterBulkImport(_ result: ImportResult) {
        guard result.success > 1_000 else { return }
        do {
            try database.write { db in try db.run("INSERT INTO store_words (store_words) VALUES ('optimize')") }
            try database.checkpoint()
        } catch {
            // See above: nothing to undo.
        }
    }
}

/// What the insert triggers do for each new bookmark — its word-index row, its terms and their trigrams, its list
/// count, its tags' counts — done by a few statements over all of an import's new bookmarks at the end of its transaction (a trigger
/// costs several microseconds per row before its work starts). The triggers are dropped inside the import's
/// transaction and created again from their own stored SQL before the commit, so a failed or killed import rolls
/// both back with everything else. Updated bookmarks keep going through the update triggers: they existed before the
/// import, and an import updates no bookmark it created (its URLs are distinct).
struct DeferredIndexing {
    static let triggers = [WordIndexMigration.insertTrigger, WordIndexMigration.termsTrigger, StoreCounts.insertTrigger,
                           StoreTagCounts.insertTrigger]
    /// From this many new bookmarks on, the vocabulary is refreshed from the whole index (one read of every doclist)
    /// rather than term by term.
    static let wholeVocabularyFrom = 2_000
    /// Every bookmark created from here on has a larger id (`AUTOINCREMENT`: ids only grow).
    let firstNewID: Int
    /// Likewise for terms (`INTEGER PRIMARY KEY`, and terms are never deleted).
    let firstNewTermID: Int
    let triggerSQL: [String]

    init(_ db: Connection) throws {
        triggerSQL = try Self.triggers.map { name in
            let sql = try db.queryOne("SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND name = ?", [SQLValue(name)])
            guard let sql else { throw SQLiteError(code: 1, message: "the trigger \(name) is missing") }
            return try sql.string(at: 0)
        }
        let last = try db.queryOne("""
            SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'store_bookmarks'), 0),
                       coalesce((SELECT max(id) FROM store_bookmarks), 0))
            """)
        firstNewID = (try last?.int(at: 0) ?? 0) + 1
        firstNewTermID = (try db.queryOne("SELECT coalesce(max(id), 0) FROM store_terms").map { try $0.int(at: 0) } ?? 0) + 1
        for name in Self.triggers { try db.run("DROP TRIGGER \(name)") }
    }

    /// Does for the bookmarks created since `init` what the triggers would have, and creates the triggers again.
    func finish(_ db: Connection, created: Int) throws {
        try WordIndexMigration.indexBookmarks(from: firstNewID, db)
        if created >= Self.wholeVocabularyFrom {
            try WordIndexMigration.addAllIndexedTerms(db)
        } else {
            try WordIndexMigration.addTerms(from: firstNewID, db)
        }
        try WordIndexMigration.indexTerms(from: firstNewTermID, db)
        try StoreCounts.addBookmarks(from: firstNewID, db)
        // Links went in for new and updated bookmarks alike: one recount of every tag (a pass over the tag index).
        try StoreTagCounts.rebuild(db)
        for sql in triggerSQL { try db.run(sql) }
    }
}

/// One import's statements, tag cache and running result, and — when kept — the bookmarks of the current part: a
/// created one built from what was written (the same `BookmarkRows.make` a read uses, no read back), an updated one
/// read back. New bookmarks take their ids in order from `firstID` (what `AUTOINCREMENT` would give them, and it
/// follows) and go in, with their tag links, many rows to a statement (`BatchInsert`); an entry whose URL is already
/// stored updates that bookmark at once.
private struct BulkImporter {
    let db: Connection
    let stamp: Int64
    let mapPrivateFlag: Bool
    let keepingSaved: Bool
    let urlIdentity: StoreURLIdentity
    var result = ImportResult()
    private var seen = Set<String>()
    private var tags: [String: (id: Int, name: String)] = [:]
    /// True when the store held no bookmark as the import began: no entry can then match one, so none is looked up.
    private let startedEmpty: Bool
    private var nextID: Int
    private var saved: [(id: Int, bookmark: Bookmark?)] = []
    private var inserts: BatchInsert
    private var links: BatchInsert
    private let link: Statement

    init(db: Connection, stamp: Int64, mapPrivateFlag: Bool, firstID: Int, keepingSaved: Bool,
         urlIdentity: StoreURLIdentity) throws {
        self.db = db
        self.urlIdentity = urlIdentity
        self.stamp = stamp
        self.mapPrivateFlag = mapPrivateFlag
        self.keepingSaved = keepingSaved
        nextID = firstID
        startedEmpty = try db.queryOne("SELECT NOT EXISTS (SELECT 1 FROM store_bookmarks)").map { try $0.bool(at: 0) } ?? false
        inserts = BatchInsert(db, into: "store_bookmarks", columns: [
            "id", "url", "url_key", "title", "description", "notes", "is_archived", "unread", "shared", "date_added",
            "date_modified",
        ])
        // A bookmark just created has the archive state of its entry: no lookup of its row per tag.
        links = BatchInsert(db, into: "store_bookmark_tags", columns: ["bookmark_id", "tag_id", "archived"], rowsPerStatement: 300)
        link = try db.prepare(TagWriter.linkSQL)
    }

    mutating func add(_ prepared: ImportEntry, index: Int) throws {
        result.total += 1
        let entry = prepared.entry
        let normalized = prepared.normalized
        guard !seen.contains(normalized) else {
            return fail(index, entry, "Its URL repeats an earlier entry of the same import.")
        }
        if let problem = prepared.problem { return fail(index, entry, problem) }
        seen.insert(normalized)
        let added = entry.dateAdded.map(StoreTime.micros) ?? stamp
        let modified = entry.dateModified.map(StoreTime.micros) ?? added
        let key = urlIdentity.key(normalized)
        let existing = startedEmpty ? nil : try urlIdentity.bookmarkID(normalized: normalized, db)
        let id: Int
        var archived: Bool?
        /// For an existing bookmark: whether the entry changed its row or added a tag.
        var changed = true
        if let existing {
            id = existing
            var assignments: [(String, SQLValue)] = [
                ("url", SQLValue(entry.url)), ("url_key", SQLValue(key)),
                ("unread", SQLValue(entry.unread)),
            ]
            // An entry without dates keeps the stored ones (as the import through linkding's API does), so the same
            // file imported twice changes nothing.
            if entry.dateAdded != nil { assignments.append(("date_added", SQLValue(added))) }
            if entry.dateAdded != nil || entry.dateModified != nil { assignments.append(("date_modified", SQLValue(modified))) }
            if !entry.title.isEmpty { assignments.append(("title", SQLValue(entry.title))) }
            if !entry.description.isEmpty { assignments.append(("description", SQLValue(entry.description))) }
            if !entry.notes.isEmpty { assignments.append(("notes", SQLValue(entry.notes))) }
            if mapPrivateFlag && entry.shared { assignments.append(("shared", SQLValue(true))) }
            // Written only when a value differs, so the same file imported twice writes nothing (no update trigger runs).
            try db.run("UPDATE store_bookmarks SET " + assignments.map { $0.0 + " = ?" }.joined(separator: ", ") + " WHERE id = ? AND ("
                       + assignments.map { $0.0 + " IS NOT ?" }.joined(separator: " OR ") + ")",
                       assignments.map(\.1) + [SQLValue(id)] + assignments.map(\.1))
            changed = db.changes > 0
        } else {
            id = nextID
            nextID += 1
            try inserts.append([
                SQLValue(id), SQLValue(entry.url), SQLValue(key), SQLValue(entry.title), SQLValue(entry.description),
                SQLValue(entry.notes), SQLValue(entry.archived), SQLValue(entry.unread), SQLValue(mapPrivateFlag && entry.shared),
                SQLValue(added), SQLValue(modified),
            ])
            archived = entry.archived
            result.created += 1
        }
        var linked: [Int: String] = [:]
        for name in entry.tags where !PythonWhitespace.strip(name).isEmpty && name.unicodeScalars.count <= BookmarkValidator.maxTagNameLength {
            let tag = try self.tag(name)
            // Two spellings of one tag link it once.
            guard linked.updateValue(tag.name, forKey: tag.id) == nil else { continue }
            if let archived {
                try links.append([SQLValue(id), SQLValue(tag.id), SQLValue(archived)])
            } else {
                try link.bind([SQLValue(id), SQLValue(tag.id)])
                try link.run()
                if db.changes > 0 { changed = true }
            }
        }
        result.success += 1
        if archived == nil {
            if changed { result.updated += 1 } else { result.unchanged += 1 }
        }
        guard changed else { return }
        result.savedIDs.append(id)
        if keepingSaved {
            // A created bookmark is exactly what is written (no stored snapshot link yet, its tags the stored
            // spellings); an updated one also keeps what it had, so it is read back.
            let created = archived.map { archived in
                BookmarkRows.make(id: id, url: entry.url, title: entry.title, description: entry.description, notes: entry.notes,
                                  snapshot: "", flags: (archived, entry.unread, mapPrivateFlag && entry.shared),
                                  added: added, modified: modified, tags: Array(linked.values))
            }
            saved.append((id, created))
        }
    }

    /// Sends the new bookmarks and links that still wait: at the end of each part, before anything reads them.
    mutating func finishPart() throws {
        try inserts.flush()
        try links.flush()
    }

    /// The bookmarks saved since the last call, in the entries' order (the updated ones read back now).
    mutating func takeSaved() throws -> [Bookmark] {
        defer { saved.removeAll(keepingCapacity: true) }
        let updated = saved.filter { $0.bookmark == nil }.map(\.id)
        guard !updated.isEmpty else { return saved.compactMap(\.bookmark) }
        var read: [Int: Bookmark] = [:]
        for bookmark in try BookmarkRows.load(ids: updated, db) { read[bookmark.id] = bookmark }
        return saved.compactMap { $0.bookmark ?? read[$0.id] }
    }

    private mutating func tag(_ name: String) throws -> (id: Int, name: String) {
        let folded = ASCIICaseFolding.fold(name)
        if let tag = tags[folded] { return tag }
        let tag = try TagWriter.tag(named: name, stamp: stamp, db)
        tags[folded] = tag
        return tag
    }

    private mutating func fail(_ index: Int, _ entry: NetscapeEntry, _ reason: String) {
        result.failed += 1
        result.failures.append(ImportResult.Failure(index: index, url: entry.url, reason: reason))
    }
}
