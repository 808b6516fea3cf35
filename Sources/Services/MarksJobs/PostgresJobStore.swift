import Foundation
import PostgresDatabase

/// The durable jobs table in a PostgreSQL database any number of workers share. A claim is one statement that
/// takes the next due job with `FOR UPDATE SKIP LOCKED`, so racing workers each get a different job and never wait
/// for one another; every write of a running job names its claim (`JobClaim`), so a job completes exactly once even
/// when a worker that lost its lease comes back. Enqueues and ended runs are announced on `marks_jobs` (NOTIFY), a
/// wake-up hint for the other workers' runners (`watchChanges`); polling the table stays the source of truth. The
/// rules are `JobRecords'`, checked by the same contract suite as `JobStore` (SQLite).
public final class PostgresJobStore: JobRecords {
    let pool: PostgresPool
    let log: @Sendable (String) -> Void

    /// The store in `pool`'s database; applies the jobs migrations (namespace `jobs`, safely while other workers do
    /// the same). `log` hears why the change listener lost its connection (it reconnects).
    public init(pool: PostgresPool, log: @escaping @Sendable (String) -> Void = { _ in }) throws {
        self.pool = pool
        self.log = log
        try JobError.wrap { try pool.migrate(namespace: PostgresJobSchema.namespace, PostgresJobSchema.migrations) }
    }

    // MARK: Enqueue

    @discardableResult
    public func enqueue(_ request: JobRequest, maxAttempts: Int, now: Date) throws -> (job: Job, coalesced: Bool) {
        let runAfter = (request.runAfter ?? now).timeIntervalSince1970
        let attempts = max(1, request.maxAttempts ?? maxAttempts)
        let row = try JobError.wrap {
            try pool.withConnection { connection in
                try connection.queryOne("""
                    WITH upserted AS (
                        INSERT INTO jobs (kind, key, payload, state, priority, attempts, max_attempts, run_after, created_at, updated_at)
                        VALUES ($1, $2, $3, 'queued', $4, 0, $5, $6, $7, $7)
                        ON CONFLICT (kind, key) WHERE state = 'queued' DO UPDATE SET
                            run_after = least(jobs.run_after, excluded.run_after), payload = excluded.payload,
                            max_attempts = greatest(jobs.max_attempts, excluded.max_attempts),
                            priority = greatest(jobs.priority, excluded.priority), updated_at = excluded.updated_at
                        RETURNING *, (xmax = 0) AS inserted
                    )
                    SELECT upserted.*, pg_notify($8, upserted.kind)::text AS notified FROM upserted
                    """, [.text(request.kind), .text(request.key), .text(request.payload), .int(Int64(request.priority)),
                          .int(Int64(attempts)), .double(runAfter), .double(now.timeIntervalSince1970), .text(PostgresJobSchema.channel)])
            }
        }
        guard let row else { throw JobError.storage("enqueueing a \(request.kind) job returned no row") }
        return (try Job(row: row), try !JobError.wrap { try row.bool("inserted") })
    }

    // MARK: Claims

    public func claim(kind: String, owner: String, now: Date) throws -> Job? {
        try claim("""
            WITH next AS (
                SELECT j.id FROM jobs j
                WHERE j.state = 'queued' AND j.kind = $3 AND j.run_after <= $1
                  AND NOT EXISTS (SELECT 1 FROM jobs r WHERE r.state = 'running' AND r.kind = j.kind AND r.key = j.key)
                ORDER BY j.priority DESC, j.run_after, j.id
                LIMIT 1
                FOR UPDATE SKIP LOCKED
            )
            UPDATE jobs SET \(Self.claiming) FROM next WHERE jobs.id = next.id RETURNING jobs.*
            """, .text(kind), owner: owner, now: now)
    }

    public func claim(id: Int64, owner: String, now: Date) throws -> Job? {
        try claim("""
            UPDATE jobs SET \(Self.claiming)
            WHERE id = $3 AND state = 'queued'
              AND NOT EXISTS (SELECT 1 FROM jobs r WHERE r.state = 'running' AND r.kind = jobs.kind AND r.key = jobs.key)
            RETURNING *
            """, .int(id), owner: owner, now: now)
    }

    /// What a claim sets: `$1` is now, `$2` the owner.
    private static let claiming = """
        state = 'running', attempts = attempts + 1, lease = lease + 1, claimed_at = $1, heartbeat_at = $1, owner = $2,
        updated_at = $1, progress = NULL, progress_text = NULL
        """

    private func claim(_ sql: String, _ target: PostgresValue, owner: String, now: Date) throws -> Job? {
        try JobError.wrap {
            try pool.withConnection { connection in
                try connection.queryOne(sql, [.double(now.timeIntervalSince1970), .text(owner), target]).map { try Job(row: $0) }
            }
        }
    }

    // MARK: While running

