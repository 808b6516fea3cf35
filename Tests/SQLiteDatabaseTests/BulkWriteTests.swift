import Foundation
import Testing
import SQLiteDatabase

@Suite struct BulkWriteTests {
    static let schema = [Migration(id: 1, name: "parents and children", sql: """
        CREATE TABLE parent (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
        CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER NOT NULL REFERENCES parent (id));
        """)]

    /// Many rows to a statement, the last statement short; a row a constraint refuses (a repeat of a unique name)
    /// is not skipped quietly: it throws, and the caller's transaction takes the batch back.
    @Test func aBatchInsertsEveryRowOrThrows() throws {
        try withTemporaryDirectory { dir in
            let database = try Database(path: dir + "/bulk.sqlite", migrations: Self.schema)
            try database.write { db in
                var rows = BatchInsert(db, into: "parent", columns: ["id", "name"], rowsPerStatement: 100)
                for id in 1...250 { try rows.append([SQLValue(id), SQLValue("p\(id)")]) }
                try rows.flush()
            }
            #expect(try database.read { try $0.queryOne("SELECT count(*), sum(id) FROM parent")?.int(at: 1) } == 250 * 251 / 2)
            #expect(throws: SQLiteError.self) {
                try database.write { db in
                    var rows = BatchInsert(db, into: "parent", columns: ["id", "name"])
                    try rows.append([SQLValue(251), SQLValue("p251")])
                    try rows.append([SQLValue(252), SQLValue("p1")])
                    try rows.flush()
                }
            }
            #expect(try database.read { try $0.queryOne("SELECT count(*) FROM parent")?.int(at: 0) } == 250, "nothing of it kept")
            #expect(throws: SQLiteError.self) {
                try database.write { db in
                    var rows = BatchInsert(db, into: "parent", columns: ["id", "name"])
                    try rows.append([SQLValue(1)])
                }
            }
        }
    }

    /// A bulk write checks no foreign key and leaves its commit in the log (over the 1,000 pages at which a commit
    /// would copy it); a checkpoint from a connection of its own then copies it; the writer has both settings back.
    @Test func aBulkWriteChecksNoKeyLeavesTheLogAndRestoresBoth() throws {
        try withTemporaryDirectory { dir in
            let database = try Database(path: dir + "/bulk.sqlite", migrations: Self.schema)
            let padding = String(repeating: "x", count: 4_000)
            try database.bulkWrite { db in
                var parents = BatchInsert(db, into: "parent", columns: ["id", "name"], rowsPerStatement: 10)
                for id in 1...1_500 { try parents.append([SQLValue(id), SQLValue("\(id) \(padding)")]) }
                try parents.flush()
                var children = BatchInsert(db, into: "child", columns: ["id", "parent_id"])
                for id in 1...500 { try children.append([SQLValue(id), SQLValue(100_000 + id)]) }
                try children.flush()
            }
            #expect(try database.checkpointBesideWriter() > 1_000, "the bulk write's commit was left in the log")
            let settings = try database.write { db in
                (try db.queryOne("PRAGMA foreign_keys")?.int(at: 0), try db.queryOne("PRAGMA wal_autocheckpoint")?.int(at: 0))
            }
            #expect(settings.0 == 1 && settings.1 == 1_000)
            #expect(throws: SQLiteError.self, "keys are checked again") {
                try database.write { db in try db.run("INSERT INTO child (id, parent_id) VALUES (9999, 9999)") }
            }
            try database.checkpoint()
            #expect(try database.read { try $0.queryOne("SELECT count(*) FROM child")?.int(at: 0) } == 500)
        }
    }

    /// A bulk write that throws takes everything back and still gives the writer its settings back.
    @Test func aFailedBulkWriteLeavesNothingAndTheKeysChecked() throws {
        struct Stop: Error {}
        try withTemporaryDirectory { dir in
            let database = try Database(path: dir + "/bulk.sqlite", migrations: Self.schema)
            #expect(throws: Stop.self) {
                try database.bulkWrite { db in
                    try db.run("INSERT INTO child (id, parent_id) VALUES (1, 42)")
                    throw Stop()
                }
            }
            #expect(try database.read { try $0.queryOne("SELECT count(*) FROM child")?.int(at: 0) } == 0)
            #expect(try database.write { try $0.queryOne("PRAGMA foreign_keys")?.int(at: 0) } == 1)
        }
    }
}
