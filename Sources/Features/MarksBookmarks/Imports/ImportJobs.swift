import Foundation
import MarksJobs
import SQLiteDatabase
import Synchronization
import SystemSupport
#if canImport(Glibc)
import Glibc
#endif

/// Imports started from Settings → Import, run as `library.import` jobs on the one job runner. The upload is staged
/// first (`<data>/imports/<id>.html`, 0600, written atomically), a row in `web_imports` records the import, and the
/// job runs the same importer as `marks import` (`LibraryService.importNetscape`: into the embedded store one
/// streaming transaction) on the job threads and its importer's own threads. The page reads the row; while the job
/// writes, the counts come from the job's handler in this process (the one transaction holds `marks.sqlite`'s
/// writer, so counts cannot be written beside it). When the job ends the row holds the report or the reason, and the
/// staged file is removed.
///
/// An import still queued when the server stops runs at the next start. A restart never re-runs an import that had
/// begun (it is one transaction into the embedded store, and a partial run through the linkding API cannot be told
/// from a finished one): an import the server stopped or died during is marked
/// `interrupted` with the reason the next time its job is taken up (at the next start), so none is lost silently —
/// the person uploads the file again, which updates what a partial run through the linkding API saved.
public final class ImportJobs: Sendable {
    /// The job kind.
    public static let jobKindName = "library.import"
    /// Imports kept in the table (the newest).
    public static let kept = 20
    /// The staging folder's name in the data directory.
    static let folderName = "imports"

    let database: Database
    /// Where uploads wait for their job.
    let directory: URL
    /// The runner imports are queued on.
    public let jobs: JobRunner
    let now: @Sendable () -> Date
    /// The counts of the imports running in this process, by id (the handler's progress).
    let live = Mutex<[String: (done: Int, total: Int)]>([:])

    /// The imports in `database`'s `web_imports` table, staged under `dataDirectory`, queued on `jobs`. Applies the
    /// table's migrations, then tidies what a crash can leave: an import whose job was given up on (or is gone) is
    /// marked interrupted, and a staged file no waiting import owns is removed.
    public init(database: Database, dataDirectory: URL, jobs: JobRunner, now: @escaping @Sendable () -> Date) throws {
        self.database = database
        directory = dataDirectory.appendingPathComponent(Self.folderName)
        self.jobs = jobs
        self.now = now
        try ImportJobError.wrap { try database.migrate(namespace: ImportSchema.namespace, ImportSchema.migrations) }
        try tidy()
    }

    /// The job's payload.
    struct Payload: Codable, Sendable {
        var id: String
    }

    /// Stages `data` (the uploaded file, named `file`) as import `id` and queues its job. `id` is letters, digits,
    /// `-` and `_` (a URL-safe token).
    public func start(id: String, file: String, data: Data, foldersAsTags: Bool) async throws {
        guard Self.isValidID(id) else { throw ImportJobError.invalidID(id) }
        let staged = stagedFile(id)
        do {
            try AtomicFile.write(data, to: staged, mode: 0o600)
        } catch {
            throw ImportJobError.file(path: error.path, reason: error.reason)
        }
        let time = now().timeIntervalSince1970
        do {
            try ImportJobError.wrap {
                try database.write { db in
                    try db.run("""
                        INSERT INTO web_imports (id, file, folders_as_tags, state, created_at, updated_at)
                        VALUES (?, ?, ?, 'queued', ?, ?)
                        """, [SQLValue(id), SQLValue(file), SQLValue(foldersAsTags ? 1 : 0), SQLValue(time), SQLValue(time)])
                    // The newest are kept (never one still to run).
                    try db.run("""
                        DELETE FROM web_imports WHERE state NOT IN ('queued', 'running') AND id NOT IN
                            (SELECT id FROM web_imports ORDER BY created_at DESC, rowid DESC LIMIT ?)
                        """, [SQLValue(Self.kept)])
                }
            }
            let job = try await jobs.enqueue(try JobRequest(kind: Self.jobKindName, key: id, payload: Payload(id: id), maxAttempts: Self.retry.maxAttempts))
            try ImportJobError.wrap {
                try database.write { db in
                    try db.run("UPDATE web_imports SET job_id = ? WHERE id = ?", [SQLValue(job.id), SQLValue(id)])
                }
            }
        } catch {
            abandon(id)
            throw error
        }
    }

    /// The import `id` as the page shows it, or nil when it is not known (never started, or pruned).
    public func status(_ id: String) throws -> ImportStatus? {
        guard let row = try record(id) else { return nil }
        let state: ImportStatus.State
        switch row.state {
        case "done":
            state = .finished(try Self.decodeReport(row.report))
        case "failed":
            state = .failed(row.reason ?? "The import failed.")
        case "interrupted":
            state = .interrupted(row.reason ?? "the server stopped while it ran")
        default:
            // Queued or running. A job given up on (or gone) ended it without its handler: interrupted, with the job's reason.
            let job = try row.jobID.flatMap { try jobs.store.job(id: $0) }
            if row.jobID != nil, job == nil || job?.state == .failed || job?.state == .done {
                state = .interrupted(Self.reason(job?.lastError))
            } else if let counts = live.withLock({ $0[id] }) {
                state = .running(done: counts.done, total: counts.total)
            } else {
                state = .running(done: row.done, total: row.total)
            }
        }
        return ImportStatus(id: id, file: row.file, state: state)
    }