    public func heartbeat(_ claim: JobClaim, now: Date) throws {
        try update(claim, "heartbeat_at = $3, updated_at = $3", [.double(now.timeIntervalSince1970)])
    }

    public func progress(_ claim: JobClaim, _ progress: JobProgress, now: Date) throws {
        try update(claim, "progress = $4, progress_text = $5, heartbeat_at = $3, updated_at = $3",
                   [.double(now.timeIntervalSince1970), progress.fraction.map(PostgresValue.double) ?? .null, .text(progress.text)])
    }

    // MARK: How a run ends

    public func complete(_ claim: JobClaim, now: Date) throws {
        try update(claim, """
            state = 'done', heartbeat_at = NULL, owner = NULL, last_error = NULL, finished_at = $3, progress = 1, updated_at = $3
            """, [.double(now.timeIntervalSince1970)], announce: true)
    }

    public func fail(_ claim: JobClaim, error: String, now: Date) throws {
        try update(claim, """
            state = 'failed', heartbeat_at = NULL, owner = NULL, last_error = $4, finished_at = $3, updated_at = $3
            """, [.double(now.timeIntervalSince1970), .text(JobStore.short(error))], announce: true)
    }

    public func requeue(_ claim: JobClaim, runAfter: Date, note: String?, countAttempt: Bool, now: Date) throws {
        try retryingUniqueViolations {
            try pool.transaction { connection in
                guard let row = try connection.queryOne(
                    "SELECT kind, key FROM jobs WHERE id = $1 AND lease = $2 AND state = 'running' FOR UPDATE",
                    [.int(claim.id), .int(claim.lease)]) else {
                    throw JobError.leaseLost(claim)
                }
                let kind = try row.string("kind"), key = try row.string("key")
                let time = PostgresValue.double(now.timeIntervalSince1970), after = PostgresValue.double(runAfter.timeIntervalSince1970)
                if let twin = try connection.queryOne(
                    "SELECT id FROM jobs WHERE kind = $1 AND key = $2 AND state = 'queued' AND id <> $3 FOR UPDATE",
                    [.text(kind), .text(key), .int(claim.id)]) {
                    try connection.execute("UPDATE jobs SET run_after = least(run_after, $1), updated_at = $2 WHERE id = $3",
                                           [after, time, .int(try twin.int64("id"))])
                    try connection.execute("DELETE FROM jobs WHERE id = $1", [.int(claim.id)])
                } else {
                    try connection.execute("""
                        UPDATE jobs SET state = 'queued', heartbeat_at = NULL, owner = NULL, run_after = $1,
                            attempts = greatest(0, attempts - $2), last_error = coalesce($3, last_error), updated_at = $4
                        WHERE id = $5
                        """, [after, .int(countAttempt ? 0 : 1), note.map { .text(JobStore.short($0)) } ?? .null, time, .int(claim.id)])
                }
                try connection.notify(channel: PostgresJobSchema.channel, payload: kind)
            }
        }
    }

    @discardableResult
    public func recoverStale(heartbeatBefore cutoff: Date, excluding own: Set<Int64>, ownerIsGone: (String) -> Bool,
                             now: Date) throws -> [Job] {
        let running = try JobError.wrap {
            try pool.withConnection { connection in
                try connection.query("SELECT * FROM jobs WHERE state = 'running' ORDER BY id").map { try Job(row: $0) }
            }
        }
        return try takeBack(running, cutoff: cutoff, excluding: own, ownerIsGone: ownerIsGone, now: now)
    }

    // MARK: Helpers

    /// Updates the running job `claim` (`$1` its id, `$2` its lease, then `arguments` from `$3`); throws `leaseLost`
    /// when the claim no longer holds it. `announce` tells the other workers (a twin may now be claimable).
    private func update(_ claim: JobClaim, _ assignments: String, _ arguments: [PostgresValue], announce: Bool = false) throws {
        let notify = announce ? ", pg_notify('\(PostgresJobSchema.channel)', kind)::text" : ""
        let rows = try JobError.wrap {
            try pool.withConnection { connection in
                try connection.query("""
                    UPDATE jobs SET \(assignments) WHERE id = $1 AND lease = $2 AND state = 'running' RETURNING id\(notify)
                    """, [.int(claim.id), .int(claim.lease)] + arguments)
            }
        }
        guard !rows.isEmpty else { throw JobError.leaseLost(claim) }
    }

    /// Runs `body` again (up to three times in all) when it lost a race on the one-queued-job-per-kind-and-key index
    /// (an enqueue committed a twin between the check and the write): the next try sees the twin and merges.
    func retryingUniqueViolations<T>(_ body: () throws -> T) throws -> T {
        try JobError.wrap {
            var attempt = 1
            while true {
                do {
                    return try body()
                } catch let error as PostgresError where error.isUniqueViolation && attempt < 3 {
                    attempt += 1
                }
            }
        }
    }
}
