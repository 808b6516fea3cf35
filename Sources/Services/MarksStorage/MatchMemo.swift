import Synchronization
import SQLiteDatabase

/// Search counts (and short lists of matching ids) remembered per reader connection for as long as nothing is
/// written: each is kept with the connection's `PRAGMA data_version`, which changes when any connection (of this
/// process or another) commits, so a remembered answer is only ever read in a snapshot of the same data. Paging
/// through a search, or asking the same one again, counts its matches once. Small: at `capacity` answers it starts
/// again, and only lists of up to `longestList` ids are kept.
final class MatchMemo: Sendable {
    static let capacity = 256
    static let longestList = 5_000
    /// A memo that never remembers (the LIKE-scan baseline).
    static let none: MatchMemo = {
        let memo = MatchMemo()
        memo.setEnabled(false)
        return memo
    }()

    private struct Key: Hashable {
        let connection: ObjectIdentifier
        let version: Int64
        let ids: Bool
        let sql: String
        let arguments: [SQLValue]
    }

    private enum Answer {
        case count(Int)
        case ids([Int])
    }

    private let entries = Mutex<[Key: Answer]>([:])
    private let enabled = Atomic<Bool>(true)

    /// Turns remembering on or off (off: every search is counted; benchmarks measure both).
    func setEnabled(_ on: Bool) {
        enabled.store(on, ordering: .relaxed)
        if !on { entries.withLock { $0.removeAll() } }
    }

    /// The number of rows of `query` (a SELECT) on `db`, a connection inside a read transaction.
    func count(_ query: SQLFragment, _ db: Connection) throws -> Int {
        let key = try self.key(query, ids: false, db)
        if let key, case .count(let known)? = entries.withLock({ $0[key] }) { return known }
        let counted = try db.queryOne(cached: "SELECT count(*) FROM (\(query.sql))", query.arguments).map { try $0.int(at: 0) } ?? 0
        if let key { remember(.count(counted), key) }
        return counted
    }

    /// The ids `query` (a SELECT of one integer column) gives on `db`, in its order.
    func ids(_ query: SQLFragment, _ db: Connection) throws -> [Int] {
        try ids(query, db) { try db.integers(cached: query.sql, query.arguments) }
    }

    /// The ids `compute` gives, remembered under `key` (the SQL that names the computation).
    func ids(_ key: SQLFragment, _ db: Connection, compute: () throws -> [Int]) throws -> [Int] {
        let memoKey = try self.key(key, ids: true, db)
        if let memoKey, case .ids(let known)? = entries.withLock({ $0[memoKey] }) { return known }
        let ids = try compute()
        if let memoKey, ids.count <= Self.longestList { remember(.ids(ids), memoKey) }
        return ids
    }

    /// The key of an answer, or nil when answers are not remembered (off, or a connection that writes: its own
    /// commits do not change its `data_version`).
    private func key(_ query: SQLFragment, ids: Bool, _ db: Connection) throws -> Key? {
        guard enabled.load(ordering: .relaxed), db.isReadOnly else { return nil }
        let version = try db.queryOne(cached: "PRAGMA data_version").map { try $0.int64(at: 0) } ?? 0
        return Key(connection: ObjectIdentifier(db), version: version, ids: ids, sql: query.sql, arguments: query.arguments)
    }

    private func remember(_ answer: Answer, _ key: Key) {
        entries.withLock { entries in
            if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = answer
        }
    }
}
