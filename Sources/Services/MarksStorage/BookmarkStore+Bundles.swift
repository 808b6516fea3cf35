import Foundation
import MarksCore
import SQLiteDatabase

extension BookmarkStore {
    /// One page of bundles in their order, and how many there are.
    public func bundles(limit: Int = BookmarkListQuery.defaultLimit, offset: Int = 0) throws(BookmarkStoreError) -> CountedResults<BookmarkBundle> {
        try read { db in
            let count = try db.queryOne("SELECT count(*) FROM store_bundles").map { try $0.int(at: 0) } ?? 0
            let rows = try db.query("SELECT \(BundleRows.columns) FROM store_bundles ORDER BY sort_order, id LIMIT ? OFFSET ?",
                                    [SQLValue(Self.pageLimit(limit)), SQLValue(max(0, offset))])
            return CountedResults(count: count, results: try rows.map(BundleRows.bundle))
        }
    }

    /// One bundle by id; `notFound` when there is none.
    public func bundle(id: Int) throws(BookmarkStoreError) -> BookmarkBundle {
        let found = try read { db in try BundleRows.load(id: id, db) }
        guard let found else { throw .notFound(kind: "BookmarkBundle") }
        return found
    }

    /// Creates a bundle (`name` required); without an `order` it goes last.
    public func createBundle(_ draft: BookmarkBundleDraft) throws(BookmarkStoreError) -> BookmarkBundle {
        let fields = try BundleValidator.validate(draft, nameRequired: true)
        return try write { db in
            let stamp = StoreTime.micros(now())
            let order = try draft.order ?? (db.queryOne("SELECT coalesce(max(sort_order), -1) + 1 FROM store_bundles").map { try $0.int(at: 0) } ?? 0)
            try db.run("""
                INSERT INTO store_bundles (name, search, any_tags, all_tags, excluded_tags, filter_unread, filter_shared,
                                           sort_order, date_created, date_modified)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, [SQLValue(fields.name ?? ""), SQLValue(fields.search ?? ""), SQLValue(fields.anyTags ?? ""),
                      SQLValue(fields.allTags ?? ""), SQLValue(fields.excludedTags ?? ""),
                      SQLValue(fields.filterUnread ?? "off"), SQLValue(fields.filterShared ?? "off"), SQLValue(order),
                      SQLValue(stamp), SQLValue(stamp)])
            return try Self.reloadBundle(Int(db.lastInsertRowID), db)
        }
    }

    /// Changes the fields set in `draft` (PATCH); with `partial: false` (PUT) `name` is required.
    public func updateBundle(id: Int, _ draft: BookmarkBundleDraft, partial: Bool = true) throws(BookmarkStoreError) -> BookmarkBundle {
        try write { db in
            guard try BundleRows.load(id: id, db) != nil else { throw BookmarkStoreError.notFound(kind: "BookmarkBundle") }
            let fields = try BundleValidator.validate(draft, nameRequired: !partial)
            var assignments: [(String, SQLValue)] = []
            if let name = fields.name { assignments.append(("name", SQLValue(name))) }
            if let search = fields.search { assignments.append(("search", SQLValue(search))) }
            if let anyTags = fields.anyTags { assignments.append(("any_tags", SQLValue(anyTags))) }
            if let allTags = fields.allTags { assignments.append(("all_tags", SQLValue(allTags))) }
            if let excluded = fields.excludedTags { assignments.append(("excluded_tags", SQLValue(excluded))) }
            if let unread = fields.filterUnread { assignments.append(("filter_unread", SQLValue(unread))) }
            if let shared = fields.filterShared { assignments.append(("filter_shared", SQLValue(shared))) }
            if let order = draft.order { assignments.append(("sort_order", SQLValue(order))) }
            assignments.append(("date_modified", SQLValue(StoreTime.micros(now()))))
            try db.run("UPDATE store_bundles SET " + assignments.map { $0.0 + " = ?" }.joined(separator: ", ") + " WHERE id = ?",
                       assignments.map(\.1) + [SQLValue(id)])
            return try Self.reloadBundle(id, db)
        }
    }

    /// Deletes a bundle and renumbers the rest 0, 1, 2… in their order (as linkding does).
    public func deleteBundle(id: Int) throws(BookmarkStoreError) {
        try write { db in
            guard try db.run("DELETE FROM store_bundles WHERE id = ?", [SQLValue(id)]) > 0 else {
                throw BookmarkStoreError.notFound(kind: "BookmarkBundle")
            }
            let ids = try db.query("SELECT id FROM store_bundles ORDER BY sort_order, id").map { try $0.int(at: 0) }
            for (index, bundleID) in ids.enumerated() {
                try db.run("UPDATE store_bundles SET sort_order = ? WHERE id = ?", [SQLValue(index), SQLValue(bundleID)])
            }
        }
    }

    private static func reloadBundle(_ id: Int, _ db: Connection) throws -> BookmarkBundle {
        guard let bundle = try BundleRows.load(id: id, db) else { throw BookmarkStoreError.notFound(kind: "BookmarkBundle") }
        return bundle
    }
}
