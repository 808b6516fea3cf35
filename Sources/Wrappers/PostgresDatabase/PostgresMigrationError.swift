/// Why the migrator refused to run or stopped.
public enum PostgresMigrationError: Error, Sendable, CustomStringConvertible {
    /// Two migrations in the list share an id.
    case duplicateID(Int, names: [String])
    /// The database records migrations this build does not know: a newer version of the app migrated it.
    case databaseNewerThanApp(unknownIDs: [Int], namespace: String, database: String)
    /// A migration failed; it was rolled back and the ones after it were not run.
    case failed(id: Int, name: String, underlying: any Error)
    /// `migrate` was called inside an open transaction; each migration needs a transaction of its own.
    case calledInsideTransaction

    /// A message saying what happened and what to do.
    public var description: String {
        switch self {
        case .duplicateID(let id, let names):
            return "two migrations share id \(id) (\(names.joined(separator: ", "))): give each a unique id"
        case .databaseNewerThanApp(let ids, let namespace, let database):
            let list = ids.map(String.init).joined(separator: ", ")
            return "the PostgreSQL database \(database) was migrated by a newer version of the app (unknown \(namespace) "
                + "migration(s) \(list)): update the app, or use another database"
        case .failed(let id, let name, let underlying):
            return "migration \(id) (\(name)) failed and was rolled back: \(underlying)"
        case .calledInsideTransaction:
            return "migrations run each in a transaction of their own: call migrate outside a transaction"
        }
    }
}
