import Foundation
import MarksCore
import SQLiteDatabase

extension BookmarkStore {
    /// Creates a bookmark (linkding's POST). A bookmark with the same normalised URL is overwritten instead and
    /// keeps its id, URL, archive state and `date_added`: title, description, notes, unread and shared become what
    /// was sent (blank/false when omitted), the tags become `tagNames` (none when omitted) and `date_modified` becomes
    /// now; a new bookmark keeps the draft's `date_added` and `date_modified` when set (linkding's create). When `metadata` is
    /// given (scraping on), an empty title or description is then filled from it, as linkding does.
    public func create(_ draft: BookmarkDraft, fillingEmptyFrom metadata: BookmarkCheck.Metadata? = nil) throws(BookmarkStoreError) -> Bookmark {
        let fields = try BookmarkValidator.validate(
            url: draft.url, urlRequired: true, title: draft.title, description: draft.description, notes: draft.notes,
            tagNames: draft.tagNames)
        let url = fields.url ?? draft.url
        var title = fields.title ?? ""
        var description = fields.description ?? ""
        if let metadata {
            if title.isEmpty { title = metadata.title ?? "" }
            if description.isEmpty { description = metadata.description ?? "" }
        }
        return try write { db in
            let stamp = StoreTime.micros(now())
            let normalized = URLNormalizer.normalize(url)
            let id: Int
            if let existing = try urlIdentity.bookmarkID(normalized: normalized, db) {
                id = existing
                try db.run("""
                    UPDATE store_bookmarks SET title = ?, description = ?, notes = ?, unread = ?, shared = ?, date_modified = ?
                    WHERE id = ?
                    """, [SQLValue(title), SQLValue(description), SQLValue(fields.notes ?? ""), SQLValue(draft.unread),
                          SQLValue(draft.shared), SQLValue(stamp), SQLValue(id)])
            } else {
                try db.run("""
                    INSERT INTO store_bookmarks (url, url_key, title, description, notes, is_archived, unread,
                                                 shared, date_added, date_modified)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, [SQLValue(url), SQLValue(urlIdentity.key(normalized)), SQLValue(title), SQLValue(description),
                          SQLValue(fields.notes ?? ""), SQLValue(draft.isArchived), SQLValue(draft.unread),
                          SQLValue(draft.shared), SQLValue(draft.dateAdded.map(StoreTime.micros) ?? stamp),
                          SQLValue(draft.dateModified.map(StoreTime.micros) ?? stamp)])
                id = Int(db.lastInsertRowID)
            }
            try TagWriter.setTags(fields.tagNames ?? [], bookmark: id, stamp: stamp, db)
            return try Self.reload(id, db)
        }
    }

    /// Applies the fields set in `update` (linkding's PATCH): omitted fields keep their value, `tagNames: []`
    /// clears the tags, `date_modified` becomes now. A URL that another bookmark already has is refused.
    public func update(id: Int, _ update: BookmarkUpdate) throws(BookmarkStoreError) -> Bookmark {
        try modify(id: id, update, urlRequired: false)
    }

    /// linkding's PUT: like `update`, but `url` is required.
    public func replace(id: Int, _ update: BookmarkUpdate) throws(BookmarkStoreError) -> Bookmark {
        try modify(id: id, update, urlRequired: true)
    }

    /// Deletes a bookmark (its tags stay): it leaves every list, search and count at once and waits in the trash
    /// (`BookmarkStore+Trash.swift`) until it is restored or purged; `notFound` when there is none.
    public func delete(id: Int) throws(BookmarkStoreError) {
        let moved = try write { db in try Self.moveToTrash(id, deletedAt: StoreTime.micros(now()), db) }
        if !moved { throw .notFound(kind: "Bookmark") }
    }

    /// Archives a bookmark; idempotent, and bumps `date_modified` every time (as linkding does).
    public func archive(id: Int) throws(BookmarkStoreError) {
        try setArchived(true, id: id)
    }

    /// Unarchives a bookmark; idempotent, and bumps `date_modified` every time.
    public func unarchive(id: Int) throws(BookmarkStoreError) {
        try setArchived(false, id: id)
    }

    private func setArchived(_ archived: Bool, id: Int) throws(BookmarkStoreError) {
        let changed = try write { db in
            try db.run("UPDATE store_bookmarks SET is_archived = ?, date_modified = ? WHERE id = ?",
                       [SQLValue(archived), SQLValue(StoreTime.micros(now())), SQLValue(id)])
        }
        if changed == 0 { throw .notFound(kind: "Bookmark") }
    }

    private func modify(id: Int, _ update: BookmarkUpdate, urlRequired: Bool) throws(BookmarkStoreError) -> Bookmark {
        try write { db in
            guard try db.queryOne("SELECT 1 FROM store_bookmarks WHERE id = ?", [SQLValue(id)]) != nil else {
                throw BookmarkStoreError.notFound(kind: "Bookmark")
            }
            let fields = try BookmarkValidator.validate(
                url: update.url, urlRequired: urlRequired, title: update.title, description: update.description,
                notes: update.notes, tagNames: update.tagNames)
            var assignments: [(String, SQLValue)] = []
            if let url = fields.url {
                let normalized = URLNormalizer.normalize(url)
                if try urlIdentity.bookmarkID(normalized: normalized, excluding: id, db) != nil {
                    throw BookmarkStoreError.invalid(["url": [BookmarkValidator.duplicateURL]])
                }
                assignments += [("url", SQLValue(url)), ("url_key", SQLValue(urlIdentity.key(normalized)))]
            }
            if let title = fields.title { assignments.append(("title", SQLValue(title))) }
            if let description = fields.description { assignments.append(("description", SQLValue(description))) }
            if let notes = fields.notes { assignments.append(("notes", SQLValue(notes))) }
            if let isArchived = update.isArchived { assignments.append(("is_archived", SQLValue(isArchived))) }
            if let unread = update.unread { assignments.append(("unread", SQLValue(unread))) }
            if let shared = update.shared { assignments.append(("shared", SQLValue(shared))) }
            if let dateAdded = update.dateAdded { assignments.append(("date_added", SQLValue(StoreTime.micros(dateAdded)))) }
            let stamp = StoreTime.micros(now())
            assignments.append(("date_modified", SQLValue(stamp)))
            try db.run("UPDATE store_bookmarks SET " + assignments.map { $0.0 + " = ?" }.joined(separator: ", ") + " WHERE id = ?",
                       assignments.map(\.1) + [SQLValue(id)])
            if let tagNames = fields.tagNames { try TagWriter.setTags(tagNames, bookmark: id, stamp: stamp, db) }
            return try Self.reload(id, db)
        }
    }

    /// The bookmark just written, read back inside the same transaction.
    static func reload(_ id: Int, _ db: Connection) throws -> Bookmark {
        guard let bookmark = try BookmarkRows.load(id: id, db) else { throw BookmarkStoreError.notFound(kind: "Bookmark") }
        return bookmark
    }
}
