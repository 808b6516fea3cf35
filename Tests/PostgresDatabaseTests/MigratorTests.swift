import MarksTestSupport
import PostgresDatabase
import Testing

private struct Boom: Error {}

/// Numbered migrations on the real server: applied once, recorded, rolled back on failure, safe to race.
@Suite(.enabled(if: TestServer.enabled, TestServer.skipped))
struct MigratorTests {
    static let base = [
        PostgresMigration(id: 2, name: "add notes", sql: "ALTER TABLE item ADD COLUMN notes text"),
        PostgresMigration(id: 1, name: "create item", sql: "CREATE TABLE item (id bigserial PRIMARY KEY, title text NOT NULL)"),
        PostgresMigration(id: 3, name: "seed") { db in
            try db.execute("INSERT INTO item (title, notes) VALUES ($1, $2)", ["first", nil])
        },
    ]

    @Test func appliesPendingMigrationsInIdOrderOnceAndRecordsThem() throws {
        try withTestConnection { db throws in
            let migrator = try PostgresMigrator(Self.base)
            #expect(try migrator.appliedIDs(db) == [])
            #expect(try migrator.migrate(db) == [1, 2, 3])
            let recorded = try db.query(
                "SELECT namespace, id, name, applied_at <= now() AS past FROM schema_migrations ORDER BY id")
            #expect(try recorded.map { try $0.string("namespace") } == ["main", "main", "main"])
            #expect(try recorded.map { try $0.int("id") } == [1, 2, 3])
            #expect(try recorded.map { try $0.string("name") } == ["create item", "add notes", "seed"])
            #expect(try recorded.allSatisfy { try $0.bool("past") })
            #expect(try db.queryOne("SELECT title, notes FROM item")?.string("title") == "first")

            #expect(try migrator.migrate(db) == [])
            #expect(try db.queryOne("SELECT count(*) AS n FROM item")?.int("n") == 1)
            let more = try PostgresMigrator(Self.base + [PostgresMigration(id: 4, name: "index", sql: "CREATE INDEX item_title ON item (title)")])
            #expect(try more.migrate(db) == [4])
            #expect(try more.appliedIDs(db) == [1, 2, 3, 4])
        }
    }

    @Test func namespacesKeepTheirIdsApart() throws {
        try withTestConnection { db throws in
            let jobs = try PostgresMigrator(namespace: "jobs", [PostgresMigration(id: 1, name: "jobs", sql: "CREATE TABLE jobs (id int)")])
            let users = try PostgresMigrator(namespace: "users", [PostgresMigration(id: 1, name: "users", sql: "CREATE TABLE users (id int)")])
            #expect(try jobs.migrate(db) == [1])
            #expect(try users.migrate(db) == [1])
            #expect(try jobs.appliedIDs(db) == [1])
            #expect(try db.query("SELECT namespace FROM schema_migrations ORDER BY namespace").map { try $0.string(at: 0) } == ["jobs", "users"])
        }
    }

    @Test func aFailingMigrationRollsBackAndStopsTheRest() throws {
        try withTestConnection { db throws in
            let list = [
                Self.base[1],
                PostgresMigration(id: 2, name: "half done") { db in
                    try db.executeScript("CREATE TABLE half (x int)")
                    throw Boom()
                },
                PostgresMigration(id: 3, name: "never", sql: "CREATE TABLE never (x int)"),
            ]
            let error = try #require(throws: PostgresMigrationError.self) { try PostgresMigrator(list).migrate(db) }
            guard case .failed(let id, let name, let underlying) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(id == 2 && name == "half done")
            #expect(underlying is Boom)
            #expect(try PostgresMigrator(list).appliedIDs(db) == [1])
            #expect(try db.queryOne("SELECT to_regclass('half') IS NULL AND to_regclass('never') IS NULL AS gone")?.bool("gone") == true)
        }
    }

