import Foundation
import MarksCore
import SQLiteDatabase

/// The embedded linkding-compatible bookmark store: linkding 1.46's semantics (LINKDING_API.md) over one SQLite
/// file shared with other modules. Every method is synchronous and short; it blocks only while another caller
/// holds the same connection. Time comes from the injected clock.
public final class BookmarkStore: Sendable {
    let database: Database
    let now: @Sendable () -> Date
    let matchMemo = MatchMemo()
    let urlIdentity: StoreURLIdentity

    /// A store over `database`; applies the store's migrations (namespace `store`) first.
    public convenience init(database: Database, now: @escaping @Sendable () -> Date) throws(BookmarkStoreError) {
        try self.init(database: database, now: now, urlIdentity: .standard)
    }

    /// A store that finds URLs by `urlIdentity`'s keys (a test's colliding ones).
    init(database: Database, now: @escaping @Sendable () -> Date, urlIdentity: StoreURLIdentity) throws(BookmarkStoreError) {
        self.database = database
        self.now = now
        self.urlIdentity = urlIdentity
        do {
            try database.define(WordTerms.function)
            try database.define(.foldedContains)
            try database.migrate(namespace: StoreSchema.namespace, StoreSchema.migrations)
        } catch {
            throw Self.wrap(error)
        }
        try verifyCounts()
    }

    /// Opens (creating if needed) the database file at `path` and a store over it.
    public convenience init(path: String, now: @escaping @Sendable () -> Date) throws(BookmarkStoreError) {
        let database: Database
        do {
            database = try Database(path: path, readerCaches: .warmFirst)
        } catch {
            throw Self.wrap(error)
        }
        try self.init(database: database, now: now)
    }

    /// One bookmark by id; `notFound` when there is none.
    public func bookmark(id: Int) throws(BookmarkStoreError) -> Bookmark {
        let found = try read { db in try BookmarkRows.load(id: id, db) }
        guard let found else { throw .notFound(kind: "Bookmark") }
        return found
    }

    /// Bookmarks by id, in the order of `ids` (ids that do not exist are left out); one read.
    public func bookmarks(ids: [Int]) throws(BookmarkStoreError) -> [Bookmark] {
        try read { db in try BookmarkRows.load(ids: ids, db) }
    }

    /// The bookmark whose normalised URL equals that of `url` (archived ones too), or nil; linkding's `check`.
    public func bookmark(matching url: String) throws(BookmarkStoreError) -> Bookmark? {
        try read { db in
            guard let id = try urlIdentity.bookmarkID(normalized: URLNormalizer.normalize(url), db) else { return nil }
            return try BookmarkRows.load(id: id, db)
        }
    }

    // MARK: - Access

    /// Runs `body` on a reader (one snapshot), mapping database failures to `BookmarkStoreError`.
    func read<T>(_ body: (Connection) throws -> T) throws(BookmarkStoreError) -> T {
        do {
            return try database.read(body)
        } catch {
            throw Self.wrap(error)
        }
    }

    /// Runs `body` in one write transaction, mapping database failures to `BookmarkStoreError`.
    func write<T>(_ body: (Connection) throws -> T) throws(BookmarkStoreError) -> T {
        do {
            return try database.write(body)
        } catch {
            throw Self.wrap(error)
        }
    }

    static func wrap(_ error: any Error) -> BookmarkStoreError {
        switch error {
        case let error as BookmarkStoreError: return error
        case let error as SQLiteError: return .database(error)
        default: return .database(SQLiteError(code: 1, message: String(describing: error)))
        }
    }
}
