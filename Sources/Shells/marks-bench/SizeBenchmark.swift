import Foundation
import HTTPClient
import MarksAssembly
import MarksCore
import MarksEngine
import MarksIndex
import SQLiteDatabase

/// `make bench` section `size` (issue 36's size lines): the Debian-like library of 100,000 bookmarks (`DebianLibrary`)
/// written as a Netscape file, imported by the real `marks import` and indexed by the real `marks index` (no model in
/// its environment, so no vectors) into a fresh data directory. Printed: `marks.sqlite`'s pages in use (the free list
/// not counted) against the targets, and each owner's share by SQLite's `dbstat` (the embedded store's
/// tables, the search index's, the rest, and the largest tables). Then every text waiting for a vector is given a
/// random unit vector through the index's own write path (`storeVectors`, the quantised rows), and the file is packed
/// as a vector run packs it (`SearchIndex.pack`), for the size with the semantic index. linkding 1.46.2 needs 74 MB
/// for such a library (measured for the issue, not in this run). Last, `marks serve` on that data directory with the
/// model installed (as a user's server has it): its resident memory (`memoryLines`).
enum SizeBenchmark {
    static let bookmarks = 100_000
    static let withoutVectorsTarget = 90.0
    static let withVectorsTarget = 150.0

    static func run() async throws -> [String] {
        let environment = ProcessInfo.processInfo.environment
        let library = try DebianLibrary.documents(size: bookmarks, evaluation: QualityReport.evaluationDirectory(environment: environment))
        let scratch = try BenchSupport.temporaryDirectory("size")
        defer { LibraryBenchmark.remove(scratch) }
        let file = scratch.appendingPathComponent("library.html")
        let entries = library.documents.enumerated().map { offset, document in
            NetscapeEntry(url: document.url, title: document.title, description: document.description, tags: document.tagNames,
                          dateAdded: Date(timeIntervalSince1970: 1_600_000_000 + Double(offset) * 60), unread: offset % 4 == 0)
        }
        try Data(NetscapeBookmarkFile.write(entries).utf8).write(to: file)
        let data = scratch.appendingPathComponent("data")
        var isolated = LibraryBenchmark.isolatedEnvironment(scratch)
        isolated["MARKS_DATA_DIR"] = data.path
        let importSeconds = try BenchSupport.time { _ = try LibraryBenchmark.marks(["import", file.path], environment: isolated) }
        // Without the model `marks index` brings the full text current and exits 1, saying how many texts wait for vectors.
        let indexSeconds = try BenchSupport.time {
            _ = try LibraryBenchmark.marks(["index"], environment: isolated, acceptedExits: [0, 1])
        }
        let path = data.appendingPathComponent("marks.sqlite").path
        let index = try SearchIndex(path: path)
        let before = try Usage(index.database)
        var lines = [
            String(format: "%d bookmarks (%d Debian packages, the rest synthetic), a %.1f MB Netscape file: marks import %.1f s, "
                   + "marks index without the model %.1f s", bookmarks, library.packages, megabytes(try fileSize(file.path)),
                   importSeconds, indexSeconds),
            String(format: "marks.sqlite without vectors: %.1f MB in use (target ≤ %.0f MB, 1.2× linkding's 74 MB: %@); "
                   + "the store %.1f MB, the search index %.1f MB, the rest %.1f MB", megabytes(before.total), withoutVectorsTarget,
                   verdict(megabytes(before.total) <= withoutVectorsTarget), megabytes(before.owner("store_")),
                   megabytes(before.owner("index_")), megabytes(before.total - before.owner("store_") - before.owner("index_"))),
            "largest: " + before.largest(8).map { String(format: "%@ %.1f", $0.name, megabytes($0.bytes)) }.joined(separator: ", ") + " (MB)",
        ]
        var random = SyntheticText(seed: 36)
        var vectors = 0
        var pending = try index.pendingTexts(limit: 5000)
        while !pending.isEmpty {
            try index.storeVectors(pending.map { ($0.contentHash, random.unitVector(dimension: index.dimension)) })
            vectors += pending.count
            pending = try index.pendingTexts(limit: 5000)
        }
        // As the vector run does when it stored this many (`VectorIndexer.packAfter`).
        if vectors >= SearchIndex.packAfterAdding { try index.pack() }
        let after = try Usage(index.database)
        lines.append(String(format: "with the semantic index (%d vectors, random unit vectors through the index's write path): "
                            + "%.1f MB in use (target ≤ %.0f MB, 2× linkding's: %@); vectors %.1f MB",
                            vectors, megabytes(after.total), withVectorsTarget, verdict(megabytes(after.total) <= withVectorsTarget),
                            megabytes(after.table("index_vectors"))))
        if let keep = ProcessInfo.processInfo.environment["MARKS_BENCH_KEEP_LIBRARY"] {
            // For a closer look (sqlite3, a marks serve of one's own) at the very directory measured.
            _ = try BenchSupport.run("/bin/cp", ["-r", data.path, keep])
        }
        lines += try await memoryLines(data: data)
        return lines
    }

