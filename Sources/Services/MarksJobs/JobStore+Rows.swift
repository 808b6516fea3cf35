import Foundation
import SQLiteDatabase

extension JobStore {
    /// A `jobs` row as a `Job`.
    static func job(_ row: Row) throws -> Job {
        let stateText = try row.string("state")
        guard let state = JobState(rawValue: stateText) else {
            throw JobError.storage("job \(try row.int64("id")) has an unknown state \(stateText)")
        }
        let progressText = try row.optionalString("progress_text")
        let fraction = try row.optionalDouble("progress")
        return Job(
            id: try row.int64("id"), kind: try row.string("kind"), key: try row.string("key"), payload: try row.string("payload"),
            state: state, attempts: try row.int("attempts"), maxAttempts: try row.int("max_attempts"),
            runAfter: date(try row.double("run_after")), claimedAt: try row.optionalDouble("claimed_at").map(date),
            heartbeatAt: try row.optionalDouble("heartbeat_at").map(date), owner: try row.optionalString("owner"),
            lastError: try row.optionalString("last_error"),
            progress: fraction == nil && progressText == nil ? nil : JobProgress(fraction: fraction, text: progressText ?? ""),
            createdAt: date(try row.double("created_at")), updatedAt: date(try row.double("updated_at")),
            finishedAt: try row.optionalDouble("finished_at").map(date))
    }

    private static func date(_ seconds: Double) -> Date {
        Date(timeIntervalSince1970: seconds)
    }
}
