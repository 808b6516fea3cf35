import Testing
import SQLiteDatabase

private struct Abort: Error {}

@Suite struct TransactionTests {
    private func count(_ db: Connection) throws -> Int {
        try #require(try db.queryOne("SELECT count(*) AS n FROM t")).int("n")
    }

    @Test(arguments: [TransactionKind.deferred, .immediate, .exclusive])
    func commitsWhenTheBodyReturns(_ kind: TransactionKind) throws {
        try withConnection { db throws in
            try makeValueTable(db)
            let id = try db.transaction(kind) {
                #expect(db.isInTransaction)
                try db.run("INSERT INTO t (v) VALUES (1)")
                return db.lastInsertRowID
            }
            #expect(id == 1)
            #expect(!db.isInTransaction)
            #expect(try count(db) == 1)
        }
    }

    @Test func rollsBackWhenTheBodyThrows() throws {
        try withConnection { db throws in
            try makeValueTable(db)
            #expect(throws: Abort.self) {
                try db.transaction(.immediate) {
                    try db.run("INSERT INTO t (v) VALUES (1), (2)")
                    try db.execute("CREATE TABLE extra (x)")
                    throw Abort()
                }
            }
            #expect(!db.isInTransaction)
            #expect(try count(db) == 0)
            #expect(try db.queryOne("SELECT count(*) FROM sqlite_master WHERE name = 'extra'")?.int(at: 0) == 0)
        }
    }

    @Test func aFailedStatementRollsBackTheWholeTransaction() throws {
        try withConnection { db throws in
            try db.execute("CREATE TABLE u (name TEXT UNIQUE)")
            #expect(throws: SQLiteError.self) {
                try db.transaction {
                    try db.run("INSERT INTO u VALUES ('a')")
                    try db.run("INSERT INTO u VALUES ('a')")
                }
            }
            #expect(try db.queryOne("SELECT count(*) FROM u")?.int(at: 0) == 0)
        }
    }

    @Test func nestedTransactionsBecomeSavepoints() throws {
        try withConnection { db throws in
            try makeValueTable(db)
            try db.transaction {
                try db.run("INSERT INTO t (v) VALUES ('outer')")
                #expect(throws: Abort.self) {
                    try db.transaction {
                        try db.run("INSERT INTO t (v) VALUES ('inner, undone')")
                        throw Abort()
                    }
                }
                #expect(db.isInTransaction)
                try db.savepoint {
                    try db.run("INSERT INTO t (v) VALUES ('inner, kept')")
                    #expect(throws: Abort.self) {
                        try db.savepoint {
                            try db.run("INSERT INTO t (v) VALUES ('innermost, undone')")
                            throw Abort()
                        }
                    }
                }
            }
            let values = try db.query("SELECT v FROM t ORDER BY id").map { try $0.string("v") }
            #expect(values == ["outer", "inner, kept"])
        }
    }

    @Test func anOuterRollbackUndoesReleasedSavepoints() throws {
        try withConnection { db throws in
            try makeValueTable(db)
            #expect(throws: Abort.self) {
                try db.transaction {
                    try db.transaction { try db.run("INSERT INTO t (v) VALUES (1)") }
                    throw Abort()
                }
            }
            #expect(try count(db) == 0)
        }
    }

    @Test func aFailedCommitRollsBack() throws {
        try withConnection { db throws in
            try db.execute("""
                CREATE TABLE parent (id INTEGER PRIMARY KEY);
                CREATE TABLE child (parent_id INTEGER REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED);
                """)
            let error = try #require(throws: SQLiteError.self) {
                try db.transaction { try db.run("INSERT INTO child VALUES (5)") }
            }
            #expect(error.code == 19)
            #expect(!db.isInTransaction)
            #expect(try db.queryOne("SELECT count(*) FROM child")?.int(at: 0) == 0)
        }
    }
}
