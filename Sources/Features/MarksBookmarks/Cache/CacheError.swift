import SQLiteDatabase

/// What can go wrong with the library's local cache, in words a person can act on. A malformed row is never
/// fatal: callers treat it as a cache miss, report it, and fetch from the source again.
public enum CacheError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The database refused or failed a statement.
    case database(SQLiteError)
    /// A stored row could not be read back (a damaged file, an edit by hand, a newer Marks).
    case malformedRow(table: String, key: String, reason: String)

    public var description: String {
        switch self {
        case .database(let error):
            return "The local cache in marks.sqlite could not be used: \(error.message)"
        case .malformedRow(let table, let key, let reason):
            return "A cached row could not be read (\(table) \(key): \(reason)); it is ignored and fetched again."
        }
    }

    static func wrap(_ error: any Error) -> CacheError {
        switch error {
        case let error as CacheError: return error
        case let error as SQLiteError: return .database(error)
        case let error as RowDecodingError: return .malformedRow(table: "?", key: "?", reason: error.description)
        default: return .database(SQLiteError(code: 1, message: String(describing: error)))
        }
    }
}
