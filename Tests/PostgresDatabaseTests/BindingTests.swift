import MarksTestSupport
import PostgresDatabase
import Testing

/// Typed parameters go to the real server and come back as the same values, through bare parameters and
/// through table columns of the matching type.
@Suite(.enabled(if: TestServer.enabled, TestServer.skipped))
struct BindingTests {
    @Test func nullRoundTripsAndIsNull() throws {
        try withTestConnection { db throws in
            let row = try #require(try db.queryOne("SELECT $1::text AS v, $1 IS NULL AS missing", [nil]))
            #expect(row["v"] == .null)
            #expect(try row.optionalString("v") == nil)
            #expect(try row.bool("missing"))
            try db.executeScript("CREATE TABLE t (i bigint, f float8, s text, b bytea, flag boolean)")
            try db.execute("INSERT INTO t VALUES ($1, $2, $3, $4, $5)", [.null, .null, .null, .null, .null])
            let stored = try #require(try db.queryOne("SELECT * FROM t"))
            #expect(stored.values == [.null, .null, .null, .null, .null])
        }
    }

    @Test(arguments: [Int64.min, Int64.min + 1, -4_294_967_296, -1, 0, 1, Int64(Int32.max) + 1, Int64.max - 1, Int64.max])
    func integersRoundTripAtTheirBounds(_ number: Int64) throws {
        try withTestConnection { db throws in
            #expect(try db.queryOne("SELECT $1 AS v", [.int(number)])?.int64("v") == number)
            try db.executeScript("CREATE TABLE t (v bigint NOT NULL)")
            try db.execute("INSERT INTO t (v) VALUES ($1)", [PostgresValue(number)])
            #expect(try db.queryOne("SELECT v FROM t")?.int64("v") == number)
            #expect(try db.queryOne("SELECT count(*) AS n FROM t WHERE v = $1", [.int(number)])?.int("n") == 1)
        }
    }

