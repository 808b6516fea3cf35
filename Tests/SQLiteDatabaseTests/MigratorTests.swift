import Testing
import SQLiteDatabase

private struct Boom: Error {}

@Suite struct MigratorTests {
    static let base = [
        Migration(id: 2, name: "add notes", sql: "ALTER TABLE item ADD COLUMN notes TEXT"),
        Migration(id: 1, name: "create item", sql: "CREATE TABLE item (id INTEGER PRIMARY KEY, title TEXT NOT NULL)"),
        Migration(id: 3, name: "seed") { db in
            try db.run("INSERT INTO item (title, notes) VALUES (?, ?)", ["first", nil])
        },
    ]

    @Test func appliesPendingMigrationsInIdOrderAndRecordsThem() throws {
        try withConnection { db throws in
            let migrator = try Migrator(Self.base)
            #expect(try migrator.appliedIDs(db) == [])
            #expect(try migrator.migrate(db) == [1, 2, 3])
            let recorded = try db.query("SELECT id, name, applied_at FROM schema_migrations ORDER BY id")
            #expect(try recorded.map { try $0.int("id") } == [1, 2, 3])
            #expect(try recorded.map { try $0.string("name") } == ["create item", "add notes", "seed"])
            #expect(try recorded.allSatisfy { try $0.string("applied_at").hasSuffix("Z") })
            #expect(try db.queryOne("SELECT title, notes FROM item")?.string("title") == "first")
        }
    }

    @Test func runsOnceAndIsIdempotentOnReopen() throws {
        try withTemporaryDirectory { dir throws in
            let path = dir + "/m.sqlite"
            do {
                let db = try Database(path: path, migrations: Self.base)
                #expect(try db.read { try $0.queryOne("SELECT count(*) FROM item")?.int(at: 0) } == 1)
            }
            let db = try Database(path: path, migrations: Self.base)
            #expect(try db.read { try $0.queryOne("SELECT count(*) FROM item")?.int(at: 0) } == 1)
            let again = try db.writeWithoutTransaction { try Migrator(Self.base).migrate($0) }
            #expect(again == [])
            let more = Self.base + [Migration(id: 4, name: "index", sql: "CREATE INDEX item_title ON item (title)")]
            #expect(try db.writeWithoutTransaction { try Migrator(more).migrate($0) } == [4])
            #expect(try db.read { try Migrator(more).appliedIDs($0) } == [1, 2, 3, 4])
        }
    }

    @Test func refusesADatabaseWrittenByANewerApp() throws {
        try withTemporaryDirectory { dir throws in
            let path = dir + "/newer.sqlite"
            _ = try Database(path: path, migrations: Self.base)
            let older = Array(Self.base.filter { $0.id != 3 })
            let error = try #require(throws: MigrationError.self) { try Database(path: path, migrations: older) }
            guard case .databaseNewerThanApp(let unknown, let reported) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(unknown == [3])
            #expect(reported == path)
            #expect(error.description.contains("newer version"))
            #expect(try openFileCount(in: dir) == 0)
        }
    }

    @Test func refusesDuplicateIds() throws {
        let duplicated = Self.base + [Migration(id: 2, name: "again", sql: "SELECT 1")]
        let error = try #require(throws: MigrationError.self) { try Migrator(duplicated) }
        guard case .duplicateID(let id, let names) = error else {
            Issue.record("unexpected error \(error)")
            return
        }
        #expect(id == 2)
        #expect(names.sorted() == ["add notes", "again"])
    }

    @Test func aFailingMigrationRollsBackAndStopsTheRest() throws {
        try withConnection { db throws in
            let list = [
                Self.base[1],
                Migration(id: 2, name: "half done") { db in
                    try db.execute("CREATE TABLE half (x)")
                    throw Boom()
                },
                Migration(id: 3, name: "never", sql: "CREATE TABLE never (x)"),
            ]
            let error = try #require(throws: MigrationError.self) { try Migrator(list).migrate(db) }
            guard case .failed(let id, let name, let underlying) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(id == 2)
            #expect(name == "half done")
            #expect(underlying is Boom)
            #expect(try Migrator(list).appliedIDs(db) == [1])
            let tables = try db.query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            #expect(try tables.map { try $0.string("name") } == ["item", "schema_migrations"])
        }
    }

    @Test func aMigrationWithBadSQLReportsTheSQLiteError() throws {
        try withConnection { db throws in
            let list = [Migration(id: 1, name: "typo", sql: "CREAT TABLE x (y)")]
            let error = try #require(throws: MigrationError.self) { try Migrator(list).migrate(db) }
            guard case .failed(_, _, let underlying) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect((underlying as? SQLiteError)?.code == 1)
            #expect(error.description.contains("typo"))
        }
    }

    /// A parent table and a child referencing it with ON DELETE CASCADE, one row each.
    static let parentAndChild = Migration(id: 1, name: "parent and child", sql: """
        CREATE TABLE parent (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
        CREATE TABLE child (parent_id INTEGER NOT NULL REFERENCES parent (id) ON DELETE CASCADE);
        INSERT INTO parent (id, name) VALUES (1, 'one');
        INSERT INTO child (parent_id) VALUES (1);
        """)

    @Test func aTableRebuildRunsWithoutForeignKeysSoNothingCascadesAndTurnsThemBackOn() throws {
        try withConnection { db throws in
            let rebuild = Migration.rebuildingTables(id: 2, name: "parent without UNIQUE") { db in
                #expect(try db.queryOne("PRAGMA foreign_keys")?.int(at: 0) == 0)
                try db.execute("""
                    CREATE TEMP TABLE parent_before AS SELECT * FROM parent;
                    DROP TABLE parent;
                    CREATE TABLE parent (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                    INSERT INTO parent SELECT * FROM temp.parent_before;
                    DROP TABLE temp.parent_before;
                    """)
            }
            #expect(try Migrator([Self.parentAndChild, rebuild]).migrate(db) == [1, 2])
            #expect(try db.queryOne("SELECT count(*) FROM child")?.int(at: 0) == 1, "the drop deleted no child")
            #expect(try db.queryOne("PRAGMA foreign_keys")?.int(at: 0) == 1)
            try db.run("DELETE FROM parent WHERE id = 1")
            #expect(try db.queryOne("SELECT count(*) FROM child")?.int(at: 0) == 0, "enforced again")
        }
    }

    @Test func aTableRebuildThatBreaksAReferenceIsRolledBack() throws {
        try withConnection { db throws in
            let lossy = Migration.rebuildingTables(id: 2, name: "loses the parent") { db in
                try db.execute("DROP TABLE parent; CREATE TABLE parent (id INTEGER PRIMARY KEY, name TEXT NOT NULL);")
            }
            let error = try #require(throws: MigrationError.self) { try Migrator([Self.parentAndChild, lossy]).migrate(db) }
            guard case .failed(let id, _, let underlying) = error,
                  case .brokenForeignKeys(let rows, let tables) = underlying as? MigrationError else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(id == 2 && rows == 1 && tables == ["child"])
            #expect(try db.queryOne("SELECT name FROM parent")?.string(at: 0) == "one", "rolled back")
            #expect(try Migrator([Self.parentAndChild]).appliedIDs(db) == [1])
            #expect(try db.queryOne("PRAGMA foreign_keys")?.int(at: 0) == 1)
        }
    }
}
