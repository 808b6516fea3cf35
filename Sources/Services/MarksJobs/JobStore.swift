import Foundation
import SQLiteDatabase

/// The durable jobs table: enqueue (coalescing by kind and key), atomic claims, heartbeats, progress, and each way
/// a run ends. Every change is one IMMEDIATE transaction on the shared database, so several processes (a CLI
/// command beside `marks serve`) can use the same table; a claim is a single `UPDATE … RETURNING`.
public final class JobStore: Sendable {
    /// The database holding the `jobs` table.
    public let database: Database

    /// The store over `database`; applies the jobs migrations (namespace `jobs`).
    public init(database: Database) throws {
        self.database = database
        try JobError.wrap { try database.migrate(namespace: JobSchema.namespace, JobSchema.migrations) }
    }

    // MARK: Enqueue

    /// Adds a queued job, or coalesces into the queued job of the same kind and key (its run-after becomes the
    /// earlier of the two, its payload the newer). Returns the job and whether it coalesced.
    @discardableResult
    public func enqueue(_ request: JobRequest, maxAttempts: Int, now: Date) throws -> (job: Job, coalesced: Bool) {
        let runAfter = (request.runAfter ?? now).timeIntervalSince1970
        let attempts = max(1, request.maxAttempts ?? maxAttempts)
        return try JobError.wrap {
            try database.write { db in
                if let twin = try db.queryOne("SELECT id FROM jobs WHERE kind = ? AND key = ? AND state = 'queued'",
                                              [SQLValue(request.kind), SQLValue(request.key)]) {
                    let id = try twin.int64("id")
                    let row = try db.queryOne("""
                        UPDATE jobs SET run_after = min(run_after, ?), payload = ?, max_attempts = max(max_attempts, ?), updated_at = ?
                        WHERE id = ? RETURNING *
                        """, [SQLValue(runAfter), SQLValue(request.payload), SQLValue(attempts),
                              SQLValue(now.timeIntervalSince1970), SQLValue(id)])
                    return (try Self.job(try Self.require(row, id)), true)
                }
                let row = try db.queryOne("""
                    INSERT INTO jobs (kind, key, payload, state, attempts, max_attempts, run_after, created_at, updated_at)
                    VALUES (?, ?, ?, 'queued', 0, ?, ?, ?, ?) RETURNING *
                    """, [SQLValue(request.kind), SQLValue(request.key), SQLValue(request.payload), SQLValue(attempts),
                          SQLValue(runAfter), SQLValue(now.timeIntervalSince1970), SQLValue(now.timeIntervalSince1970)])
                return (try Self.job(try Self.require(row, 0)), false)
            }
        }
    }

    // MARK: Claims

    /// Claims the due queued job of `kind` that has waited longest, unless a job of the same kind and key is
    /// already running: it becomes `running`, owned by `owner`, with one more attempt counted. Nil when none is due.
    public func claim(kind: String, owner: String, now: Date) throws -> Job? {
        try claim(where: """
            id = (SELECT j.id FROM jobs j WHERE j.state = 'queued' AND j.kind = :kind AND j.run_after <= :now
                  AND NOT EXISTS (SELECT 1 FROM jobs r WHERE r.state = 'running' AND r.kind = j.kind AND r.key = j.key)
                  ORDER BY j.run_after, j.id LIMIT 1)
            """, [":kind": SQLValue(kind)], owner: owner, now: now)
    }

    /// Claims the job with `id` if it is still queued (whatever its run-after), so a command can run the job it
    /// just enqueued; nil when it is running elsewhere, finished, or gone.
    public func claim(id: Int64, owner: String, now: Date) throws -> Job? {
        try claim(where: """
            id = :id AND state = 'queued'
            AND NOT EXISTS (SELECT 1 FROM jobs r WHERE r.state = 'running' AND r.kind = jobs.kind AND r.key = jobs.key)
            """, [":id": SQLValue(id)], owner: owner, now: now)
    }

    private func claim(where condition: String, _ arguments: [String: SQLValue], owner: String, now: Date) throws -> Job? {
        var values = arguments
        values[":now"] = SQLValue(now.timeIntervalSince1970)
        values[":owner"] = SQLValue(owner)
        return try JobError.wrap {
            try database.write { db in
                try db.queryOne("""
                    UPDATE jobs SET state = 'running', attempts = attempts + 1, claimed_at = :now, heartbeat_at = :now,
                        owner = :owner, updated_at = :now, progress = NULL, progress_text = NULL
                    WHERE \(condition) RETURNING *
                    """, values).map(Self.job)
            }
        }
    }

    // MARK: While running

    /// Refreshes a running job's heartbeat (so it is not taken for abandoned).
    public func heartbeat(id: Int64, now: Date) throws {
        try update("UPDATE jobs SET heartbeat_at = ?, updated_at = ? WHERE id = ? AND state = 'running'",
                   [SQLValue(now.timeIntervalSince1970), SQLValue(now.timeIntervalSince1970), SQLValue(id)])
    }