    @Test func smallerIntegerColumnsTakeBigintParametersAndReadAsInts() throws {
        try withTestConnection { db throws in
            try db.executeScript("CREATE TABLE t (a smallint, b integer, c oid)")
            try db.execute("INSERT INTO t VALUES ($1, $2, $3)", [.int(-32768), .int(2_147_483_647), .int(4_294_967_295)])
            let row = try #require(try db.queryOne("SELECT a, b, c FROM t"))
            #expect(row.values == [.int(-32768), .int(2_147_483_647), .int(4_294_967_295)])
            let tooBig = try #require(throws: PostgresError.self) {
                try db.execute("INSERT INTO t (b) VALUES ($1)", [.int(Int64(Int32.max) + 1)])
            }
            #expect(tooBig.sqlState == "22003") // numeric_value_out_of_range
        }
    }

    static let doubles: [Double] = [
        0, -0.0, 0.1, 1.0 / 3.0, -2.5, .pi, .leastNormalMagnitude / 3, .leastNonzeroMagnitude, .leastNormalMagnitude,
        .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 123_456_789.123_456_78, 1e300, .infinity, -.infinity,
    ]

    @Test(arguments: doubles)
    func doublesRoundTripBitForBit(_ number: Double) throws {
        try withTestConnection { db throws in
            let bare = try #require(try db.queryOne("SELECT $1 AS v", [.double(number)])?.double("v"))
            #expect(bare.bitPattern == number.bitPattern)
            try db.executeScript("CREATE TABLE t (v double precision)")
            try db.execute("INSERT INTO t (v) VALUES ($1)", [PostgresValue(number)])
            let stored = try #require(try db.queryOne("SELECT v FROM t")?.double("v"))
            #expect(stored.bitPattern == number.bitPattern)
        }
    }

    @Test func nanRoundTripsAndRealColumnsReadAsDoubles() throws {
        try withTestConnection { db throws in
            #expect(try db.queryOne("SELECT $1 AS v", [.double(.nan)])?.double("v").isNaN == true)
            let row = try #require(try db.queryOne("SELECT 1.5::real AS r, 7::int AS i"))
            #expect(try row.double("r") == 1.5)
            #expect(try row.double("i") == 7) // an integer column reads as a double too
        }
    }

    static let texts: [String] = [
        "", "plain", "ünïcödé façade", "日本語のテキスト", "Ελληνικά и кириллица", "עברית ועربي",
        "emoji 👩‍👩‍👧‍👦 🏳️‍🌈 and a lone combining mark e\u{301}", "zero\u{200B}width\u{FEFF}bom",
        "quotes ' \" ` and backslashes \\ \\\\ and semicolons ;", "line\nbreak\ttab\r\ncrlf",
        "control \u{01}\u{07}\u{1B}\u{7F} characters", "$1 $2 ? :name %s {}", "\u{10FFFF} last scalar",
        String(repeating: "long text ✓ ", count: 20_000),
    ]

    @Test(arguments: texts)
    func textRoundTripsExactly(_ text: String) throws {
        try withTestConnection { db throws in
            #expect(try db.queryOne("SELECT $1::text AS v", [.text(text)])?.string("v") == text)
            #expect(try db.queryOne("SELECT octet_length($1::text) AS n", [.text(text)])?.int("n") == text.utf8.count)
            try db.executeScript("CREATE TABLE t (v text NOT NULL)")
            try db.execute("INSERT INTO t (v) VALUES ($1)", [PostgresValue(text)])
            #expect(try db.queryOne("SELECT v FROM t")?.string("v") == text)
            #expect(try db.queryOne("SELECT count(*) AS n FROM t WHERE v = $1", [.text(text)])?.int("n") == 1)
        }
    }

    @Test func textWithANulCharacterIsRefusedBeforeTheServer() throws {
        try withTestConnection { db throws in
            try db.executeScript("CREATE TABLE t (v text)")
            let error = try #require(throws: PostgresError.self) {
                try db.execute("INSERT INTO t (v) VALUES ($1)", [.text("before\u{0}after")])
            }
            #expect(error.kind == .misuse)
            #expect(error.message.contains("$1"))
            #expect(try db.queryOne("SELECT count(*) AS n FROM t")?.int("n") == 0)
        }
    }

    static let everyByte = (0...255).map(UInt8.init)
    static let byteStrings: [[UInt8]] = [
        everyByte, everyByte.reversed(), [], [0], [0x5C, 0x78, 0x30, 0x30], Array(repeating: 0, count: 70_000),
    ]

    @Test(arguments: byteStrings)
    func byteaRoundTripsEveryByteValue(_ bytes: [UInt8]) throws {
        try withTestConnection { db throws in
            let row = try #require(try db.queryOne("SELECT $1 AS v, octet_length($1) AS n", [.bytes(bytes)]))
            #expect(try row.bytes("v") == bytes)
            #expect(try row.int("n") == bytes.count) // sent in binary format: no escaping grew or shrank it
            try db.executeScript("CREATE TABLE t (v bytea NOT NULL)")
            try db.execute("INSERT INTO t (v) VALUES ($1)", [PostgresValue(bytes)])
            #expect(try db.queryOne("SELECT v FROM t")?.bytes("v") == bytes)
        }
    }

    @Test func byteaReadsInTheOlderEscapeOutputFormatToo() throws {
        try withTestConnection { db throws in
            try db.executeScript("SET bytea_output = 'escape'")
            let bytes = Self.everyByte + [0x5C, 0x5C, 0x30]
            #expect(try db.queryOne("SELECT $1 AS v", [.bytes(bytes)])?.bytes("v") == bytes)
        }
    }

    @Test(arguments: [true, false])
    func boolsRoundTrip(_ flag: Bool) throws {
        try withTestConnection { db throws in
            let row = try #require(try db.queryOne("SELECT $1 AS v, NOT $1 AS negated", [.bool(flag)]))
            #expect(try row.bool("v") == flag)
            #expect(try row.bool("negated") == !flag)
            try db.executeScript("CREATE TABLE t (v boolean NOT NULL)")
            try db.execute("INSERT INTO t (v) VALUES ($1)", [PostgresValue(flag)])
            #expect(try db.queryOne("SELECT v FROM t")?.bool("v") == flag)
        }
    }

    @Test func textParametersTakeTheTypeTheStatementNeeds() throws {
        try withTestConnection { db throws in
            try db.executeScript("CREATE TABLE t (day date, doc jsonb, amount numeric(10, 2), id uuid)")
            try db.execute(
                "INSERT INTO t VALUES ($1, $2, $3, $4)",
                ["2024-02-29", #"{"a": [1, 2]}"#, "12.50", "6f9619ff-8b86-d011-b42d-00cf4fc964ff"])
            let row = try #require(try db.queryOne("SELECT day, doc, amount, id FROM t"))
            // Types without a getter of their own come back in PostgreSQL's text form.
            #expect(row.values == [.text("2024-02-29"), .text(#"{"a": [1, 2]}"#), .text("12.50"), .text("6f9619ff-8b86-d011-b42d-00cf4fc964ff")])
        }
    }

    @Test func hostileParametersAreDataNotSQL() throws {
        try withTestConnection { db throws in
            try db.executeScript("CREATE TABLE students (name text NOT NULL)")
            let hostile = [
                "Robert'); DROP TABLE students;--", "' OR '1'='1", "x\"; DELETE FROM students; --",
                "$1); DROP TABLE students; --", "\\'; DROP TABLE students; --", "1; SELECT pg_sleep(30)",
            ]
            for name in hostile {
                #expect(try db.execute("INSERT INTO students (name) VALUES ($1)", [.text(name)]) == 1)
            }
            let stored = try db.query("SELECT name FROM students ORDER BY name").map { try $0.string("name") }
            #expect(stored == hostile.sorted())
            #expect(try db.queryOne("SELECT count(*) AS n FROM students WHERE name = $1", ["' OR '1'='1"])?.int("n") == 1)
        }
    }

    @Test func oneStatementPerCallWhenParametersAreUsed() throws {
        try withTestConnection { db throws in
            try db.executeScript("CREATE TABLE t (v int)")
            let error = try #require(throws: PostgresError.self) {
                try db.execute("INSERT INTO t VALUES (1); DROP TABLE t")
            }
            #expect(error.sqlState == "42601") // cannot insert multiple commands into a prepared statement
            #expect(try db.queryOne("SELECT count(*) AS n FROM t")?.int("n") == 0)
        }
    }

    @Test func executeCountsTheRowsItChanged() throws {
        try withTestConnection { db throws in
            #expect(try db.execute("CREATE TABLE t (v int)") == 0)
            #expect(try db.execute("INSERT INTO t SELECT generate_series(1, $1)", [.int(5)]) == 5)
            #expect(try db.execute("UPDATE t SET v = v + 1 WHERE v > $1", [.int(2)]) == 3)
            #expect(try db.execute("DELETE FROM t WHERE v = $1", [.int(1)]) == 1)
            #expect(try db.query("SELECT v FROM t ORDER BY v").map { try $0.int(at: 0) } == [2, 4, 5, 6])
            #expect(try db.queryOne("SELECT v FROM t WHERE v > 100") == nil)
        }
    }

    @Test func aWrongParameterCountFailsAndTheConnectionGoesOn() throws {
        try withTestConnection { db throws in
            let error = try #require(throws: PostgresError.self) { try db.query("SELECT $1::int + $2::int", [.int(1)]) }
            #expect(error.kind == .query)
            #expect(db.isConnected)
            #expect(try db.queryOne("SELECT $1::int + $2::int AS s", [1, 2])?.int("s") == 3)
        }
    }
}
