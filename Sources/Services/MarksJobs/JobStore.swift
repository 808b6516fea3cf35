import Foundation
import SQLiteDatabase

/// The durable jobs table in the local SQLite database: enqueue (coalescing by kind and key), atomic claims,
/// heartbeats, progress, and each way a run ends. Every change is one IMMEDIATE transaction on the shared database,
/// so several processes of one machine (a CLI command beside `marks serve`) can use the same table; a claim is a
/// single `UPDATE … RETURNING`. The rules are `JobRecords`'.
public final class JobStore: JobRecords {
    /// The database holding the `jobs` table.
    public let database: Database

    /// The store over `database`; applies the jobs migrations (namespace `jobs`).
    public init(database: Database) throws {
        self.database = database
        try JobError.wrap { try database.migrate(namespace: JobSchema.namespace, JobSchema.migrations) }
    }

    // MARK: Enqueue

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
                        UPDATE jobs SET run_after = min(run_after, ?), payload = ?, max_attempts = max(max_attempts, ?),
                            priority = max(priority, ?), updated_at = ?
                        WHERE id = ? RETURNING *
                        """, [SQLValue(runAfter), SQLValue(request.payload), SQLValue(attempts), SQLValue(request.priority),
                              SQLValue(now.timeIntervalSince1970), SQLValue(id)])
                    return (try Job(row: try Self.require(row, id)), true)
                }
                let row = try db.queryOne("""
                    INSERT INTO jobs (kind, key, payload, state, priority, attempts, max_attempts, run_after, created_at, updated_at)
                    VALUES (?, ?, ?, 'queued', ?, 0, ?, ?, ?, ?) RETURNING *
                    """, [SQLValue(request.kind), SQLValue(request.key), SQLValue(request.payload), SQLValue(request.priority),
                          SQLValue(attempts), SQLValue(runAfter), SQLValue(now.timeIntervalSince1970), SQLValue(now.timeIntervalSince1970)])
                return (try Job(row: try Self.require(row, 0)), false)
            }
        }
    }

    // MARK: Claims

    public func claim(kind: String, owner: String, now: Date) throws -> Job? {
        try claim(where: """
            id = (SELECT j.id FROM jobs j WHERE j.state = 'queued' AND j.kind = :kind AND j.run_after <= :now
                  AND NOT EXISTS (SELECT 1 FROM jobs r WHERE r.state = 'running' AND r.kind = j.kind AND r.key = j.key)
                  ORDER BY j.priority DESC, j.run_after, j.id LIMIT 1)
            """, [":kind": SQLValue(kind)], owner: owner, now: now)
    }

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
                    UPDATE jobs SET state = 'running', attempts = attempts + 1, lease = lease + 1, claimed_at = :now,
                        heartbeat_at = :now, owner = :owner, updated_at = :now, progress = NULL, progress_text = NULL
                    WHERE \(condition) RETURNING *
                    """, values).map { try Job(row: $0) }
            }
        }
    }

    // MARK: While running

    public func heartbeat(_ claim: JobClaim, now: Date) throws {
        try update(claim, "UPDATE jobs SET heartbeat_at = ?, updated_at = ? WHERE id = ? AND lease = ? AND state = 'running'",
                   [SQLValue(now.timeIntervalSince1970), SQLValue(now.timeIntervalSince1970)])
    }

    public func progress(_ claim: JobClaim, _ progress: JobProgress, now: Date) throws {
        let time = SQLValue(now.timeIntervalSince1970)
        try update(claim, """
            UPDATE jobs SET progress = ?, progress_text = ?, heartbeat_at = ?, updated_at = ?
            WHERE id = ? AND lease = ? AND state = 'running'
            """, [SQLValue(progress.fraction), SQLValue(progress.text), time, time])
    }

    // MARK: How a run ends

    public func complete(_ claim: JobClaim, now: Date) throws {
        let time = SQLValue(now.timeIntervalSince1970)
        try update(claim, """
            UPDATE jobs SET state = 'done', heartbeat_at = NULL, owner = NULL, last_error = NULL, finished_at = ?,
                progress = 1, updated_at = ? WHERE id = ? AND lease = ? AND state = 'running'
            """, [time, time])
    }

    public func fail(_ claim: JobClaim, error: String, now: Date) throws {
        let time = SQLValue(now.timeIntervalSince1970)
        try update(claim, """
            UPDATE jobs SET state = 'failed', heartbeat_at = NULL, owner = NULL, last_error = ?, finished_at = ?, updated_at = ?
            WHERE id = ? AND lease = ? AND state = 'running'
            """, [SQLValue(Self.short(error)), time, time])
    }

    public func requeue(_ claim: JobClaim, runAfter: Date, note: String?, countAttempt: Bool, now: Date) throws {
        try JobError.wrap {
            try database.write { db in
                guard let row = try db.queryOne("SELECT kind, key FROM jobs WHERE id = ? AND lease = ? AND state = 'running'",
                                                [SQLValue(claim.id), SQLValue(claim.lease)]) else {
                    throw JobError.leaseLost(claim)
                }
                let kind = try row.string("kind"), key = try row.string("key")
                if let twin = try db.queryOne("SELECT id FROM jobs WHERE kind = ? AND key = ? AND state = 'queued' AND id != ?",
                                              [SQLValue(kind), SQLValue(key), SQLValue(claim.id)]) {
                    try db.run("UPDATE jobs SET run_after = min(run_after, ?), updated_at = ? WHERE id = ?",
                               [SQLValue(runAfter.timeIntervalSince1970), SQLValue(now.timeIntervalSince1970),
                                SQLValue(try twin.int64("id"))])
                    try db.run("DELETE FROM jobs WHERE id = ?", [SQLValue(claim.id)])
                    return
                }
                try db.run("""
                    UPDATE jobs SET state = 'queued', heartbeat_at = NULL, owner = NULL, run_after = ?,
                        attempts = max(0, attempts - ?), last_error = coalesce(?, last_error), updated_at = ?
                    WHERE id = ?
                    """, [SQLValue(runAfter.timeIntervalSince1970), SQLValue(countAttempt ? 0 : 1),
                          SQLValue(note.map(Self.short)), SQLValue(now.timeIntervalSince1970), SQLValue(claim.id)])
            }
        }
    }

    @discardableResult
    public func recoverStale(heartbeatBefore cutoff: Date, excluding own: Set<Int64>, ownerIsGone: (String) -> Bool,
                             now: Date) throws -> [Job] {
        let running = try JobError.wrap {
            try database.read { db in
                try db.query("SELECT * FROM jobs WHERE state = 'running' ORDER BY id").map { try Job(row: $0) }
            }
        }
        return try takeBack(running, cutoff: cutoff, excluding: own, ownerIsGone: ownerIsGone, now: now)
    }

    @discardableResult
    public func prune(finishedBefore cutoff: Date) throws -> Int {
        try JobError.wrap {
            try database.write { db in
                try db.run("DELETE FROM jobs WHERE state = 'done' AND finished_at < ?", [SQLValue(cutoff.timeIntervalSince1970)])
            }
        }
    }

    // MARK: Reading and managing

    public func job(id: Int64) throws -> Job? {
        try JobError.wrap {
            try database.read { db in try db.queryOne("SELECT * FROM jobs WHERE id = ?", [SQLValue(id)]).map { try Job(row: $0) } }
        }
    }

    public func listJobs(states: [JobState], kind: String?, key: String?, limit: Int) throws -> [Job] {
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
                try db.query("SELECT * FROM jobs \(filter) ORDER BY id DESC LIMIT ?", arguments).map { try Job(row: $0) }
            }
        }
    }

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

    @discardableResult
    public func clearFailed() throws -> Int {
        try JobError.wrap { try database.write { db in try db.run("DELETE FROM jobs WHERE state = 'failed'") } }
    }

    @discardableResult
    public func cancelQueued(kind: String, key: String) throws -> Int {
        try JobError.wrap {
            try database.write { db in
                try db.run("DELETE FROM jobs WHERE kind = ? AND key = ? AND state = 'queued'", [SQLValue(kind), SQLValue(key)])
            }
        }
    }

    /// Nil: SQLite cannot tell another process's changes; the runner's pick-up look is how they are found.
    public func watchChanges(_ wake: @escaping @Sendable () -> Void) -> JobWatch? {
        nil
    }

    // MARK: Helpers

    /// Runs an update of the running job `claim` (its id and lease are the last two parameters); throws
    /// `leaseLost` when no row matched.
    private func update(_ claim: JobClaim, _ sql: String, _ arguments: [SQLValue]) throws {
        let changed = try JobError.wrap {
            try database.write { db in try db.run(sql, arguments + [SQLValue(claim.id), SQLValue(claim.lease)]) }
        }
        guard changed > 0 else { throw JobError.leaseLost(claim) }
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
