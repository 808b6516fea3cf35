import MarksTestSupport
import PostgresDatabase
import Testing

private struct Boom: Error, Equatable {}

/// `transaction` commits when its body returns and rolls back when it throws, on the real server.
@Suite(.enabled(if: TestServer.enabled, TestServer.skipped))
struct TransactionTests {
    @Test func aReturningBodyCommitsAndItsValueIsReturned() throws {
        try withTestDatabase { url throws in
            let db = try PostgresConnection(url: url)
            try db.executeScript("CREATE TABLE t (v int)")
            let value = try db.transaction {
                #expect(db.isInTransaction)
                try db.execute("INSERT INTO t VALUES ($1)", [.int(1)])
                return "done"
            }
            #expect(value == "done")
            #expect(!db.isInTransaction)
            let other = try PostgresConnection(url: url)
            #expect(try other.queryOne("SELECT count(*) AS n FROM t")?.int("n") == 1)
        }
    }

    @Test func aThrownErrorRollsBackAndIsRethrown() throws {
        try withTestConnection { db throws in
            try db.executeScript("CREATE TABLE t (v int)")
            #expect(throws: Boom()) {
                try db.transaction {
                    try db.execute("INSERT INTO t VALUES ($1)", [.int(1)])
                    try db.executeScript("CREATE TABLE made_inside (v int)")
                    throw Boom()
                }
            }
            #expect(!db.isInTransaction)
            #expect(try db.queryOne("SELECT count(*) AS n FROM t")?.int("n") == 0)
            #expect(try db.queryOne("SELECT to_regclass('made_inside') IS NULL AS gone")?.bool("gone") == true)
        }
    }

    @Test func aFailedStatementRollsBackTheTransaction() throws {
        try withTestConnection { db throws in
            try db.executeScript("CREATE TABLE t (v int UNIQUE)")
            let error = try #require(throws: PostgresError.self) {
                try db.transaction {
                    try db.execute("INSERT INTO t VALUES (1)")
                    try db.execute("INSERT INTO t VALUES (1)")
                }
            }
            #expect(error.isUniqueViolation)
            #expect(!db.isInTransaction)
            #expect(try db.queryOne("SELECT count(*) AS n FROM t")?.int("n") == 0)
        }
    }

    @Test func aFailedStatementWhoseErrorWasCaughtIsNotCommitted() throws {
        try withTestConnection { db throws in
            try db.executeScript("CREATE TABLE t (v int UNIQUE)")
            let error = try #require(throws: PostgresError.self) {
                try db.transaction {
                    try db.execute("INSERT INTO t VALUES (1)")
                    do {
                        try db.execute("INSERT INTO t VALUES (1)")
                    } catch {
                        // swallowed: PostgreSQL has aborted the transaction all the same
                    }
                }
            }
            #expect(error.kind == .misuse)
            #expect(!db.isInTransaction)
            #expect(try db.queryOne("SELECT count(*) AS n FROM t")?.int("n") == 0)
        }
    }

    @Test func aNestedTransactionIsASavepoint() throws {
        try withTestConnection { db throws in
            try db.executeScript("CREATE TABLE t (v int)")
            try db.transaction {
                try db.execute("INSERT INTO t VALUES (1)")
                #expect(throws: Boom()) {
                    try db.transaction {
                        try db.execute("INSERT INTO t VALUES (2)")
                        throw Boom()
                    }
                }
                try db.transaction {
                    try db.execute("INSERT INTO t VALUES (3)")
                }
                // A failed statement inside a savepoint leaves the outer transaction usable.
                #expect(throws: PostgresError.self) {
                    try db.savepoint { try db.execute("INSERT INTO t VALUES ('not a number')") }
                }
                try db.execute("INSERT INTO t VALUES (4)")
            }
            #expect(try db.query("SELECT v FROM t ORDER BY v").map { try $0.int("v") } == [1, 3, 4])
        }
    }

    @Test(arguments: [
        (PostgresIsolationLevel.readCommitted, "read committed"),
        (.repeatableRead, "repeatable read"),
        (.serializable, "serializable"),
    ])
    func theIsolationLevelIsTheOneAskedFor(_ level: PostgresIsolationLevel, _ name: String) throws {
        try withTestConnection { db throws in
            let shown = try db.transaction(level) {
                try db.queryOne("SHOW transaction_isolation")?.string(at: 0)
            }
            #expect(shown == name)
            let error = try #require(throws: PostgresError.self) {
                try db.transaction { try db.transaction(level) {} }
            }
            #expect(error.kind == .misuse)
        }
    }
}