    /// `marks serve --model-idle 20` (the default is 300, shortened so the bench sees the release) on that directory:
    /// its resident memory once its start-up work (the jobs a start queues: enrichment, collections) is over and it has
    /// been idle 5 s; after a semantic search and 5 s idle; and after 25 s more, when the model and the vectors were let
    /// go, with the time of the search that loads them again.
    private static func memoryLines(data: URL) async throws -> [String] {
        let idle = 20
        let server = try ServerProcess(extraArguments: ["--model-idle", String(idle)], dataDirectory: data)
        defer { server.stop() }
        let pid = Int(server.process.processIdentifier)
        let busy = try await untilQuiet(pid)
        try await Task.sleep(for: .seconds(5))
        let started = APIBenchmark.residentMegabytes(pid)
        let root = CompositionRoot(settings: Settings(dataDirectory: data), context: ProcessContext(environment: [:]))
        let client = HTTPClient(name: "marks-bench-size")
        let cookie = try await WebPagesBenchmark.signIn(client, link: try root.ownerAuth().signInLink(baseURL: server.baseURL))
        let headers = [HTTPHeaderField(name: "Cookie", value: cookie)]
        let search = server.baseURL + "/search?q=a%20game%20about%20ancient%20armies&mode=semantic"
        let first = try await WebPagesBenchmark.timing(client, search, headers: headers)
        try await Task.sleep(for: .seconds(5))
        let searched = APIBenchmark.residentMegabytes(pid)
        try await Task.sleep(for: .seconds(idle + 5))
        let released = APIBenchmark.residentMegabytes(pid)
        let again = try await WebPagesBenchmark.timing(client, search, headers: headers)
        return [String(format: "marks serve --model-idle %d on it: start-up work %.0f CPU-s; then 5 s idle: %.1f MB resident "
                       + "(target ≤ 100 MB: %@)", idle, busy, started, verdict(started <= 100)),
                String(format: "a semantic search %.0f ms (loads the model and the vectors), 5 s later %.1f MB; %d s unused, "
                       + "model and vectors let go: %.1f MB; the next semantic search %.0f ms",
                       first, searched, idle + 5, released, again)]
    }

    /// Waits until the process has used under 5 % of a core for 3 seconds in a row (at most 10 minutes); returns the CPU
    /// seconds it used until then.
    private static func untilQuiet(_ pid: Int) async throws -> Double {
        var quietSeconds = 0
        var last = cpuSeconds(pid)
        for _ in 0..<600 where quietSeconds < 3 {
            try await Task.sleep(for: .seconds(1))
            let now = cpuSeconds(pid)
            quietSeconds = now - last < 0.05 ? quietSeconds + 1 : 0
            last = now
        }
        return last
    }

    /// User and system CPU seconds of a process (`/proc/PID/stat`, at 100 ticks a second; 0 when it cannot be read).
    private static func cpuSeconds(_ pid: Int) -> Double {
        let text: String
        do {
            text = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        } catch {
            return 0  // the process is gone: the wait ends on the zeros
        }
        let fields = text.split(separator: ")").last?.split(separator: " ") ?? []
        // After the command's closing parenthesis: state is field 0, utime field 11, stime field 12.
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / 100
    }

    /// Bytes in use per table or index of one database (`dbstat`), and in all.
    struct Usage {
        let bytes: [String: Int]
        let total: Int

        init(_ database: Database) throws {
            let rows = try database.read { connection in
                try connection.query("SELECT name, SUM(pgsize) FROM dbstat GROUP BY name").map { (try $0.string(at: 0), try $0.int(at: 1)) }
            }
            bytes = Dictionary(rows, uniquingKeysWith: +)
            total = rows.reduce(0) { $0 + $1.1 }
        }

        /// What the tables starting with `prefix` take, with their indexes (`sqlite_autoindex_<table>_N` included).
        func owner(_ prefix: String) -> Int {
            bytes.filter { $0.key.hasPrefix(prefix) || $0.key.hasPrefix("sqlite_autoindex_" + prefix) }.values.reduce(0, +)
        }

        func table(_ name: String) -> Int { bytes[name] ?? 0 }

        func largest(_ count: Int) -> [(name: String, bytes: Int)] {
            bytes.sorted { $0.value > $1.value }.prefix(count).map { ($0.key, $0.value) }
        }
    }

    private static func fileSize(_ path: String) throws -> Int {
        try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
    }

    private static func megabytes(_ bytes: Int) -> Double { Double(bytes) / 1_048_576 }

    private static func verdict(_ met: Bool) -> String { met ? "met" : "MISSED" }
}
