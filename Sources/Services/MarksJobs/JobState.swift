/// Where a job is in its life: waiting (`queued`, maybe until a run-after time), being run by a process that keeps
/// its heartbeat fresh (`running`), finished (`done`, pruned after a while), or given up on after its last attempt
/// (`failed`: the dead letters, kept with their last error until retried or cleared).
public enum JobState: String, Sendable, Codable, CaseIterable {
    case queued
    case running
    case done
    case failed
}
