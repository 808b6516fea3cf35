import Foundation
import Testing
@testable import SQLiteDatabase

@Suite struct MigrationNamespaceTests {
    @Test func modulesSharingAFileKeepTheirOwnIDs() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ns-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) } // safe: test cleanup
        let path = dir.appendingPathComponent("shared.sqlite").path
        let store = [Migration(id: 1, name: "store", sql: "CREATE TABLE a (x INTEGER)")]
        let cache = [Migration(id: 1, name: "cache", sql: "CREATE TABLE b (y INTEGER)"),
                     Migration(id: 2, name: "cache-2", sql: "CREATE TABLE c (z INTEGER)")]
        do {
            let db = try Database(path: path)
            #expect(try db.migrate(namespace: "store", store) == [1])
            #expect(try db.migrate(namespace: "cache", cache) == [1, 2])
        }
        let reopened = try Database(path: path)
        #expect(try reopened.migrate(namespace: "store", store) == [])
        #expect(try reopened.migrate(namespace: "cache", cache) == [])
        #expect(throws: MigrationError.self) { try reopened.migrate(namespace: "cache", Array(cache.prefix(1))) }
        #expect(try reopened.read { try $0.query("SELECT name FROM sqlite_master WHERE type='table' AND name IN ('a','b','c')").count } == 3)
    }
}
