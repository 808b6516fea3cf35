/// One numbered, named schema change. Append new ones; never edit or renumber a shipped one.
public struct PostgresMigration: Sendable {
    /// The order key within its namespace, recorded in `schema_migrations` once applied.
    public let id: Int
    /// A short description, recorded with the id.
    public let name: String
    let apply: @Sendable (PostgresConnection) throws -> Void

    /// A migration that runs an SQL script (no BEGIN/COMMIT: the migrator wraps it in a transaction).
    public init(id: Int, name: String, sql: String) {
        self.id = id
        self.name = name
        self.apply = { connection in try connection.executeScript(sql) }
    }

    /// A migration that runs Swift code on the connection (already inside its transaction).
    public init(id: Int, name: String, _ apply: @escaping @Sendable (PostgresConnection) throws -> Void) {
        self.id = id
        self.name = name
        self.apply = apply
    }
}
