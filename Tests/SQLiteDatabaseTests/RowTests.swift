import Testing
import SQLiteDatabase

@Suite struct RowTests {
    private func sampleRow() throws -> Row {
        try withConnection { db throws in
            try db.execute("""
                CREATE TABLE item (id INTEGER PRIMARY KEY, title TEXT, score REAL, flag INTEGER, data BLOB, note TEXT);
                INSERT INTO item VALUES (7, 'secret-title', 2.5, 1, x'00ff', NULL);
                """)
            return try #require(try db.queryOne("SELECT * FROM item"))
        }
    }

    @Test func typedGettersReadByNameAndIndex() throws {
        let row = try sampleRow()
        #expect(row.columnNames == ["id", "title", "score", "flag", "data", "note"])
        #expect(try row.int("id") == 7)
        #expect(try row.int64(at: 0) == 7)
        #expect(try row.string("title") == "secret-title")
        #expect(try row.double("score") == 2.5)
        #expect(try row.double("id") == 7) // INTEGER widens to Double
        #expect(try row.bool("flag"))
        #expect(try row.blob("data") == [0x00, 0xFF])
        #expect(try row.optionalString("note") == nil)
        #expect(try row.optionalString(at: 1) == "secret-title")
        #expect(try row.optionalInt("note") == nil)
        #expect(row["title"] == .text("secret-title"))
        #expect(row["nope"] == nil)
    }

    @Test func missingColumnNamesTheColumns() throws {
        let row = try sampleRow()
        let error = try #require(throws: RowDecodingError.self) { try row.string("titel") }
        #expect(error == .missingColumn("titel", available: row.columnNames))
        #expect(error.description.contains("titel"))
        #expect(throws: RowDecodingError.indexOutOfRange(6, columnCount: 6)) { try row.int(at: 6) }
        #expect(throws: RowDecodingError.indexOutOfRange(-1, columnCount: 6)) { try row.int(at: -1) }
        #expect(throws: RowDecodingError.self) { try row.optionalString("nope") }
    }

    @Test func typeMismatchSaysWhatWasFoundButNotTheValue() throws {
        let row = try sampleRow()
        let error = try #require(throws: RowDecodingError.self) { try row.int("title") }
        #expect(error == .typeMismatch(column: "title", expected: "INTEGER", found: "TEXT"))
        #expect(!error.description.contains("secret-title"))
        #expect(throws: RowDecodingError.typeMismatch(column: "id", expected: "TEXT", found: "INTEGER")) {
            try row.string("id")
        }
        #expect(throws: RowDecodingError.typeMismatch(column: "data", expected: "TEXT", found: "BLOB")) {
            try row.optionalString("data")
        }
        #expect(throws: RowDecodingError.typeMismatch(column: "score", expected: "INTEGER", found: "REAL")) {
            try row.int("score")
        }
    }

    @Test func nullIsAMismatchForNonOptionalGetters() throws {
        let row = try sampleRow()
        #expect(throws: RowDecodingError.typeMismatch(column: "note", expected: "TEXT", found: "NULL")) {
            try row.string("note")
        }
        #expect(throws: RowDecodingError.self) { try row.bool("note") }
        #expect(throws: RowDecodingError.self) { try row.blob(at: 5) }
    }

    @Test func duplicateColumnNamesResolveToTheFirst() throws {
        try withConnection { db throws in
            let row = try #require(try db.queryOne("SELECT 1 AS x, 2 AS x"))
            #expect(try row.int("x") == 1)
            #expect(try row.int(at: 1) == 2)
        }
    }
}