    // MARK: The table

    struct Record {
        var state: String
        var file: String
        var foldersAsTags: Bool
        var done: Int
        var total: Int
        var report: String?
        var reason: String?
        var jobID: Int64?
    }

    func record(_ id: String) throws -> Record? {
        try ImportJobError.wrap {
            try database.read { db in
                try db.queryOne("SELECT * FROM web_imports WHERE id = ?", [SQLValue(id)]).map { row in
                    Record(state: try row.string("state"), file: try row.string("file"), foldersAsTags: try row.bool("folders_as_tags"),
                           done: try row.int("done"), total: try row.int("total"), report: try row.optionalString("report"),
                           reason: try row.optionalString("reason"), jobID: try row.optionalInt64("job_id"))
                }
            }
        }
    }

    /// Moves import `id` to `state` (with its counts, report or reason).
    func record(_ id: String, state: String, done: Int = 0, total: Int = 0, report: ImportReport? = nil, reason: String? = nil) throws {
        let json: String?
        if let report {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            do {
                json = String(decoding: try encoder.encode(report), as: UTF8.self)
            } catch {
                throw ImportJobError.table("the report could not be encoded: \(error)")
            }
        } else {
            json = nil
        }
        try ImportJobError.wrap {
            try database.write { db in
                try db.run("""
                    UPDATE web_imports SET state = ?, done = ?, total = ?, report = ?, reason = ?, updated_at = ? WHERE id = ?
                    """, [SQLValue(state), SQLValue(done), SQLValue(total), SQLValue(json), SQLValue(reason),
                          SQLValue(now().timeIntervalSince1970), SQLValue(id)])
            }
        }
    }

    static func decodeReport(_ json: String?) throws -> ImportReport {
        guard let json else { throw ImportJobError.table("a finished import has no report") }
        do {
            return try JSONDecoder().decode(ImportReport.self, from: Data(json.utf8))
        } catch {
            throw ImportJobError.table("the report could not be read: \(error)")
        }
    }

    /// Why an import was cut short, for the page: its job's last note when it has one.
    static func reason(_ note: String?) -> String {
        guard let note, !note.isEmpty else { return "the server stopped while it ran" }
        return "the server stopped while it ran (\(note))"
    }

    /// Forgets an import whose start failed (its row and its staged file); what cannot be removed now is removed by
    /// the next start's tidy, and the start's own error is the one reported.
    private func abandon(_ id: String) {
        do {
            try removeStaged(id)
            try ImportJobError.wrap {
                try database.write { db in try db.run("DELETE FROM web_imports WHERE id = ? AND job_id IS NULL", [SQLValue(id)]) }
            }
        } catch {
            return  // the caller throws the start's error; tidy() removes what is left
        }
    }

    // MARK: Staged files

    func stagedFile(_ id: String) -> URL {
        directory.appendingPathComponent(id + ".html")
    }

    func removeStaged(_ id: String) throws {
        let path = stagedFile(id).path
        guard unlink(path) == 0 || errno == ENOENT else {
            throw ImportJobError.file(path: path, reason: String(cString: strerror(errno)))
        }
    }

    /// Marks interrupted the imports whose job was given up on or is gone, and removes staged files that no queued or
    /// running import owns (what a crash between the steps of `start` or of a run leaves).
    func tidy() throws {
        let waiting = try ImportJobError.wrap {
            try database.read { db in
                try db.query("SELECT id, job_id FROM web_imports WHERE state IN ('queued', 'running')").map {
                    (id: try $0.string("id"), job: try $0.optionalInt64("job_id"))
                }
            }
        }
        var owned = Set<String>()
        for entry in waiting {
            guard let jobID = entry.job else {
                owned.insert(entry.id)  // being started right now, or its start failed: the page says so once it has a job
                continue
            }
            let job = try jobs.store.job(id: jobID)
            if job == nil || job?.state == .failed {
                try record(entry.id, state: "interrupted", reason: Self.reason(job?.lastError))
            } else {
                owned.insert(entry.id)
            }
        }
        guard FileManager.default.fileExists(atPath: directory.path) else { return }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw ImportJobError.file(path: directory.path, reason: error.localizedDescription)
        }
        for name in names where name.hasSuffix(".html") && !owned.contains(String(name.dropLast(5))) {
            try removeStaged(String(name.dropLast(5)))
        }
    }

    /// True for the ids `start` accepts: 1–64 letters, digits, `-` and `_`.
    static func isValidID(_ id: String) -> Bool {
        !id.isEmpty && id.utf8.count <= 64 && id.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == 0x2D || byte == 0x5F
        }
    }
}
