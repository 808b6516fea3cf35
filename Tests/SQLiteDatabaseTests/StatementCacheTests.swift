import Testing
import SQLiteDatabase

/// `Connection.withStatement(cached:)`: a hot path's fixed statements compiled once per connection.
@Suite struct StatementCacheTests {
    @Test func theSameSQLReusesOneCompiledStatementAndANestedUseGetsItsOwn() throws {
        try withConnection { db throws in
            weak var kept: Statement?
            try db.withStatement(cached: "SELECT 1") { kept = $0 }
            #expect(kept != nil, "kept by the connection after its use")
            let first = ObjectIdentifier(try #require(kept))
            #expect(try db.withStatement(cached: "SELECT 1") { ObjectIdentifier($0) } == first)
            try db.withStatement(cached: "SELECT 1") { outer in
                let inner = try db.withStatement(cached: "SELECT 1") { ObjectIdentifier($0) }
                #expect(inner != ObjectIdentifier(outer))
            }
            #expect(try db.withStatement(cached: "SELECT 2") { ObjectIdentifier($0) } != first)
        }
    }

    /// A full cache still takes a new statement (in the place of another), so statements first used late are kept too.
    @Test func aFullCacheStillKeepsANewStatement() throws {
        try withConnection { db throws in
            for n in 0..<(Connection.statementCacheLimit * 2) { _ = try db.query(cached: "SELECT \(n)") }
            weak var late: Statement?
            try db.withStatement(cached: "SELECT 'late'") { late = $0 }
            #expect(late != nil)
        }
    }

    /// Each use starts clean: the last use's bindings are cleared and its half-read rows rewound.
    @Test func eachUseStartsWithNoBindingsAndFromTheFirstRow() throws {
        try withConnection { db throws in
            try db.execute("CREATE TABLE t (n INTEGER); INSERT INTO t VALUES (1), (2), (3)")
            try db.withStatement(cached: "SELECT n FROM t WHERE n >= coalesce(?, 0) ORDER BY n") { statement in
                try statement.bind([2])
                #expect(try statement.nextInteger() == 2)
            }
            try db.withStatement(cached: "SELECT n FROM t WHERE n >= coalesce(?, 0) ORDER BY n") { statement throws in
                #expect(try statement.nextInteger() == 1)
            }
            #expect(try db.query(cached: "SELECT n FROM t ORDER BY n", []).count == 3)
            #expect(try db.query(cached: "SELECT n FROM t ORDER BY n", []).count == 3)
            #expect(try db.integers(cached: "SELECT n FROM t WHERE n > ? ORDER BY n", [1]) == [2, 3])
            #expect(try db.integers(cached: "SELECT n FROM t WHERE n > ? ORDER BY n", [2]) == [3])
        }
    }

    /// A statement left half-read is reset when its use ends: it holds no read snapshot, so a checkpoint can empty
    /// the write-ahead log while the reader stays open.
    @Test func aHalfReadStatementHoldsNoSnapshotAfterItsUse() throws {
        try withTemporaryDirectory { dir throws in
            let writer = try Connection(path: dir + "/db.sqlite", options: .init(busyTimeout: .milliseconds(50)))
            try writer.execute("CREATE TABLE t (n INTEGER); INSERT INTO t VALUES (1), (2)")
            let reader = try Connection(path: dir + "/db.sqlite", options: .init(readOnly: true))
            try reader.withStatement(cached: "SELECT n FROM t") { statement throws in #expect(try statement.nextInteger() != nil) }
            try writer.execute("INSERT INTO t VALUES (3)")
            let checkpoint = try #require(try writer.queryOne("PRAGMA wal_checkpoint(TRUNCATE)"))
            #expect(try checkpoint.int(at: 0) == 0, "not blocked by the reader")
        }
    }

    /// The connection's own statements do not keep it alive: it closes when its last user lets go.
    @Test func cachedStatementsDoNotKeepTheirConnectionOpen() throws {
        try withTemporaryDirectory { dir throws in
            weak var closed: Connection?
            do {
                let db = try Connection(path: dir + "/db.sqlite")
                try db.withStatement(cached: "SELECT 1") { _ = try $0.nextInteger() }
                closed = db
            }
            #expect(closed == nil)
        }
    }
}
