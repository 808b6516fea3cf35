/// One worker's hold on a running job: the job and which claim of it (`lease` counts the job's claims). Every
/// write of a running job names its claim, so a worker whose job was taken back — its heartbeat went stale and
/// another worker claimed it — cannot heartbeat, finish or requeue it any more (`JobError.leaseLost`).
public struct JobClaim: Sendable, Hashable, CustomStringConvertible {
    /// The job.
    public let id: Int64
    /// The claim's number.
    public let lease: Int64

    /// The claim `lease` of job `id`.
    public init(id: Int64, lease: Int64) {
        self.id = id
        self.lease = lease
    }

    public var description: String { "job \(id) (claim \(lease))" }
}
