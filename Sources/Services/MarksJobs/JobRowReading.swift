import Foundation
import PostgresDatabase
import SQLiteDatabase

/// The column getters a `jobs` row needs, so one mapping reads a SQLite row and a PostgreSQL row alike.
protocol JobRowReading {
    func string(_ column: String) throws -> String
    func optionalString(_ column: String) throws -> String?
    func int(_ column: String) throws -> Int
    func int64(_ column: String) throws -> Int64
    func double(_ column: String) throws -> Double
    func optionalDouble(_ column: String) throws -> Double?
}

extension Row: JobRowReading {}
extension PostgresRow: JobRowReading {}

extension Job {
    /// A `jobs` row (SQLite or PostgreSQL: the same columns) as a `Job`.
    init(row: some JobRowReading) throws {
        let stateText = try row.string("state")
        guard let state = JobState(rawValue: stateText) else {
            throw JobError.storage("job \(try row.int64("id")) has an unknown state \(stateText)")
        }
        let progressText = try row.optionalString("progress_text")
        let fraction = try row.optionalDouble("progress")
        let date = { (seconds: Double) in Date(timeIntervalSince1970: seconds) }
        self.init(
            id: try row.int64("id"), kind: try row.string("kind"), key: try row.string("key"), payload: try row.string("payload"),
            state: state, priority: try row.int("priority"), attempts: try row.int("attempts"), maxAttempts: try row.int("max_attempts"),
            lease: try row.int64("lease"), runAfter: date(try row.double("run_after")),
            claimedAt: try row.optionalDouble("claimed_at").map(date), heartbeatAt: try row.optionalDouble("heartbeat_at").map(date),
            owner: try row.optionalString("owner"), lastError: try row.optionalString("last_error"),
            progress: fraction == nil && progressText == nil ? nil : JobProgress(fraction: fraction, text: progressText ?? ""),
            createdAt: date(try row.double("created_at")), updatedAt: date(try row.double("updated_at")),
            finishedAt: try row.optionalDouble("finished_at").map(date))
    }
}
