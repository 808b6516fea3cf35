import Foundation

/// One row of the jobs table, as a surface shows it (`marks jobs`, the Collections tab).
public struct Job: Sendable, Equatable, Identifiable {
    public var id: Int64
    public var kind: String
    public var key: String
    /// JSON text.
    public var payload: String
    public var state: JobState
    /// Among due jobs of a kind, higher is claimed first (`JobPriority`).
    public var priority: Int
    /// Attempts started so far (a claim counts; a run cancelled by `stop()` does not).
    public var attempts: Int
    public var maxAttempts: Int
    /// How many times the job was claimed: the number of the current claim while it runs (see `JobClaim`).
    public var lease: Int64
    /// Not run before this time.
    public var runAfter: Date
    public var claimedAt: Date?
    public var heartbeatAt: Date?
    /// The process that claimed it (host and pid).
    public var owner: String?
    /// Why the last attempt failed, or why the job waits (a postponed job says so here).
    public var lastError: String?
    public var progress: JobProgress?
    public var createdAt: Date
    public var updatedAt: Date
    public var finishedAt: Date?

    /// The claim a worker holds while the job runs (the one it was claimed with).
    public var claim: JobClaim { JobClaim(id: id, lease: lease) }

    /// The payload decoded as `T`.
    public func payload<T: Decodable>(as type: T.Type) throws -> T {
        do {
            return try JSONDecoder().decode(T.self, from: Data(payload.utf8))
        } catch {
            throw JobError.payload("job \(id) (\(kind)): \(error)")
        }
    }
}
