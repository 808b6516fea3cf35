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

    @Test func syncsADirectory() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) } // safe: test cleanup
        try AtomicFile.syncDirectory(folder)
        #expect(throws: AtomicFile.WriteError.self) { try AtomicFile.syncDirectory(folder.appendingPathComponent("missing")) }
    }
}
