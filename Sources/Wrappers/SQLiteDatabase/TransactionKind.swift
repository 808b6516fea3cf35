/// How `BEGIN` takes its locks.
public enum TransactionKind: Sendable {
    /// Locks on the first read or write (SQLite's default).
    case deferred
    /// Takes the write lock at once: use for read-then-write work so it never fails half-way with SQLITE_BUSY.
    case immediate
    /// Like immediate (in WAL mode readers are never blocked).
    case exclusive

    var beginSQL: String {
        switch self {
        case .deferred: "BEGIN DEFERRED TRANSACTION"
        case .immediate: "BEGIN IMMEDIATE TRANSACTION"
        case .exclusive: "BEGIN EXCLUSIVE TRANSACTION"
        }
    }
}
