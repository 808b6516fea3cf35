import Foundation
import MarksIndex
import MarksDocuments
import MarksTestSupport
import SQLiteDatabase
import Synchronization
import SystemSupport

/// A sources library over a real `marks.sqlite` in a temp dir, with the real extraction tools and the search
/// index observing it.
struct SourceFixture {
    let directory: TemporaryDirectory
    let database: Database
    let index: SearchIndex
    let library: DocumentLibrary
    let warnings = WarningLog()

    init(tools: DocumentExtractor.Tools = .find(path: nil), limits: DocumentLimits = DocumentLimits(),
         processLimits: ProcessLimits = DocumentExtractor.defaultLimits,
         now: @escaping @Sendable () -> Date = { Date(timeIntervalSince1970: 1_800_000_000) }) throws {
        directory = try TemporaryDirectory(prefix: "marks-sources")
        database = try Database(path: directory.file("marks.sqlite").path)
        index = try SearchIndex(database: database, dimension: 8)
        let log = warnings
        library = try DocumentLibrary(database: database, directory: directory.file("sources"),
                                    extractor: DocumentExtractor(tools: tools, limits: processLimits, maximumTextBytes: limits.maximumTextBytes),
                                    limits: limits, observer: index.documentObserver(warn: { log.add($0) }),
                                    now: now)
    }

    var sourcesDirectory: URL { directory.file("sources") }

    /// The library opened again over the same database and directory (as the next start of Marks opens it).
    func reopened(now: @escaping @Sendable () -> Date = { Date(timeIntervalSince1970: 1_800_000_000) },
                  leftoverAge: TimeInterval = DocumentLibrary.leftoverAge) throws -> DocumentLibrary {
        try DocumentLibrary(database: database, directory: sourcesDirectory, extractor: library.extractor, limits: library.limits,
                          now: now, leftoverAge: leftoverAge)
    }

    /// Writes a file into the fixture's directory (outside `sources/`) and returns its URL.
    func file(_ name: String, _ bytes: [UInt8]) throws -> URL {
        let url = directory.file("input-" + UUID().uuidString).appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
        return url
    }

    /// Every file under `sources/` (relative paths).
    func storedFiles() -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: sourcesDirectory.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: sourcesDirectory.appendingPathComponent(path).path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }.sorted()
    }

    /// Rows in `sources`.
    func rowCount() throws -> Int {
        try database.read { try $0.queryOne("SELECT COUNT(*) FROM sources")?.int(at: 0) ?? -1 }
    }
}

/// Warnings an observer reported.
final class WarningLog: Sendable {
    private let lines = Mutex<[String]>([])
    func add(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}
