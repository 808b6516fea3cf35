/// Why the migrator refused to run or stopped.
public enum MigrationError: Error, Sendable, CustomStringConvertible {
    /// Two migrations in the list share an id.
    case duplicateID(Int, names: [String])
    /// The database records migrations this build does not know: it was written by a newer version of the app.
    case databaseNewerThanApp(unknownIDs: [Int], path: String)
    /// A migration failed; it was rolled back and the ones after it were not run.
    case failed(id: Int, name: String, underlying: any Error)
    /// A table rebuild left rows referencing rows that are not there (the underlying error of `failed`).
    case brokenForeignKeys(rows: Int, tables: [String])

    /// A message saying what happened and what to do.
    public var description: String {
        switch self {
        case .duplicateID(let id, let names):
            return "two migrations share id \(id) (\(names.joined(separator: ", "))): give each a unique id"
        case .databaseNewerThanApp(let ids, let path):
            let list = ids.map(String.init).joined(separator: ", ")
            return "the database \(path) was written by a newer version of the app (unknown migration(s) \(list)): "
                + "update the app, or open another database"
        case .failed(let id, let name, let underlying):
            return "migration \(id) (\(name)) failed and was rolled back: \(underlying)"
        case .brokenForeignKeys(let rows, let tables):
            return "\(rows) row(s) of \(tables.joined(separator: ", ")) would reference rows that are not there"
        }
    }
}
