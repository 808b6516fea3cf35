import Foundation
import Testing
import SQLiteDatabase

@Suite struct SQLiteErrorTests {
    private func makeSchema(_ db: Connection) throws {
        try db.execute("""
            CREATE TABLE tag (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
            CREATE TABLE link (tag_id INTEGER NOT NULL REFERENCES tag (id), CHECK (tag_id > 0));
            INSERT INTO tag (name) VALUES ('swift');
            """)
    }

    @Test func uniqueViolationCarriesCodesMessageAndSQLButNotValues() throws {
        try withConnection { db throws in
            try makeSchema(db)
            let sql = "INSERT INTO tag (name) VALUES (?)"
            try db.run(sql, ["hunter2-secret"])
            let error = try #require(throws: SQLiteError.self) { try db.run(sql, ["hunter2-secret"]) }
            #expect(error.code == 19) // SQLITE_CONSTRAINT
            #expect(error.extendedCode == 2067) // SQLITE_CONSTRAINT_UNIQUE
            #expect(error.isConstraintViolation)
            #expect(error.message.contains("UNIQUE constraint failed: tag.name"))
            #expect(error.sql == sql)
            #expect(error.description.contains("UNIQUE constraint failed"))
            #expect(error.description.contains(sql))
            #expect(!error.description.contains("hunter2"))
        }
    }

    @Test(arguments: [
        ("INSERT INTO tag (name) VALUES (NULL)", Int32(1299)), // NOT NULL
        ("INSERT INTO link (tag_id) VALUES (99)", 787), // FOREIGN KEY: foreign_keys is on
        ("INSERT INTO link (tag_id) VALUES (-1)", 275), // CHECK
        ("INSERT INTO tag (id, name) VALUES (1, 'dup')", 1555), // PRIMARY KEY
    ])
    func constraintViolationsHaveExtendedCodes(_ sql: String, _ extended: Int32) throws {
        try withConnection { db throws in
            try makeSchema(db)
            let error = try #require(throws: SQLiteError.self) { try db.run(sql) }
            #expect(error.code == 19)
            #expect(error.extendedCode == extended)
            #expect(error.sql == sql)
        }
    }

    @Test(arguments: ["SELEC 1", "SELECT * FROM missing_table", "SELECT (", "INSERT INTO tag VALUES (1, 2, 3)", "'"])
    func malformedSQLThrows(_ sql: String) throws {
        try withConnection { db throws in
            try makeSchema(db)
            let error = try #require(throws: SQLiteError.self) { try db.query(sql) }
            #expect(error.code == 1) // SQLITE_ERROR
            #expect(error.sql == sql)
            #expect(!error.message.isEmpty)
            #expect(throws: SQLiteError.self) { try db.execute(sql) }
        }
    }

    @Test(arguments: ["\"unclosed", "AND", "title:", "(a OR", "a NOT", "*", "NEAR(a b, -1)", "^", "\u{0}x", "nosuchcolumn: x"])
    func malformedFTS5QueryThrows(_ query: String) throws {
        try withConnection { db throws in
            try db.execute("CREATE VIRTUAL TABLE doc USING fts5(title); INSERT INTO doc VALUES ('hello world')")
            #expect(throws: SQLiteError.self) {
                try db.query("SELECT title FROM doc WHERE doc MATCH ?", [.text(query)])
            }
            #expect(try db.query("SELECT title FROM doc WHERE doc MATCH ?", ["hello"]).count == 1)
        }
    }

    @Test func openingAnImpossiblePathThrowsWithThePath() throws {
        try withTemporaryDirectory { dir throws in
            let path = dir + "/no/such/dir/db.sqlite"
            let error = try #require(throws: SQLiteError.self) { try Connection(path: path) }
            #expect(error.code == 14) // SQLITE_CANTOPEN
            #expect(error.message.contains(path))
            #expect(throws: SQLiteError.self) { try Connection(path: dir + "/a\u{0}b") }
            #expect(try openFileCount(in: dir) == 0)
        }
    }

    @Test func readOnlyConnectionsRefuseWrites() throws {
        try withTemporaryDirectory { dir throws in
            let path = dir + "/ro.sqlite"
            let writer = try Connection(path: path)
            try makeValueTable(writer)
            let reader = try Connection(path: path, options: .init(readOnly: true))
            #expect(reader.isReadOnly)
            let error = try #require(throws: SQLiteError.self) { try reader.run("INSERT INTO t (v) VALUES (1)") }
            #expect(error.code == 8) // SQLITE_READONLY
            #expect(try reader.queryOne("SELECT count(*) FROM t")?.int(at: 0) == 0)
            #expect(throws: SQLiteError.self) { try Connection(path: dir + "/missing.sqlite", options: .init(readOnly: true)) }
        }
    }

    @Test func aNonDatabaseFileThrowsNotADatabase() throws {
        try withTemporaryDirectory { dir throws in
            let path = dir + "/junk.sqlite"
            try Array(repeating: "not a database ", count: 100).joined().write(toFile: path, atomically: true, encoding: .utf8)
            #expect(throws: SQLiteError.self) {
                let db = try Connection(path: path)
                _ = try db.query("SELECT * FROM sqlite_master")
            }
        }
    }

    @Test func busyWriterTimesOut() throws {
        try withTemporaryDirectory { dir throws in
            let path = dir + "/busy.sqlite"
            let first = try Connection(path: path)
            let second = try Connection(path: path, options: .init(busyTimeout: .milliseconds(10)))
            try first.execute("BEGIN IMMEDIATE")
            let error = try #require(throws: SQLiteError.self) { try second.execute("BEGIN IMMEDIATE") }
            #expect(error.isBusy)
            try first.execute("COMMIT")
        }
    }
}
