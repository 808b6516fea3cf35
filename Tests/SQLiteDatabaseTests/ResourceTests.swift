import Testing
import SQLiteDatabase

@Suite struct ResourceTests {
    @Test func openingAndClosingAThousandConnectionsLeaksNoDescriptors() throws {
        try withTemporaryDirectory { dir throws in
            let path = dir + "/many.sqlite"
            do {
                let setup = try Connection(path: path)
                try makeValueTable(setup)
            }
            for number in 0..<1000 {
                let connection = try Connection(path: path, options: .init(readOnly: number.isMultiple(of: 2)))
                let statement = try connection.prepare("SELECT count(*) FROM t")
                _ = try statement.step()
            }
            #expect(try openFileCount(in: dir) == 0)

            var held: [Connection] = []
            for _ in 0..<10 {
                held.append(try Connection(path: path))
            }
            #expect(try openFileCount(in: dir) >= 10)
            held.removeAll()
            #expect(try openFileCount(in: dir) == 0)
        }
    }

    @Test func failedOpensLeakNoDescriptors() throws {
        try withTemporaryDirectory { dir throws in
            for _ in 0..<200 {
                #expect(throws: SQLiteError.self) {
                    try Connection(path: dir + "/missing.sqlite", options: .init(readOnly: true))
                }
            }
            #expect(try openFileCount(in: dir) == 0)
        }
    }

    @Test func inMemoryConnectionsAreIndependent() throws {
        let first = try Connection(path: ":memory:")
        let second = try Connection(path: ":memory:")
        try makeValueTable(first)
        #expect(try first.queryOne("SELECT count(*) FROM t")?.int(at: 0) == 0)
        #expect(throws: SQLiteError.self) { try second.query("SELECT count(*) FROM t") }
    }
}
