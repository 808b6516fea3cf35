import Foundation
import Testing
@testable import SystemSupport

@Suite struct AtomicFileTests {
    private func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func writesTheDataWithExactlyTheModeAndLeavesNoTempFile() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) } // safe: test cleanup
        let file = folder.appendingPathComponent("nested/data.json")
        try AtomicFile.write(Data("one".utf8), to: file, mode: 0o640)
        #expect(try Data(contentsOf: file) == Data("one".utf8))
        #expect(AtomicFile.permissions(of: file) == 0o640)
        #expect(AtomicFile.permissions(of: file.deletingLastPathComponent()) == 0o700)
        try AtomicFile.write(Data("two".utf8), to: file, mode: 0o600)
        #expect(try Data(contentsOf: file) == Data("two".utf8))
        #expect(AtomicFile.permissions(of: file) == 0o600)
        let names = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
        #expect(names == ["data.json"])
    }

    @Test func aFailedWriteKeepsTheOldFileAndSaysWhere() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) } // safe: test cleanup
        let target = folder.appendingPathComponent("taken")
        try FileManager.default.createDirectory(at: target.appendingPathComponent("inside"), withIntermediateDirectories: true)
        // Renaming a file over a non-empty directory fails: the directory stays, no temp file is left.
        #expect(throws: AtomicFile.WriteError.self) { try AtomicFile.write(Data("x".utf8), to: target) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["taken"])
    }

    /// A streamed write: the target appears whole when the producer returns; one that throws leaves the old file and
    /// no temp file. Many writes without syncs, then one sync of the file system.
    @Test func aStreamedWriteAppearsOnlyWhole() async throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) } // safe: test cleanup
        let file = folder.appendingPathComponent("export.json")
        let count = try await AtomicFile.write(to: file, mode: 0o640) { write in
            for part in ["{", "\"a\":1", "}"] { try write(Data(part.utf8)) }
            return 3
        }
        let written = try Data(contentsOf: file)
        #expect(count == 3 && written == Data("{\"a\":1}".utf8) && AtomicFile.permissions(of: file) == 0o640)
        struct Stop: Error {}
        await #expect(throws: Stop.self) {
            try await AtomicFile.write(to: file) { write in
                try write(Data("half".utf8))
                throw Stop()
            }
        }
        #expect(try Data(contentsOf: file) == Data("{\"a\":1}".utf8), "the old file stays")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["export.json"], "no temp file left")
        for index in 0..<20 { try AtomicFile.write(Data("\(index)".utf8), to: folder.appendingPathComponent("n\(index).md"), durable: false) }
        AtomicFile.syncFileSystems()
        #expect(try String(contentsOf: folder.appendingPathComponent("n19.md"), encoding: .utf8) == "19")
    }

    @Test func syncsADirectory() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) } // safe: test cleanup
        try AtomicFile.syncDirectory(folder)
        #expect(throws: AtomicFile.WriteError.self) { try AtomicFile.syncDirectory(folder.appendingPathComponent("missing")) }
    }
}
