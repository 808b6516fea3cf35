import Foundation
import MarksCore
import SQLiteDatabase

extension BookmarkStore {
    /// Imports Netscape entries in ONE transaction with linkding's importer semantics: an entry whose normalised URL
    /// is already stored updates that bookmark (URL, dates, unread; title, description and notes only when the entry
    /// has them; archive state kept), others are created; dates come from the file (modified defaults to added,
    /// added to now); tags are added to the existing ones (names over 64 characters skipped); `shared` is set from
    /// `PRIVATE="0"` only when `mapPrivateFlag`. Invalid entries and repeats of a URL are skipped and reported.
    public func importBookmarks(_ entries: [NetscapeEntry], mapPrivateFlag: Bool = false) throws(BookmarkStoreError) -> ImportResult {
        let result = try write { db in
            let fullText = try DeferredFullText(db)
            var importer = try BulkImporter(db: db, stamp: StoreTime.micros(now()), mapPrivateFlag: mapPrivateFlag)
            for (index, entry) in entries.enumerated() {
                try importer.add(entry, index: index)
            }
            try fullText.finish(db)
            return importer.result
        }
        if result.success > 1_000 { tidyAfterBulkImport() }
        return result
    }

    /// After a large import: merges the full-text index into one segment (FTS5 `optimize`, faster searches), then
    /// copies the write-ahead log into the database file and empties it, so readers stop looking pages up in it.
    private func tidyAfterBulkImport() {
        do {
            try database.write { db in try db.run("INSERT INTO store_bookmarks_fts (store_bookmarks_fts) VALUES ('optimize')") }
            _ = try database.writeWithoutTransaction { db in try db.query("PRAGMA wal_checkpoint(TRUNCATE)") }
        } catch {
            // The import is committed either way: an unmerged index or unfolded log only makes reads slower.
        }
    }
}

/// The full-text rows of an import's new bookmarks, written in ONE `INSERT … SELECT` at the end of its transaction
/// instead of by the insert trigger row by row (100k bookmarks: about 4× less time in FTS5). The trigger is dropped
/// inside the import's transaction and created again from its own stored SQL before the commit, so a failed or
/// killed import rolls both back with everything else. Updated bookmarks keep going through the update trigger:
/// they were indexed before the import, and an import updates no bookmark it created (its URLs are distinct).
struct DeferredFullText {
    static let trigger = "store_bookmarks_fts_insert"
    /// Every bookmark created from here on has a larger id (`AUTOINCREMENT`: ids only grow).
    let firstNewID: Int
    let triggerSQL: String

    init(_ db: Connection) throws {
        let sql = try db.queryOne("SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND name = ?", [SQLValue(Self.trigger)])
        guard let sql else { throw SQLiteError(code: 1, message: "the trigger \(Self.trigger) is missing") }
        triggerSQL = try sql.string(at: 0)
        let last = try db.queryOne("""
            SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'store_bookmarks'), 0),
                       coalesce((SELECT max(id) FROM store_bookmarks), 0))
            """)
        firstNewID = (try last?.int(at: 0) ?? 0) + 1
        try db.run("DROP TRIGGER \(Self.trigger)")
    }

    /// Indexes the bookmarks created since `init` as the trigger would have, and creates the trigger again.
    func finish(_ db: Connection) throws {
        try db.run("""
            INSERT INTO store_bookmarks_fts (rowid, title, description, notes, url)
            SELECT CASE WHEN is_archived THEN -id ELSE id END, lower(title), lower(description), lower(notes), lower(url)
            FROM store_bookmarks WHERE id >= ? ORDER BY id
            """, [SQLValue(firstNewID)])
        try db.run(triggerSQL)
    }
}

/// One import's prepared statements, tag-id cache and running result.
private struct BulkImporter {
    let db: Connection
    let stamp: Int64
    let mapPrivateFlag: Bool
    var result = ImportResult()
    private var seen = Set<String>()
    private var tagIDs: [String: Int] = [:]
    private let findExisting: Statement
    private let insert: Statement
    private let link: Statement

    init(db: Connection, stamp: Int64, mapPrivateFlag: Bool) throws {
        self.db = db
        self.stamp = stamp
        self.mapPrivateFlag = mapPrivateFlag
        findExisting = try db.prepare("SELECT id FROM store_bookmarks WHERE url_normalized = ?")
        insert = try db.prepare("""
            INSERT INTO store_bookmarks (url, url_normalized, title, description, notes, is_archived, unread, shared,
                                         date_added, date_modified)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        link = try db.prepare(TagWriter.linkSQL)
    }

    mutating func add(_ entry: NetscapeEntry, index: Int) throws {
        result.total += 1
        let normalized = URLNormalizer.normalize(entry.url)
        guard !seen.contains(normalized) else {
            return fail(index, entry, "Its URL repeats an earlier entry of the same import.")
        }
        do {
            _ = try BookmarkValidator.validate(url: entry.url, urlRequired: true, title: entry.title, description: nil,
                                               notes: nil, tagNames: nil)
        } catch {
            return fail(index, entry, error.message)
        }
        seen.insert(normalized)
        let added = entry.dateAdded.map(StoreTime.micros) ?? stamp
        let modified = entry.dateModified.map(StoreTime.micros) ?? added
        try findExisting.bind([SQLValue(normalized)])
        let existing = try findExisting.step()
        findExisting.reset()
        let id: Int
        if let existing {
            id = try existing.int(at: 0)
            var assignments: [(String, SQLValue)] = [
                ("url", SQLValue(entry.url)), ("url_normalized", SQLValue(normalized)), ("date_added", SQLValue(added)),
                ("date_modified", SQLValue(modified)), ("unread", SQLValue(entry.unread)),
            ]
            if !entry.title.isEmpty { assignments.append(("title", SQLValue(entry.title))) }
            if !entry.description.isEmpty { assignments.append(("description", SQLValue(entry.description))) }
            if !entry.notes.isEmpty { assignments.append(("notes", SQLValue(entry.notes))) }
            if mapPrivateFlag && entry.shared { assignments.append(("shared", SQLValue(true))) }
            try db.run("UPDATE store_bookmarks SET " + assignments.map { $0.0 + " = ?" }.joined(separator: ", ") + " WHERE id = ?",
                       assignments.map(\.1) + [SQLValue(id)])
            result.updated += 1
        } else {
            try insert.bind([
                SQLValue(entry.url), SQLValue(normalized), SQLValue(entry.title), SQLValue(entry.description),
                SQLValue(entry.notes), SQLValue(entry.archived), SQLValue(entry.unread), SQLValue(mapPrivateFlag && entry.shared),
                SQLValue(added), SQLValue(modified),
            ])
            try insert.run()
            id = Int(db.lastInsertRowID)
            result.created += 1
        }
        for name in entry.tags where !PythonWhitespace.strip(name).isEmpty && name.unicodeScalars.count <= BookmarkValidator.maxTagNameLength {
            try link.bind([SQLValue(id), SQLValue(try tagID(name))])
            try link.run()
        }
        result.success += 1
    }

    private mutating func tagID(_ name: String) throws -> Int {
        let folded = ASCIICaseFolding.fold(name)
        if let id = tagIDs[folded] { return id }
        let id = try TagWriter.tagID(named: name, stamp: stamp, db)
        tagIDs[folded] = id
        return id
    }

    private mutating func fail(_ index: Int, _ entry: NetscapeEntry, _ reason: String) {
        result.failed += 1
        result.failures.append(ImportResult.Failure(index: index, url: entry.url, reason: reason))
    }
}
