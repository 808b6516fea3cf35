import Foundation
import MarksCore
import SQLiteDatabase

/// Reading bundles out of rows.
enum BundleRows {
    static let columns = """
        id, name, search, any_tags, all_tags, excluded_tags, filter_unread, filter_shared, sort_order, date_created, date_modified
        """

    static func bundle(_ row: Row) throws -> BookmarkBundle {
        BookmarkBundle(
            id: try row.int(at: 0), name: try row.string(at: 1), search: try row.string(at: 2), anyTags: try row.string(at: 3),
            allTags: try row.string(at: 4), excludedTags: try row.string(at: 5),
            filterUnread: BookmarkBundle.FilterState(rawValue: try row.string(at: 6)) ?? .off,
            filterShared: BookmarkBundle.FilterState(rawValue: try row.string(at: 7)) ?? .off,
            order: try row.int(at: 8), dateCreated: StoreTime.date(try row.int64(at: 9)),
            dateModified: StoreTime.date(try row.int64(at: 10)))
    }

    static func load(id: Int, _ db: Connection) throws -> BookmarkBundle? {
        try db.queryOne("SELECT \(columns) FROM store_bundles WHERE id = ?", [SQLValue(id)]).map(bundle)
    }
}
