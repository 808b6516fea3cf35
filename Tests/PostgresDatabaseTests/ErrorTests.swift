import MarksTestSupport
import PostgresDatabase
import Testing

/// Server errors keep their SQLSTATE; connection failures are errors (never a crash) without the password.
@Suite(.enabled(if: TestServer.enabled, TestServer.skipped))
struct ErrorTests {
    @Test func aUniqueViolationCarriesSQLState23505AndNotTheDuplicateValue() throws {
        try withTestConnection { db throws in
            try db.executeScript("CREATE TABLE users (email text NOT NULL CONSTRAINT users_email_key UNIQUE)")
            try db.execute("INSERT INTO users (email) VALUES ($1)", ["secret-address@example.com"])
            let error = try #require(throws: PostgresError.self) {
                try db.execute("INSERT INTO users (email) VALUES ($1)", ["secret-address@example.com"])
            }
            #expect(error.kind == .query)
            #expect(error.sqlState == "23505")
            #expect(error.isUniqueViolation)
            #expect(!error.isSerializationFailure && !error.isRetryable)
            #expect(error.constraint == "users_email_key")
            #expect(error.message.contains("duplicate key"))
            #expect(error.sql == "INSERT INTO users (email) VALUES ($1)")
            // The server's DETAIL line would say "Key (email)=(secret-address@example.com) already exists."
            #expect(!error.description.contains("secret-address"))
            #expect(try db.queryOne("SELECT count(*) AS n FROM users")?.int("n") == 1)
        }
    }

    @Test func aStatementPastItsTimeoutIsCancelledByTheServerAndTheConnectionLives() throws {
        try withTestDatabase { url throws in
            let db = try PostgresConnection(url: url, statementTimeout: .milliseconds(300))
            let started = ContinuousClock.now
            let error = try #require(throws: PostgresError.self) { try db.queryOne("SELECT pg_sleep(120)") }
            #expect(error.kind == .query)
            #expect(error.sqlState == "57014")
            // Well below the statement's 120 s: the server cancelled it (generous for a loaded 2-core run).
            #expect(ContinuousClock.now - started < .seconds(60))
            #expect(try db.queryOne("SELECT 1 AS one")?.int("one") == 1)
        }
    }

    @Test func aForeignKeyViolationIsNamed() throws {
        try withTestConnection { db throws in
            try db.executeScript("""
                CREATE TABLE parent (id bigint PRIMARY KEY);
                CREATE TABLE child (parent_id bigint NOT NULL REFERENCES parent (id))
                """)
            let error = try #require(throws: PostgresError.self) {
                try db.execute("INSERT INTO child (parent_id) VALUES ($1)", [.int(7)])
            }
            #expect(error.isForeignKeyViolation)
            #expect(error.sqlState == "23503")
        }
    }

    @Test func aSyntaxErrorNamesItsSQL() throws {
        try withTestConnection { db throws in
            let error = try #require(throws: PostgresError.self) { try db.query("SELEKT 1") }
            #expect(error.sqlState == "42601")
            #expect(error.description.contains("SELEKT 1"))
            #expect(!error.message.contains("ERROR:"))
            #expect(try db.queryOne("SELECT 1 AS one")?.int("one") == 1)
        }
    }

    @Test func emptyOrNulContainingSQLIsRefused() throws {
        try withTestConnection { db throws in
            let empty = try #require(throws: PostgresError.self) { try db.execute("") }
            #expect(empty.kind == .misuse)
            #expect(empty.message == "the SQL text holds no statement")
            let nul = try #require(throws: PostgresError.self) { try db.execute("SELECT 1\u{0}; DROP TABLE x") }
            #expect(nul.kind == .misuse)
            let script = try #require(throws: PostgresError.self) { try db.executeScript("SELECT 1\u{0}") }
            #expect(script.kind == .misuse)
        }
    }

    @Test func copyIsRefusedAndTheConnectionStaysUsable() throws {
        try withTestConnection { db throws in
            try db.executeScript("CREATE TABLE t (v int); INSERT INTO t VALUES (1), (2)")
            let copyIn = try #require(throws: PostgresError.self) { try db.execute("COPY t FROM STDIN") }
            #expect(copyIn.kind == .misuse)
            let copyOut = try #require(throws: PostgresError.self) { try db.execute("COPY t TO STDOUT") }
            #expect(copyOut.kind == .misuse)
            #expect(try db.queryOne("SELECT count(*) AS n FROM t")?.int("n") == 2)
        }
    }

    @Test func aSerializationFailureIsRecognised() throws {
        try withTestDatabase { url throws in
            let first = try PostgresConnection(url: url)
            let second = try PostgresConnection(url: url)
            try first.executeScript("CREATE TABLE doctors (name text, on_call boolean); INSERT INTO doctors VALUES ('a', true), ('b', true)")
            // Write skew: each transaction reads both rows, then takes a different doctor off call.
            let error = try #require(throws: PostgresError.self) {
                try first.transaction(.serializable) {
                    _ = try first.query("SELECT count(*) FROM doctors WHERE on_call")
                    try second.transaction(.serializable) {
                        _ = try second.query("SELECT count(*) FROM doctors WHERE on_call")
                        try second.execute("UPDATE doctors SET on_call = false WHERE name = 'b'")
                    }
                    try first.execute("UPDATE doctors SET on_call = false WHERE name = 'a'")
                }
            }
            #expect(error.isSerializationFailure)
            #expect(error.isRetryable)
            #expect(!first.isInTransaction)
            #expect(try first.queryOne("SELECT count(*) AS n FROM doctors WHERE on_call")?.int("n") == 1)
        }
    }

    @Test func aRefusedPortIsAConnectionErrorWithoutThePassword() throws {
        let error = try #require(throws: PostgresError.self) {
            try PostgresConnection(url: "postgres://marks:s3cr3t-passw0rd@127.0.0.1:1/postgres")
        }
        #expect(error.kind == .connection)
        #expect(error.sqlState == nil)
        #expect(error.message.contains("refused"))
        #expect(!error.description.contains("s3cr3t"))
    }

    static let badURLs = [
        "postgres://marks:hunter2-secret@127.0.0.1:notaport/postgres",
        "postgres://marks:hunter2-secret@127.0.0.1:1/postgres?bogus_option=1",
        "postgres://marks:hunter2%2Dsecret@[::1/postgres",
        "postgres://marks:hunter2%zzsecret@127.0.0.1:1/postgres",
        "postgresql://marks@127.0.0.1:1/postgres?password=hunter2-secret&sslmode=nonsense",
        "host=127.0.0.1 port=1 user=marks password=hunter2-secret",
        "host=127.0.0.1 port=1 password='hunter2-secret' bogus",
        "postgres://marks:hunter2-secret@/nowhere?host=/nonexistent-socket-dir",
        "",
    ]

    @Test(arguments: badURLs)
    func aBadURLIsAConnectionErrorWithoutThePassword(_ url: String) throws {
        let error = try #require(throws: PostgresError.self) { try PostgresConnection(url: url, connectTimeout: .seconds(2)) }
        #expect(error.kind == .connection)
        #expect(!error.message.isEmpty)
        #expect(!error.description.contains("hunter2"))
    }

    @Test func aMissingDatabaseIsAConnectionError() throws {
        let url = try TestServer.url(TestServer.requireURL(), database: "marks_no_such_database")
        let error = try #require(throws: PostgresError.self) { try PostgresConnection(url: url) }
        #expect(error.kind == .connection)
        #expect(error.message.contains("does not exist"))
    }

    @Test func aConnectionKilledByTheServerIsLostAndSaysSo() throws {
        try withTestDatabase { url throws in
            let victim = try PostgresConnection(url: url)
            let other = try PostgresConnection(url: url)
            try other.execute("SELECT pg_terminate_backend($1::int)", [.int(Int64(victim.backendPID))])
            let error = try #require(throws: PostgresError.self) { try victim.query("SELECT 1") }
            #expect(error.kind == .connectionLost)
            #expect(!victim.isConnected)
            #expect(!victim.isInTransaction)
            let again = try #require(throws: PostgresError.self) { try victim.transaction { try victim.query("SELECT 1") } }
            #expect(again.kind == .connectionLost)
        }
    }

    @Test func typedGettersThrowDecodingErrorsOnRealRows() throws {
        try withTestConnection { db throws in
            let row = try #require(try db.queryOne("SELECT 'x'::text AS t, NULL::int AS n, 5 AS i"))
            #expect(throws: PostgresDecodingError.typeMismatch(column: "t", expected: "integer", found: "text")) {
                try row.int("t")
            }
            #expect(throws: PostgresDecodingError.typeMismatch(column: "n", expected: "integer", found: "NULL")) {
                try row.int("n")
            }
            #expect(try row.optionalInt("n") == nil)
            #expect(throws: PostgresDecodingError.typeMismatch(column: "i", expected: "text", found: "bigint")) {
                try row.string("i")
            }
            #expect(throws: PostgresDecodingError.missingColumn("nope", available: ["t", "n", "i"])) {
                try row.bool("nope")
            }
            #expect(throws: PostgresDecodingError.indexOutOfRange(3, columnCount: 3)) { try row.bytes(at: 3) }
        }
    }
}