    /// Stores a running job's progress (and refreshes its heartbeat).
    public func progress(id: Int64, _ progress: JobProgress, now: Date) throws {
        let time = SQLValue(now.timeIntervalSince1970)
        try update("""
            UPDATE jobs SET progress = ?, progress_text = ?, heartbeat_at = ?, updated_at = ? WHERE id = ? AND state = 'running'
            """, [SQLValue(progress.fraction), SQLValue(progress.text), time, time, SQLValue(id)])
    }

    // MARK: How a run ends

    /// Marks a running job done.
    public func complete(id: Int64, now: Date) throws {
        let time = SQLValue(now.timeIntervalSince1970)
        try update("""
            UPDATE jobs SET state = 'done', heartbeat_at = NULL, owner = NULL, last_error = NULL, finished_at = ?,
                progress = 1, updated_at = ? WHERE id = ?
            """, [time, time, SQLValue(id)])
    }

    /// Marks a job dead-lettered (`failed`) with its last error.
    public func fail(id: Int64, error: String, now: Date) throws {
        let time = SQLValue(now.timeIntervalSince1970)
        try update("""
            UPDATE jobs SET state = 'failed', heartbeat_at = NULL, owner = NULL, last_error = ?, finished_at = ?, updated_at = ?
            WHERE id = ?
            """, [SQLValue(Self.short(error)), time, time, SQLValue(id)])
    }

    /// Puts a running job back in the queue until `runAfter`, with `note` as its last error (nil keeps it) and,
    /// when `countAttempt` is false, its attempt uncounted (a run cancelled by stop, a postponement). When another
    /// job of the same kind and key was queued meanwhile, the two merge: that one stays, at the earlier run-after.
    public func requeue(id: Int64, runAfter: Date, note: String?, countAttempt: Bool, now: Date) throws {
        try JobError.wrap {
            try database.write { db in
                guard let row = try db.queryOne("SELECT kind, key FROM jobs WHERE id = ?", [SQLValue(id)]) else { return }
                let kind = try row.string("kind"), key = try row.string("key")
                if let twin = try db.queryOne("SELECT id FROM jobs WHERE kind = ? AND key = ? AND state = 'queued' AND id != ?",
                                              [SQLValue(kind), SQLValue(key), SQLValue(id)]) {
                    try db.run("UPDATE jobs SET run_after = min(run_after, ?), updated_at = ? WHERE id = ?",
                               [SQLValue(runAfter.timeIntervalSince1970), SQLValue(now.timeIntervalSince1970),
                                SQLValue(try twin.int64("id"))])
                    try db.run("DELETE FROM jobs WHERE id = ?", [SQLValue(id)])
                    return
                }
                try db.run("""
                    UPDATE jobs SET state = 'queued', heartbeat_at = NULL, owner = NULL, run_after = ?,
                        attempts = max(0, attempts - ?), last_error = coalesce(?, last_error), updated_at = ?
                    WHERE id = ?
                    """, [SQLValue(runAfter.timeIntervalSince1970), SQLValue(countAttempt ? 0 : 1),
                          SQLValue(note.map(Self.short)), SQLValue(now.timeIntervalSince1970), SQLValue(id)])
            }
        }
    }

    /// Finds running jobs whose process died — their heartbeat is older than `cutoff`, or `ownerIsGone` says their
    /// owner no longer exists: each goes back to the queue, or is dead-lettered when that was its last attempt;
    /// `own` (this process's running jobs) are left alone. Returns the jobs as they were found.
    @discardableResult
    public func recoverStale(heartbeatBefore cutoff: Date, excluding own: Set<Int64> = [],
                             ownerIsGone: (String) -> Bool = { _ in false }, now: Date) throws -> [Job] {
        let running = try JobError.wrap {
            try database.read { db in
                try db.query("SELECT * FROM jobs WHERE state = 'running' ORDER BY id").map(Self.job)
            }
        }
        let silent = { (job: Job) in job.heartbeatAt.map { $0 < cutoff } == true }
        let stale = running.filter { job in !own.contains(job.id) && (silent(job) || job.owner.map(ownerIsGone) == true) }
        for job in stale {
            let reason = silent(job) ? "the process running it stopped (no heartbeat since \(ISO8601DateFormatter().string(from: job.heartbeatAt ?? cutoff)))"
                : "the process running it (\(job.owner ?? "?")) is gone"
            if job.attempts >= job.maxAttempts {
                try fail(id: job.id, error: reason, now: now)
            } else {
                try requeue(id: job.id, runAfter: now, note: reason, countAttempt: true, now: now)
            }
        }
        return stale
    }

    /// Deletes done jobs that finished before `cutoff`; returns how many.
    @discardableResult
    public func prune(finishedBefore cutoff: Date) throws -> Int {
        try JobError.wrap {
            try database.write { db in
                try db.run("DELETE FROM jobs WHERE state = 'done' AND finished_at < ?", [SQLValue(cutoff.timeIntervalSince1970)])
            }
        }
    }

