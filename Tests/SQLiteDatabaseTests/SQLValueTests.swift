import Testing
import SQLiteDatabase

@Suite struct SQLValueTests {
    static let values: [SQLValue] = [
        .null,
        .integer(0), .integer(-1), .integer(Int64.min), .integer(Int64.max),
        .real(0), .real(-1.5), .real(3.141592653589793), .real(.infinity), .real(-.infinity),
        .real(.leastNonzeroMagnitude), .real(.greatestFiniteMagnitude),
        .text(""), .text("it's \"quoted\""), .text("'; DROP TABLE t; --"), .text("nul\u{0}inside\u{0}"),
        .text("\u{0}"), .text("emoji 🙂 👩‍👩‍👧 é"),
        .blob([]), .blob([0]), .blob([0, 0, 0]), .blob(Array(0...255)),
    ]

    @Test(arguments: values)
    func roundTripsThroughAParameter(_ value: SQLValue) throws {
        try withConnection { db throws in
            try makeValueTable(db)
            try db.run("INSERT INTO t (v) VALUES (?)", [value])
            let row = try #require(try db.queryOne("SELECT v, typeof(v) AS type FROM t"))
            #expect(try row.value("v") == value)
            #expect(try row.string("type") == value.storageClass.lowercased())
            #expect(try db.queryOne("SELECT count(*) FROM t")?.int(at: 0) == 1)
        }
    }

    @Test(arguments: values)
    func roundTripsThroughANamedParameter(_ value: SQLValue) throws {
        try withConnection { db throws in
            try makeValueTable(db)
            try db.run("INSERT INTO t (v) VALUES (:v)", ["v": value])
            let rows = try db.query("SELECT v FROM t WHERE v IS :v", [":v": value])
            #expect(rows.map(\.values) == [[value]])
        }
    }

    @Test func textKeepsItsExactBytes() throws {
        try withConnection { db throws in
            try makeValueTable(db)
            let text = "a\u{0}b🙂"
            try db.run("INSERT INTO t (v) VALUES (?)", [.text(text)])
            let row = try #require(try db.queryOne("SELECT length(CAST(v AS BLOB)) AS bytes FROM t"))
            #expect(try row.int("bytes") == text.utf8.count)
        }
    }

    @Test func largeValuesRoundTrip() throws {
        try withConnection { db throws in
            try makeValueTable(db)
            let text = String(repeating: "long text ", count: 500_000)
            let blob = [UInt8](repeating: 0xAB, count: 5_000_000)
            try db.run("INSERT INTO t (v) VALUES (?), (?)", [.text(text), .blob(blob)])
            let rows = try db.query("SELECT v FROM t ORDER BY id")
            #expect(try rows.first?.string("v") == text)
            #expect(try rows.last?.blob("v") == blob)
        }
    }

    @Test func hostileTextIsStoredNotExecuted() throws {
        try withConnection { db throws in
            try makeValueTable(db)
            try db.run("INSERT INTO t (v) VALUES (?)", ["x'); DROP TABLE t; --"])
            try db.run("INSERT INTO t (v) VALUES (:v)", ["v": "\"; DELETE FROM t; --"])
            #expect(try db.queryOne("SELECT count(*) AS n FROM t")?.int("n") == 2)
        }
    }

    @Test func nanIsRefusedInsteadOfBecomingNull() throws {
        try withConnection { db throws in
            try makeValueTable(db)
            let error = try #require(throws: SQLiteError.self) {
                try db.run("INSERT INTO t (v) VALUES (?)", [.real(.nan)])
            }
            #expect(error.code == 20) // SQLITE_MISMATCH
            #expect(error.message.contains("NaN"))
            #expect(try db.queryOne("SELECT count(*) FROM t")?.int(at: 0) == 0)
        }
    }

    @Test func literalsBuildTheMatchingCase() {
        let values: [SQLValue] = [nil, 42, 1.5, "text", true, false]
        #expect(values == [.null, .integer(42), .real(1.5), .text("text"), .integer(1), .integer(0)])
    }

    @Test(arguments: [
        (SQLValue(42), SQLValue.integer(42)),
        (SQLValue(Int64.min), .integer(Int64.min)),
        (SQLValue(Int32(-7)), .integer(-7)),
        (SQLValue(2.5), .real(2.5)),
        (SQLValue("s"), .text("s")),
        (SQLValue("abc".dropFirst()), .text("bc")),
        (SQLValue(true), .integer(1)),
        (SQLValue(false), .integer(0)),
        (SQLValue([UInt8]()), .blob([])),
        (SQLValue([UInt8]([1, 2])), .blob([1, 2])),
        (SQLValue(String?.none), .null),
        (SQLValue(Optional("x")), .text("x")),
        (SQLValue(Int?.none), .null),
        (SQLValue(SQLValue.real(1)), .real(1)),
    ])
    func swiftValuesConvert(_ converted: SQLValue, _ expected: SQLValue) {
        #expect(converted == expected)
    }
}
