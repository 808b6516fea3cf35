/// Applies pending migrations in id order, each in its own transaction, recording each one in the
/// `schema_migrations` table (namespace, id, name, applied_at) of the connection's current schema. Several modules
/// share one database, each with its own namespace: ids are compared only within a namespace.
///
/// Safe when several processes migrate the same database at once: each migration's transaction first takes one
/// transaction-scoped advisory lock (the same key for every namespace), then checks whether another process
/// applied the migration meanwhile, so each migration runs exactly once.
public struct PostgresMigrator: Sendable {
    /// The advisory lock key every migrator takes (`pg_advisory_xact_lock`): "marks_mg" in ASCII.
    public static let lockKey: Int64 = 0x6D61_726B_735F_6D67

    /// The known migrations, sorted by id.
    public let migrations: [PostgresMigration]
    /// The module whose migrations these are.
    public let namespace: String

    /// Validates the list: throws `PostgresMigrationError.duplicateID` when two migrations share an id.
    public init(namespace: String = "main", _ migrations: [PostgresMigration]) throws(PostgresMigrationError) {
        self.namespace = namespace
        let byID = Dictionary(grouping: migrations, by: \.id)
        if let (id, group) = byID.filter({ $0.value.count > 1 }).min(by: { $0.key < $1.key }) {
            throw .duplicateID(id, names: group.map(\.name))
        }
        self.migrations = migrations.sorted { $0.id < $1.id }
    }

    /// Applies every pending migration and returns the ids this call applied (empty when up to date, or when
    /// another process applied them first).
    ///
    /// Refuses to run (`PostgresMigrationError.databaseNewerThanApp`) when the database records an id this list
    /// lacks. Blocks while another process migrates.
    @discardableResult
    public func migrate(_ connection: PostgresConnection) throws -> [Int] {
        guard !connection.isInTransaction else { throw PostgresMigrationError.calledInsideTransaction }
        try connection.transaction(.readCommitted) {
            // Under the lock: two processes creating the table at once can collide in the catalog.
            try lock(connection)
            try connection.executeScript("""
                CREATE TABLE IF NOT EXISTS schema_migrations (
                    namespace text NOT NULL DEFAULT 'main',
                    id bigint NOT NULL,
                    name text NOT NULL,
                    applied_at timestamptz NOT NULL DEFAULT now(),
                    PRIMARY KEY (namespace, id)
                )
                """)
        }
        let known = Set(migrations.map(\.id))
        let unknown = try appliedIDs(connection).filter { !known.contains($0) }
        guard unknown.isEmpty else {
            throw PostgresMigrationError.databaseNewerThanApp(
                unknownIDs: unknown, namespace: namespace, database: connection.databaseName)
        }
        var applied: [Int] = []
        for migration in migrations {
            // Read committed: the check below runs after the lock is granted, so it sees a commit made while
            // this transaction waited (a repeatable-read snapshot would have been taken before the wait).
            let didApply = try connection.transaction(.readCommitted) {
                try lock(connection)
                let done = try connection.queryOne(
                    "SELECT 1 FROM schema_migrations WHERE namespace = $1 AND id = $2",
                    [.text(namespace), .int(Int64(migration.id))])
                guard done == nil else { return false }
                do {
                    try migration.apply(connection)
                } catch {
                    throw PostgresMigrationError.failed(id: migration.id, name: migration.name, underlying: error)
                }
                try connection.execute(
                    "INSERT INTO schema_migrations (namespace, id, name) VALUES ($1, $2, $3)",
                    [.text(namespace), .int(Int64(migration.id)), .text(migration.name)])
                return true
            }
            if didApply {
                applied.append(migration.id)
            }
        }
        return applied
    }

    /// Ids recorded in `schema_migrations` for this namespace, ascending (empty when the table does not exist yet).
    public func appliedIDs(_ connection: PostgresConnection) throws -> [Int] {
        let table = try connection.queryOne("SELECT to_regclass('schema_migrations') IS NOT NULL AS present")
        guard try table?.bool("present") == true else { return [] }
        return try connection.query(
            "SELECT id FROM schema_migrations WHERE namespace = $1 ORDER BY id", [.text(namespace)]
        ).map { row throws in try row.int("id") }
    }

    private func lock(_ connection: PostgresConnection) throws {
        try connection.execute("SELECT pg_advisory_xact_lock($1)", [.int(Self.lockKey)])
    }
}
