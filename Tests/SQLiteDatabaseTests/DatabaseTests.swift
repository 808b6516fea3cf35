import Foundation
import Dispatch
import Testing
@testable import SQLiteDatabase

private struct Abort: Error {}

@Suite struct DatabaseTests {
    static let schema = [
        Migration(id: 1, name: "pairs", sql: "CREATE TABLE a (n INTEGER NOT NULL); CREATE TABLE b (n INTEGER NOT NULL)"),
    ]

    private static func counts(_ connection: Connection) throws -> (a: Int, b: Int) {
        let row = try #require(try connection.queryOne("SELECT (SELECT count(*) FROM a) AS a, (SELECT count(*) FROM b) AS b"))
        return (try row.int("a"), try row.int("b"))
    }

    @Test func writesAreVisibleToReadersOnceCommitted() throws {
        try withTemporaryDirectory { dir throws in
            let db = try Database(path: dir + "/db.sqlite", migrations: Self.schema)
            #expect(db.path == dir + "/db.sqlite")
            try db.write { try $0.run("INSERT INTO a VALUES (1)") }
            for _ in 0..<8 { // every reader in the pool
                #expect(try db.read { try Self.counts($0).a } == 1)
            }
            let mode = try db.read { try $0.queryOne("PRAGMA journal_mode")?.string(at: 0) }
            #expect(mode == "wal")
            let foreignKeys = try db.read { try $0.queryOne("PRAGMA foreign_keys")?.int(at: 0) }
            #expect(foreignKeys == 1)
        }
    }

    /// An idle server gives SQLite's page caches back (issue 15): `releaseCaches` empties the cache of every connection
    /// no one is using, skips one that is in use, and the next read fills the cache again with the same answers.
    @Test func releasingCachesEmptiesTheCachesOfIdleConnectionsOnly() throws {
        try withTemporaryDirectory { dir throws in
            let db = try Database(path: dir + "/db.sqlite", migrations: Self.schema, readerCount: 1)
            try db.write { try $0.run("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 50000) INSERT INTO a SELECT i FROM n") }
            let filled = try db.read { connection in
                _ = try Self.counts(connection)
                return connection.pageCacheBytes
            }
            #expect(filled > 100_000, "reading 50,000 rows fills the reader's cache")
            let (whileReading, kept) = try db.read { connection in (db.releaseCaches(), connection.pageCacheBytes) }
            #expect(whileReading == 1, "only the writer was free; the reader was in use")
            #expect(kept >= filled, "a reader in use keeps its cache")
            #expect(db.releaseCaches() == 2)
            #expect(try db.read { $0.pageCacheBytes } < filled / 4)
            #expect(try db.read { try Self.counts($0).a } == 50_000)
            #expect(try db.read { $0.pageCacheBytes } >= filled / 2, "the next read fills it again")
            #expect(Database.releaseAllCaches() >= 2, "every open database is reached")
        }
    }

    /// Issue 16, fix 11: a commit that returned survives power loss (`synchronous = FULL` on the writer, 2) unless
    /// the file holds only rebuildable data and says so (`NORMAL`, 1).
    @Test func commitsAreDurableUnlessToldOtherwise() throws {
        try withTemporaryDirectory { dir throws in
            let durable = try Database(path: dir + "/durable.sqlite", migrations: Self.schema)
            #expect(try durable.write { try $0.queryOne("PRAGMA synchronous")?.int(at: 0) } == 2)
            let rebuildable = try Database(path: dir + "/index.sqlite", migrations: Self.schema, durability: .normal)
            #expect(try rebuildable.write { try $0.queryOne("PRAGMA synchronous")?.int(at: 0) } == 1)
        }
    }

