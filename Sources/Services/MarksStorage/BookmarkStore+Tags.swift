import Foundation
import MarksCore
import SQLiteDatabase

extension BookmarkStore {
    /// One page of tags in creation order, and how many there are.
    public func tags(limit: Int = BookmarkListQuery.defaultLimit, offset: Int = 0) throws(BookmarkStoreError) -> CountedResults<Tag> {
        try read { db in
            let count = try db.queryOne("SELECT count(*) FROM store_tags").map { try $0.int(at: 0) } ?? 0
            let rows = try db.query("SELECT id, name, date_added FROM store_tags ORDER BY id LIMIT ? OFFSET ?",
                                    [SQLValue(Self.pageLimit(limit)), SQLValue(max(0, offset))])
            return CountedResults(count: count, results: try rows.map(BookmarkRows.tag))
        }
    }

    /// Each tag some unarchived bookmark carries and how many do (the Tags tab's linkding counts), from the counts the
    /// store keeps (`StoreTagCounts`), in no particular order.
    public func liveTagCounts() throws(BookmarkStoreError) -> [String: Int] {
        try read { db in
            var counts: [String: Int] = [:]
            for (name, count) in try StoreTagCounts.live(db) { counts[name] = count }
            return counts
        }
    }

    /// One tag by id; `notFound` when there is none.
    public func tag(id: Int) throws(BookmarkStoreError) -> Tag {
        let row = try read { db in try db.queryOne("SELECT id, name, date_added FROM store_tags WHERE id = ?", [SQLValue(id)]) }
        guard let row else { throw .notFound(kind: "Tag") }
        do {
            return try BookmarkRows.tag(row)
        } catch {
            throw Self.wrap(error)
        }
    }

    /// linkding's `POST /api/tags/`: the tag with this name in any ASCII case, created when there is none. The name is
    /// trimmed and must be 1…64 characters; it is not otherwise cleaned.
    public func createTag(name: String?) throws(BookmarkStoreError) -> Tag {
        let name = try BookmarkValidator.tagName(name)
        return try write { db in
            let id = try TagWriter.tagID(named: name, stamp: StoreTime.micros(now()), db)
            guard let row = try db.queryOne("SELECT id, name, date_added FROM store_tags WHERE id = ?", [SQLValue(id)]) else {
                throw BookmarkStoreError.notFound(kind: "Tag")
            }
            return try BookmarkRows.tag(row)
        }
    }

    /// Deletes a tag and removes it from its bookmarks, whose `date_modified` stays as it was (linkding's behaviour).
    public func deleteTag(id: Int) throws(BookmarkStoreError) {
        let changed = try write { db in try db.run("DELETE FROM store_tags WHERE id = ?", [SQLValue(id)]) }
        if changed == 0 { throw .notFound(kind: "Tag") }
    }

    /// linkding's page size rule: a limit below 1 means the default.
    static func pageLimit(_ limit: Int) -> Int {
        limit > 0 ? limit : BookmarkListQuery.defaultLimit
    }
}
