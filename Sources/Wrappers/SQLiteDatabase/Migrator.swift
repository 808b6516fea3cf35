/// Applies pending migrations in id order, each in its own IMMEDIATE transaction, recording each one
/// in the `schema_migrations` table (namespace, id, name, applied_at). Several modules share one database
/// file, each with its own namespace: ids are compared only within a namespace.
public struct Migrator: Sendable {
    /// The known migrations, sorted by id.
    public let migrations: [Migration]
    /// The module whose migrations these are.
    public let namespace: String

    /// Validates the list: throws `MigrationError.duplicateID` when two migrations share an id.
    public init(namespace: String = "main", _ migrations: [Migration]) throws {
        self.namespace = namespace
        let byID = Dictionary(grouping: migrations, by: \.id)
        if let (id, group) = byID.filter({ $0.value.count > 1 }).min(by: { $0.key < $1.key }) {
            throw MigrationError.duplicateID(id, names: group.map(\.name))
        }
        self.migrations = migrations.sorted { $0.id < $1.id }
    }

    /// Applies every pending migration and returns the ids it applied (empty when up to date).
    ///
    /// Refuses to run (`MigrationError.databaseNewerThanApp`) when the database records an id this list lacks.
    @discardableResult
    public func migrate(_ connection: Connection) throws -> [Int] {
        try connection.execute("""
            CREATE TABLE IF NOT EXISTS schema_migrations (
                namespace TEXT NOT NULL DEFAULT 'main',
                id INTEGER NOT NULL,
                name TEXT NOT NULL,
                applied_at TEXT NOT NULL,
                PRIMARY KEY (namespace, id)
            )
            """)
        let known = Set(migrations.map(\.id))
        let unknown = try appliedIDs(connection).filter { !known.contains($0) }
        guard unknown.isEmpty else {
            throw MigrationError.databaseNewerThanApp(unknownIDs: unknown, path: connection.path)
        }
        var applied: [Int] = []
        for migration in migrations {
            let didApply = try withForeignKeysOff(migration.rebuildsTables, connection) {
                try connection.transaction(.immediate) { try apply(migration, connection) }
            }
            if didApply {
                applied.append(migration.id)
            }
        }
        return applied
    }

    /// Applies `migration` and records it, inside the caller's transaction; false when it was applied already.
    private func apply(_ migration: Migration, _ connection: Connection) throws -> Bool {
        // Checked inside the write lock: another process may have applied it meanwhile.
        let done = try connection.queryOne("SELECT 1 FROM schema_migrations WHERE namespace = ? AND id = ?", [SQLValue(namespace), SQLValue(migration.id)])
        guard done == nil else { return false }
        do {
            try migration.apply(connection)
            if migration.rebuildsTables { try Self.checkForeignKeys(connection) }
        } catch {
            throw MigrationError.failed(id: migration.id, name: migration.name, underlying: error)
        }
        try connection.run(
            "INSERT INTO schema_migrations (namespace, id, name, applied_at) VALUES (?, ?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))",
            [SQLValue(namespace), SQLValue(migration.id), SQLValue(migration.name)])
        return true
    }

    /// Runs `body` with foreign keys not enforced when `off` (outside any transaction: SQLite ignores the pragma inside
    /// one), and puts the connection's setting back after it, whether `body` returns or throws.
    private func withForeignKeysOff<T>(_ off: Bool, _ connection: Connection, _ body: () throws -> T) throws -> T {
        guard off else { return try body() }
        guard !connection.isInTransaction else {
            throw SQLiteError.misuse("a migration that rebuilds tables cannot run inside a transaction (foreign keys stay on)")
        }
        let enforced = try connection.queryOne("PRAGMA foreign_keys").map { try $0.bool(at: 0) } ?? true
        try connection.execute("PRAGMA foreign_keys = OFF")
        defer {
            do {
                try connection.execute("PRAGMA foreign_keys = \(enforced ? "ON" : "OFF")")
            } catch {
                // Setting a pragma outside a transaction does not fail on an open connection; should it, the next
                // statement reports the connection's state.
            }
        }
        return try body()
    }

    /// Throws `MigrationError.brokenForeignKeys` when any row of the database references a row that is not there.
    private static func checkForeignKeys(_ connection: Connection) throws {
        let broken = try connection.query("PRAGMA foreign_key_check")
        guard !broken.isEmpty else { return }
        let tables = Set(try broken.map { try $0.string(at: 0) }).sorted()
        throw MigrationError.brokenForeignKeys(rows: broken.count, tables: tables)
    }

    /// Ids recorded in `schema_migrations` for this namespace, ascending (empty when the table does not exist yet).
    public func appliedIDs(_ connection: Connection) throws -> [Int] {
        let table = try connection.queryOne(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'")
        guard table != nil else { return [] }
        return try connection.query("SELECT id FROM schema_migrations WHERE namespace = ? ORDER BY id", [SQLValue(namespace)])
            .map { try $0.int("id") }
    }
}