    @Test func writeRollsBackWhenTheBodyThrows() throws {
        try withTemporaryDirectory { dir throws in
            let db = try Database(path: dir + "/db.sqlite", migrations: Self.schema)
            #expect(throws: Abort.self) {
                try db.write { connection in
                    #expect(connection.isInTransaction)
                    try connection.run("INSERT INTO a VALUES (1)")
                    throw Abort()
                }
            }
            #expect(try db.read { try Self.counts($0).a } == 0)
            #expect(try db.write { try Self.counts($0).a } == 0)
        }
    }

    @Test func readersAreReadOnly() throws {
        try withTemporaryDirectory { dir throws in
            let db = try Database(path: dir + "/db.sqlite", migrations: Self.schema)
            let error = try #require(throws: SQLiteError.self) { try db.read { try $0.run("INSERT INTO a VALUES (1)") } }
            #expect(error.code == 8) // SQLITE_READONLY
            #expect(try db.read { try Self.counts($0).a } == 0)
        }
    }

    @Test func aTransactionLeftOpenIsRolledBackAndReported() throws {
        try withTemporaryDirectory { dir throws in
            let db = try Database(path: dir + "/db.sqlite", migrations: Self.schema)
            #expect(throws: SQLiteError.self) {
                try db.writeWithoutTransaction { connection in
                    try connection.execute("BEGIN; INSERT INTO a VALUES (1)")
                }
            }
            #expect(throws: Abort.self) {
                try db.writeWithoutTransaction { connection in
                    try connection.execute("BEGIN; INSERT INTO a VALUES (2)")
                    throw Abort()
                }
            }
            #expect(try db.write { $0.isInTransaction })
            #expect(try db.read { try Self.counts($0).a } == 0)
            try db.writeWithoutTransaction { try $0.execute("VACUUM") }
        }
    }

    @Test(arguments: [1, 4])
    func readersInParallelWithAWriterSeeConsistentCommittedSnapshots(readerCount: Int) async throws {
        try await withTemporaryDirectory { dir async throws in
            let db = try Database(path: dir + "/db.sqlite", migrations: Self.schema, readerCount: readerCount)
            let writes = 150
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for number in 1...writes {
                        try db.write { connection in
                            try connection.run("INSERT INTO a VALUES (?)", [.integer(Int64(number))])
                            try connection.run("INSERT INTO b VALUES (?)", [.integer(Int64(number))])
                        }
                        // Committed data is visible to the very next read.
                        #expect(try db.read { try Self.counts($0).a } >= number)
                    }
                }
                for _ in 0..<6 {
                    group.addTask {
                        var last = 0
                        for _ in 0..<150 {
                            let counts = try db.read { try Self.counts($0) }
                            #expect(counts.a == counts.b) // one snapshot per read
                            #expect(counts.a >= last) // never goes back in time
                            last = counts.a
                        }
                    }
                }
                try await group.waitForAll()
            }
            #expect(try db.read { try Self.counts($0) } == (writes, writes))
        }
    }

    @Test func usableFromPlainThreads() throws {
        try withTemporaryDirectory { dir throws in
            let db = try Database(path: dir + "/db.sqlite", migrations: Self.schema, readerCount: 2)
            DispatchQueue.concurrentPerform(iterations: 40) { index in
                #expect(throws: Never.self) {
                    if index.isMultiple(of: 2) {
                        try db.write { try $0.run("INSERT INTO a VALUES (?)", [.integer(Int64(index))]) }
                    } else {
                        _ = try db.read { try Self.counts($0) }
                    }
                }
            }
            #expect(try db.read { try Self.counts($0).a } == 20)
        }
    }

    @Test(arguments: [":memory:", ""])
    func aDatabaseNeedsAFile(_ path: String) {
        #expect(throws: SQLiteError.self) { try Database(path: path, migrations: Self.schema) }
    }

    @Test func closingTheDatabaseReleasesEveryFile() throws {
        try withTemporaryDirectory { dir throws in
            do {
                let db = try Database(path: dir + "/db.sqlite", migrations: Self.schema)
                try db.write { try $0.run("INSERT INTO a VALUES (1)") }
                _ = try db.read { try Self.counts($0) }
                #expect(try openFileCount(in: dir) >= 5) // the writer and four readers
            }
            #expect(try openFileCount(in: dir) == 0)
        }
    }

    /// A cache release that holds the connections when their database is let go does not keep the files open: the
    /// database closes them as it goes, and the release then finds nothing to free.
    @Test func aCacheReleaseDoesNotKeepAClosedDatabaseOpen() throws {
        try withTemporaryDirectory { dir throws in
            let held: ConnectionLock
            do {
                let db = try Database(path: dir + "/db.sqlite", migrations: Self.schema)
                try db.write { try $0.run("INSERT INTO a VALUES (1)") }
                held = db.writer // what `OpenDatabases.all()` hands a release: the connection's lock, not the database
                #expect(OpenDatabases.all().contains { $0 === held })
                #expect(try openFileCount(in: dir) >= 5)
            }
            #expect(try openFileCount(in: dir) == 0)
            #expect(!held.releaseMemoryIfIdle(), "a closed connection has nothing to free")
            #expect(throws: SQLiteError.self) { try held.withConnection { _ in 1 } }
        }
    }

    /// Reads one after another all land on the first reader, whose cache is the large one; a read that starts while
    /// the first reader is busy takes another, with the small cache.
    @Test func lightTrafficKeepsToTheFirstReaderAndItsLargerCache() throws {
        try withTemporaryDirectory { dir throws in
            let db = try Database(path: dir + "/db.sqlite", migrations: Self.schema, readerCaches: .warmFirst)
            let cacheSize: @Sendable (Connection) throws -> Int = { try #require(try $0.queryOne("PRAGMA cache_size")).int(at: 0) }
            for _ in 0..<20 { #expect(try db.read(cacheSize) == -8 * 1_024) }
            let firstIsBusy = DispatchSemaphore(value: 0)
            let release = DispatchSemaphore(value: 0)
            let done = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                _ = try? db.read { connection in
                    firstIsBusy.signal()
                    release.wait()
                    return try cacheSize(connection)
                }
                done.signal()
            }
            firstIsBusy.wait()
            #expect(try db.read(cacheSize) == -1 * 1_024, "the first reader is busy: the next free one takes the read")
            release.signal()
            done.wait()
            #expect(try db.read(cacheSize) == -8 * 1_024)
            let plain = try Database(path: dir + "/plain.sqlite", migrations: Self.schema)
            #expect(try plain.read(cacheSize) == -2_000, "SQLite's own default is left alone")
        }
    }
}