    // MARK: Reading and managing

    /// The job with `id`, or nil.
    public func job(id: Int64) throws -> Job? {
        try JobError.wrap {
            try database.read { db in try db.queryOne("SELECT * FROM jobs WHERE id = ?", [SQLValue(id)]).map(Self.job) }
        }
    }

    /// Jobs in `states` (all when empty), optionally of one kind and key, newest first, at most `limit`.
    public func jobs(states: [JobState] = [], kind: String? = nil, key: String? = nil, limit: Int = 500) throws -> [Job] {
        var conditions: [String] = []
        var arguments: [SQLValue] = []
        if !states.isEmpty {
            conditions.append("state IN (\(states.map { _ in "?" }.joined(separator: ", ")))")
            arguments += states.map { SQLValue($0.rawValue) }
        }
        if let kind {
            conditions.append("kind = ?")
            arguments.append(SQLValue(kind))
        }
        if let key {
            conditions.append("key = ?")
            arguments.append(SQLValue(key))
        }
        let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        arguments.append(SQLValue(max(1, limit)))
        return try JobError.wrap {
            try database.read { db in
                try db.query("SELECT * FROM jobs \(filter) ORDER BY id DESC LIMIT ?", arguments).map(Self.job)
            }
        }
    }

    /// The kinds among `kinds` with a queued job due at `now` (a read: the runner's look before it claims).
    public func dueKinds(_ kinds: [String], at now: Date) throws -> Set<String> {
        guard !kinds.isEmpty else { return [] }
        let marks = kinds.map { _ in "?" }.joined(separator: ", ")
        return try JobError.wrap {
            try database.read { db in
                Set(try db.query("SELECT DISTINCT kind FROM jobs WHERE state = 'queued' AND run_after <= ? AND kind IN (\(marks))",
                                 [SQLValue(now.timeIntervalSince1970)] + kinds.map { SQLValue($0) }).map { try $0.string("kind") })
            }
        }
    }

    /// The earliest run-after later than `after` among queued jobs of `kinds`, or nil when there is none.
    public func nextRunAfter(kinds: [String], after: Date) throws -> Date? {
        guard !kinds.isEmpty else { return nil }
        let marks = kinds.map { _ in "?" }.joined(separator: ", ")
        return try JobError.wrap {
            try database.read { db in
                try db.queryOne("SELECT min(run_after) AS next FROM jobs WHERE state = 'queued' AND run_after > ? AND kind IN (\(marks))",
                                [SQLValue(after.timeIntervalSince1970)] + kinds.map { SQLValue($0) })?
                    .optionalDouble("next").map(Date.init(timeIntervalSince1970:))
            }
        }
    }

    /// Queues a dead-lettered job again with its attempts reset; throws when it is not `failed`.
    @discardableResult
    public func retryFailed(id: Int64, now: Date) throws -> Job {
        guard let job = try job(id: id) else { throw JobError.notFound(id) }
        guard job.state == .failed else { throw JobError.wrongState(id: id, state: job.state, expected: .failed) }
        try JobError.wrap {
            try database.write { db in
                if try db.queryOne("SELECT 1 FROM jobs WHERE kind = ? AND key = ? AND state = 'queued'",
                                   [SQLValue(job.kind), SQLValue(job.key)]) != nil {
                    try db.run("DELETE FROM jobs WHERE id = ?", [SQLValue(id)])  // the same work is already queued
                } else {
                    try db.run("""
                        UPDATE jobs SET state = 'queued', attempts = 0, run_after = ?, finished_at = NULL, updated_at = ? WHERE id = ?
                        """, [SQLValue(now.timeIntervalSince1970), SQLValue(now.timeIntervalSince1970), SQLValue(id)])
                }
            }
        }
        return try self.job(id: id) ?? job
    }

    /// Deletes every dead-lettered job; returns how many.
    @discardableResult
    public func clearFailed() throws -> Int {
        try JobError.wrap { try database.write { db in try db.run("DELETE FROM jobs WHERE state = 'failed'") } }
    }

    /// Drops the queued job of `kind` and `key`, if there is one (a running one finishes); returns how many.
    @discardableResult
    public func cancelQueued(kind: String, key: String) throws -> Int {
        try JobError.wrap {
            try database.write { db in
                try db.run("DELETE FROM jobs WHERE kind = ? AND key = ? AND state = 'queued'", [SQLValue(kind), SQLValue(key)])
            }
        }
    }

    // MARK: Helpers

    private func update(_ sql: String, _ arguments: [SQLValue]) throws {
        try JobError.wrap { try database.write { db in _ = try db.run(sql, arguments) } }
    }

    private static func require(_ row: Row?, _ id: Int64) throws -> Row {
        guard let row else { throw JobError.notFound(id) }
        return row
    }

    /// Error texts are kept short: a line for a person, not a dump.
    static func short(_ text: String) -> String {
        String(text.prefix(1000))
    }
}
