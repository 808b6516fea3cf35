/// The isolation level a transaction starts with (`BEGIN ISOLATION LEVEL …`).
public enum PostgresIsolationLevel: Sendable {
    /// Each statement sees what was committed before it began (PostgreSQL's default).
    case readCommitted
    /// Every statement sees one snapshot, taken at the first; a conflicting write fails with SQLSTATE 40001.
    case repeatableRead
    /// As if transactions ran one after another; a conflict fails with SQLSTATE 40001: run the transaction again.
    case serializable

    var beginSQL: String {
        switch self {
        case .readCommitted: "BEGIN ISOLATION LEVEL READ COMMITTED"
        case .repeatableRead: "BEGIN ISOLATION LEVEL REPEATABLE READ"
        case .serializable: "BEGIN ISOLATION LEVEL SERIALIZABLE"
        }
    }
}
