import Testing
import SQLiteDatabase

@Suite struct StatementTests {
    @Test(arguments: [
        "SELECT :a + :b AS sum", "SELECT @a + @b AS sum", "SELECT $a + $b AS sum", "SELECT :a + :a + :b - :a AS sum",
    ])
    func namedParametersBindWithOrWithoutPrefix(_ sql: String) throws {
        try withConnection { db throws in
            #expect(try db.queryOne(sql, ["a": 2, "b": 3])?.int("sum") == 5)
            #expect(try db.queryOne(sql, [":a": 2, "b": 3])?.int("sum") == 5)
        }
    }

    @Test func positionalParametersBindInOrder() throws {
        try withConnection { db throws in
            let row = try #require(try db.queryOne("SELECT ? AS a, ?2 AS b, ?1 AS c", [1, "two"]))
            #expect(row.values == [.integer(1), .text("two"), .integer(1)])
        }
    }

    @Test func argumentCountMustMatch() throws {
        try withConnection { db throws in
            let tooFew = try #require(throws: SQLiteError.self) { try db.query("SELECT ?, ?", [1]) }
            #expect(tooFew.code == 25) // SQLITE_RANGE
            #expect(tooFew.message.contains("2 argument"))
            #expect(throws: SQLiteError.self) { try db.query("SELECT ?", [1, 2]) }
            #expect(throws: SQLiteError.self) { try db.query("SELECT 1", [1]) }
        }
    }

    @Test func namedArgumentsMustMatchTheParameters() throws {
        try withConnection { db throws in
            let missing = try #require(throws: SQLiteError.self) { try db.query("SELECT :a, :b", ["a": 1]) }
            #expect(missing.message.contains(":b"))
            let unknown = try #require(throws: SQLiteError.self) { try db.query("SELECT :a", ["a": 1, "typo": 2]) }
            #expect(unknown.message.contains("typo"))
            #expect(throws: SQLiteError.self) { try db.query("SELECT ?", ["a": 1]) }
            #expect(throws: SQLiteError.self) { try db.query("SELECT :a", ["a": 1, ":a": 2]) }
        }
    }

    @Test func prepareTakesExactlyOneStatement() throws {
        try withConnection { db throws in
            let error = try #require(throws: SQLiteError.self) { try db.prepare("SELECT 1; SELECT 2") }
            #expect(error.code == 21) // SQLITE_MISUSE
            #expect(error.sql == "SELECT 1; SELECT 2")
            #expect(throws: SQLiteError.self) { try db.run("CREATE TABLE a (x); DROP TABLE a") }
            #expect(try db.queryOne("SELECT count(*) FROM sqlite_master")?.int(at: 0) == 0)
            _ = try db.prepare("SELECT 1;  \n -- trailing comment\n ; ")
            #expect(throws: SQLiteError.self) { try db.prepare("   ") }
            #expect(throws: SQLiteError.self) { try db.prepare("-- only a comment") }
        }
    }

    @Test func sqlWithANulByteIsRefused() throws {
        try withConnection { db throws in
            try makeValueTable(db)
            #expect(throws: SQLiteError.self) { try db.prepare("SELECT 1\u{0}; DROP TABLE t") }
            #expect(throws: SQLiteError.self) { try db.execute("SELECT 1;\u{0} DROP TABLE t") }
            #expect(try db.queryOne("SELECT count(*) FROM sqlite_master WHERE name = 't'")?.int(at: 0) == 1)
        }
    }

    @Test func statementsStepResetAndRebind() throws {
        try withConnection { db throws in
            try makeValueTable(db)
            let insert = try db.prepare("INSERT INTO t (v) VALUES (?)")
            for number in 1...3 {
                try insert.bind([.integer(Int64(number))])
                #expect(try insert.run() == 1)
                #expect(db.lastInsertRowID == Int64(number))
            }
            let select = try db.prepare("SELECT v FROM t ORDER BY v")
            #expect(select.columnNames == ["v"])
            #expect(try select.step()?.int("v") == 1)
            #expect(try select.step()?.int("v") == 2)
            select.reset()
            #expect(try select.rows().map { try $0.int("v") } == [1, 2, 3])
            #expect(try select.rows().count == 3) // runs again from the start
        }
    }

    @Test func runReportsChangedRows() throws {
        try withConnection { db throws in
            try makeValueTable(db)
            #expect(try db.run("INSERT INTO t (v) VALUES (1), (2), (3)") == 3)
            #expect(db.changes == 3)
            #expect(try db.run("UPDATE t SET v = v + 1 WHERE v >= ?", [2]) == 2)
            #expect(try db.run("CREATE TABLE other (x)") == 0)
            #expect(try db.run("DELETE FROM t WHERE v > 100") == 0)
            #expect(try db.run("DELETE FROM t") == 3)
            #expect(db.totalChanges == 8)
        }
    }

    @Test func aStatementKeepsItsConnectionOpen() throws {
        try withTemporaryDirectory { dir throws in
            func makeStatement() throws -> Statement {
                let connection = try Connection(path: dir + "/keep.sqlite")
                try connection.execute("CREATE TABLE t (v); INSERT INTO t VALUES (42)")
                return try connection.prepare("SELECT v FROM t")
            }
            var statement: Statement? = try makeStatement()
            #expect(try statement?.step()?.int("v") == 42)
            #expect(try openFileCount(in: dir) > 0)
            statement = nil
            #expect(try openFileCount(in: dir) == 0)
        }
    }
}
