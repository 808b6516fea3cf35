import Foundation
import PostgresDatabase

// Reading and managing the shared jobs table: what `marks jobs`, the web app and the runner's looks ask.

extension PostgresJobStore {
    @discardableResult
    public func prune(finishedBefore cutoff: Date) throws -> Int {
        try JobError.wrap {
            try pool.withConnection { connection in
                try connection.execute("DELETE FROM jobs WHERE state = 'done' AND finished_at < $1", [.double(cutoff.timeIntervalSince1970)])
            }
        }
    }

    public func job(id: Int64) throws -> Job? {
        try JobError.wrap {
            try pool.withConnection { connection in
                try connection.queryOne("SELECT * FROM jobs WHERE id = $1", [.int(id)]).map { try Job(row: $0) }
            }
        }
    }

    public func listJobs(states: [JobState], kind: String?, key: String?, limit: Int) throws -> [Job] {
        var conditions: [String] = []
        var arguments: [PostgresValue] = []
        if !states.isEmpty {
            conditions.append("state IN (\(Self.placeholders(states.count, after: arguments.count)))")
            arguments += states.map { .text($0.rawValue) }
        }
        if let kind {
            arguments.append(.text(kind))
            conditions.append("kind = $\(arguments.count)")
        }
        if let key {
            arguments.append(.text(key))
            conditions.append("key = $\(arguments.count)")
        }
        let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        arguments.append(.int(Int64(max(1, limit))))
        return try JobError.wrap {
            try pool.withConnection { connection in
                try connection.query("SELECT * FROM jobs \(filter) ORDER BY id DESC LIMIT $\(arguments.count)", arguments)
                    .map { try Job(row: $0) }
            }
        }
    }

    public func dueKinds(_ kinds: [String], at now: Date) throws -> Set<String> {
        guard !kinds.isEmpty else { return [] }
        return try JobError.wrap {
            try pool.withConnection { connection in
                Set(try connection.query("""
                    SELECT DISTINCT kind FROM jobs WHERE state = 'queued' AND run_after <= $1 AND kind IN (\(Self.placeholders(kinds.count, after: 1)))
                    """, [.double(now.timeIntervalSince1970)] + kinds.map { .text($0) }).map { try $0.string("kind") })
            }
        }
    }

    public func nextRunAfter(kinds: [String], after: Date) throws -> Date? {
        guard !kinds.isEmpty else { return nil }
        return try JobError.wrap {
            try pool.withConnection { connection in
                try connection.queryOne("""
                    SELECT min(run_after) AS next FROM jobs
                    WHERE state = 'queued' AND run_after > $1 AND kind IN (\(Self.placeholders(kinds.count, after: 1)))
                    """, [.double(after.timeIntervalSince1970)] + kinds.map { .text($0) })?
                    .optionalDouble("next").map(Date.init(timeIntervalSince1970:))
            }
        }
    }

    @discardableResult
    public func retryFailed(id: Int64, now: Date) throws -> Job {
        try retryingUniqueViolations {
            try pool.transaction { connection in
                guard let row = try connection.queryOne("SELECT * FROM jobs WHERE id = $1 FOR UPDATE", [.int(id)]) else {
                    throw JobError.notFound(id)
                }
                let job = try Job(row: row)
                guard job.state == .failed else { throw JobError.wrongState(id: id, state: job.state, expected: .failed) }
                if try connection.queryOne("SELECT 1 FROM jobs WHERE kind = $1 AND key = $2 AND state = 'queued'",
                                           [.text(job.kind), .text(job.key)]) != nil {
                    try connection.execute("DELETE FROM jobs WHERE id = $1", [.int(id)])  // the same work is already queued
                    return job
                }
                let time = PostgresValue.double(now.timeIntervalSince1970)
                let updated = try connection.queryOne("""
                    UPDATE jobs SET state = 'queued', attempts = 0, run_after = $1, finished_at = NULL, updated_at = $1
                    WHERE id = $2 RETURNING *
                    """, [time, .int(id)])
                try connection.notify(channel: PostgresJobSchema.channel, payload: job.kind)
                return try updated.map { try Job(row: $0) } ?? job
            }
        }
    }

    @discardableResult
    public func clearFailed() throws -> Int {
        try JobError.wrap { try pool.withConnection { try $0.execute("DELETE FROM jobs WHERE state = 'failed'") } }
    }

    @discardableResult
    public func cancelQueued(kind: String, key: String) throws -> Int {
        try JobError.wrap {
            try pool.withConnection { connection in
                try connection.execute("DELETE FROM jobs WHERE kind = $1 AND key = $2 AND state = 'queued'", [.text(kind), .text(key)])
            }
        }
    }

    /// Listens on `marks_jobs` on a connection and thread of its own: every enqueue, ended run and retry of any
    /// worker wakes `wake` (and so does each reconnect, since what was sent meanwhile is lost).
    public func watchChanges(_ wake: @escaping @Sendable () -> Void) -> JobWatch? {
        let pool = pool, log = log
        let listener = PostgresListener(channels: [PostgresJobSchema.channel], connect: { try pool.dedicatedConnection() },
                                        wake: wake, failed: { log("jobs: listening for other workers' jobs failed (retrying): \($0)") })
        return JobWatch { listener.stop() }
    }

    /// `$n` placeholders for `count` values numbered after the first `after` parameters.
    static func placeholders(_ count: Int, after: Int) -> String {
        (1...count).map { "$\(after + $0)" }.joined(separator: ", ")
    }
}
