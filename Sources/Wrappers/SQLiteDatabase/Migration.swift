/// One numbered, named schema change. Append new ones; never edit or renumber a shipped one.
///
/// Ids are global to the database file: when several modules share a file, combine their lists into
/// one and keep the ids apart (for example one hundred per module).
public struct Migration: Sendable {
    /// The order key, recorded in `schema_migrations` once applied.
    public let id: Int
    /// A short description, recorded with the id.
    public let name: String
    let apply: @Sendable (Connection) throws -> Void
    /// True for a table rebuild: foreign keys are not enforced while it runs, and checked all at once before it commits.
    let rebuildsTables: Bool

    /// A migration that runs an SQL script (no BEGIN/COMMIT: the migrator wraps it in a transaction).
    public init(id: Int, name: String, sql: String) {
        self.id = id
        self.name = name
        self.apply = { connection in try connection.execute(sql) }
        self.rebuildsTables = false
    }

    /// A migration that runs Swift code on the connection (already inside its transaction).
    public init(id: Int, name: String, _ apply: @escaping @Sendable (Connection) throws -> Void) {
        self.id = id
        self.name = name
        self.apply = apply
        self.rebuildsTables = false
    }

    /// A migration that rebuilds tables (SQLite's way to change a constraint: create the new table, copy, drop the old
    /// one): Swift code inside its transaction with foreign keys not enforced, so dropping a table that others
    /// reference deletes nothing through ON DELETE CASCADE. Before the commit `PRAGMA foreign_key_check` must find no
    /// broken reference in the whole database, or the migration fails and is rolled back.
    public static func rebuildingTables(id: Int, name: String, _ apply: @escaping @Sendable (Connection) throws -> Void) -> Migration {
        Migration(id: id, name: name, apply: apply, rebuildsTables: true)
    }

    private init(id: Int, name: String, apply: @escaping @Sendable (Connection) throws -> Void, rebuildsTables: Bool) {
        self.id = id
        self.name = name
        self.apply = apply
        self.rebuildsTables = rebuildsTables
    }
}