    @Test func aFailingSQLMigrationReportsTheServerError() throws {
        try withTestConnection { db throws in
            let list = [PostgresMigration(id: 1, name: "typo", sql: "CREATE TABLE ok (x int); CREAT TABLE typo (x int)")]
            let error = try #require(throws: PostgresMigrationError.self) { try PostgresMigrator(list).migrate(db) }
            guard case .failed(_, _, let underlying) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect((underlying as? PostgresError)?.sqlState == "42601")
            #expect(try db.queryOne("SELECT to_regclass('ok') IS NULL AS gone")?.bool("gone") == true)
        }
    }

    @Test func refusesADatabaseMigratedByANewerApp() throws {
        try withTestConnection { db throws in
            try PostgresMigrator(Self.base).migrate(db)
            let older = Array(Self.base.filter { $0.id != 3 })
            let error = try #require(throws: PostgresMigrationError.self) { try PostgresMigrator(older).migrate(db) }
            guard case .databaseNewerThanApp(let unknown, let namespace, let database) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(unknown == [3])
            #expect(namespace == "main")
            #expect(database == db.databaseName)
            #expect(error.description.contains("newer version"))
        }
    }

    @Test func refusesToRunInsideATransaction() throws {
        try withTestConnection { db throws in
            let error = try #require(throws: PostgresMigrationError.self) {
                try db.transaction { try PostgresMigrator(Self.base).migrate(db) }
            }
            guard case .calledInsideTransaction = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(try PostgresMigrator(Self.base).appliedIDs(db) == [])
        }
    }

    /// Two migrators on two threads, each with its own connection, start together; every migration takes a
    /// moment and counts its own runs, so a migration applied twice would show.
    @Test func twoRacingMigratorsApplyEachMigrationExactlyOnce() async throws {
        try await withTestDatabase { url in
            let ids = Array(1...6)
            let migrations = ids.map { id in
                PostgresMigration(id: id, name: "step \(id)") { db in
                    try db.executeScript("CREATE TABLE IF NOT EXISTS runs (id int NOT NULL)")
                    try db.execute("SELECT pg_sleep(0.05)")
                    try db.execute("INSERT INTO runs (id) VALUES ($1)", [.int(Int64(id))])
                }
            }
            let migrator = try PostgresMigrator(migrations)
            let barrier = ThreadBarrier(count: 2)
            let outcomes = await onThreads(2) { _ in
                let db = try PostgresConnection(url: url)
                barrier.arrive()
                return try migrator.migrate(db)
            }
            let applied = try outcomes.map { try $0.get() }
            #expect(applied.joined().sorted() == ids)
            let db = try PostgresConnection(url: url)
            #expect(try db.query("SELECT id FROM runs ORDER BY id").map { try $0.int("id") } == ids)
            #expect(try migrator.appliedIDs(db) == ids)
        }
    }
}

/// The migration list is checked before any server is involved.
@Suite struct MigrationListTests {
    @Test func refusesDuplicateIds() throws {
        let list = [
            PostgresMigration(id: 1, name: "one", sql: "SELECT 1"),
            PostgresMigration(id: 2, name: "two", sql: "SELECT 1"),
            PostgresMigration(id: 2, name: "again", sql: "SELECT 1"),
        ]
        let error = try #require(throws: PostgresMigrationError.self) { try PostgresMigrator(list) }
        guard case .duplicateID(let id, let names) = error else {
            Issue.record("unexpected error \(error)")
            return
        }
        #expect(id == 2)
        #expect(names.sorted() == ["again", "two"])
    }

    @Test func sortsByIdAndKeepsTheNamespace() throws {
        let migrator = try PostgresMigrator(namespace: "jobs", [
            PostgresMigration(id: 3, name: "c", sql: "SELECT 1"), PostgresMigration(id: 1, name: "a", sql: "SELECT 1"),
        ])
        #expect(migrator.migrations.map(\.id) == [1, 3])
        #expect(migrator.namespace == "jobs")
    }
}
