import Foundation
import MarksTestSupport
import SQLiteDatabase
import Testing

/// `marks import` of more bookmarks than the index writes inside the import (`IndexCatchUp.defaultThreshold`) beside a
/// running `marks serve`: the command marks the index behind and queues the catch-up in the shared jobs table, and the
/// server's runner picks it up — the imported bookmarks reach the search index without a restart. Real binaries.
@Suite struct IndexCatchUpServeTests {
    @Test(.timeLimit(.minutes(4))) func aLargeImportBesideARunningServerIsIndexedByTheServer() async throws {
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        let server = try RunningProcess(MarksBinary.executable, ["serve", "--port", "0"], environment: marks.environment)
        let banner = await server.output(containing: "http://")
        #expect(banner.contains("http://"), "marks serve did not start: \(banner)")

        let file = marks.home.appendingPathComponent("large.html")
        try CrashTests.bookmarkFile(2_500).write(to: file, atomically: true, encoding: .utf8)
        let imported = try await marks.run(["import", file.path])
        #expect(imported.code == 0, "\(imported.stderr)")

        let database = marks.home.appendingPathComponent("data/marks/marks.sqlite").path
        var indexed = 0
        // Before, the rows waited for the server's next start.
        await eventually(within: .seconds(150), every: .milliseconds(500)) {
            indexed = (try? Self.indexedDocuments(database)) ?? indexed
            return indexed == 2_500
        }
        let ending = await server.stop()
        #expect(indexed == 2_500, "server log: \(ending.stderr.suffix(2000))")
    }

    /// How many documents the search index in `path` holds, and 0 while it is still behind.
    static func indexedDocuments(_ path: String) throws -> Int {
        let database = try Database(path: path, readerCount: 1)
        return try database.read { connection in
            guard try connection.queryOne("SELECT 1 FROM index_state WHERE key = 'behind'") == nil else { return 0 }
            return try connection.queryOne("SELECT count(*) FROM index_documents")?.int(at: 0) ?? 0
        }
    }
}
