/// How urgent a job is: among due jobs of a kind, a higher priority is claimed first (then the longest waiting).
/// Enqueueing again into a queued job keeps the higher of the two.
public enum JobPriority {
    /// Work nobody is waiting for (sweeps, background generation): the default.
    public static let background = 0
    /// Work a person is waiting for now (a podcast they asked for and are watching the progress of).
    public static let foreground = 10
}
