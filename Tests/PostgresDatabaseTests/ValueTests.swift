import PostgresDatabase
import Testing

/// Values, rows and errors without a server.
@Suite struct ValueTests {
    @Test func swiftValuesConvert() {
        #expect(PostgresValue(42) == .int(42))
        #expect(PostgresValue(Int32(-7)) == .int(-7))
        #expect(PostgresValue(2.5) == .double(2.5))
        #expect(PostgresValue("text") == .text("text"))
        #expect(PostgresValue("sub"[...]) == .text("sub"))
        #expect(PostgresValue(true) == .bool(true))
        #expect(PostgresValue([UInt8]()) == .bytes([]))
        #expect(PostgresValue(String?.none) == .null)
        #expect(PostgresValue(Int?.some(3)) == .int(3))
        let literals: [PostgresValue] = [nil, 1, 1.5, "s", false]
        #expect(literals == [.null, .int(1), .double(1.5), .text("s"), .bool(false)])
        #expect(literals.map(\.typeName) == ["NULL", "bigint", "double precision", "text", "boolean"])
    }

    @Test func gettersDecodeByTypeAndNameTheColumnOnMismatch() throws {
        let row = PostgresRow(columnNames: ["i", "d", "s", "b", "x", "n"],
                              values: [.int(7), .double(0.5), .text("t"), .bool(true), .bytes([1, 2]), .null])
        #expect(try row.int("i") == 7)
        #expect(try row.int64(at: 0) == 7)
        #expect(try row.double("d") == 0.5)
        #expect(try row.double("i") == 7)
        #expect(try row.string(at: 2) == "t")
        #expect(try row.bool("b"))
        #expect(try row.bytes("x") == [1, 2])
        #expect(try row.optionalString("n") == nil)
        #expect(try row.optionalBytes(at: 5) == nil)
        #expect(row["missing"] == nil)
        let mismatch = try #require(throws: PostgresDecodingError.self) { try row.bool("i") }
        #expect(mismatch == .typeMismatch(column: "i", expected: "boolean", found: "bigint"))
        #expect(mismatch.description == #"column "i" holds bigint, expected boolean"#)
    }

    @Test func errorsKnowTheirSQLStates() {
        let unique = PostgresError(kind: .query, message: "duplicate key", sqlState: "23505", constraint: "t_key", sql: "INSERT")
        #expect(unique.isUniqueViolation && !unique.isRetryable)
        #expect(unique.description == "PostgreSQL error 23505: duplicate key (constraint t_key) — SQL: INSERT")
        #expect(PostgresError(kind: .query, message: "", sqlState: "40001").isRetryable)
        #expect(PostgresError(kind: .query, message: "", sqlState: "40P01").isDeadlock)
        #expect(PostgresError(kind: .connection, message: "refused").description == "could not connect to PostgreSQL: refused")
    }
}
