/// The runner's timings: how often a running job's heartbeat is written, when a silent running job counts as
/// abandoned, how often the runner looks for abandoned jobs of other processes, and how long done jobs are kept.
public struct JobRunnerSettings: Sendable, Equatable {
    /// How often a running job's heartbeat is refreshed.
    public var heartbeatInterval: Duration
    /// A running job whose heartbeat is older than this belongs to a process that died.
    public var staleAfter: Duration
    /// The longest the runner sleeps before looking again (abandoned jobs, pruning) when nothing wakes it.
    public var maintenanceInterval: Duration
    /// Done jobs are deleted this long after they finished.
    public var keepDone: Duration
    /// How long `stop()` waits for cancelled handlers to end.
    public var stopGrace: Duration
    /// How often a started runner looks at the table for jobs another process enqueued (`marks podcast generate`
    /// beside `marks serve`): one read of the table, and a claim only when something is due. Nil (the default, and what
    /// the tests' hand-moved clocks expect): another process's jobs wait for the maintenance; `marks serve` sets 2 s.
    public var pickUpInterval: Duration?

    /// Settings; the defaults suit `marks serve`, which adds a `pickUpInterval`.
    public init(heartbeatInterval: Duration = .seconds(10), staleAfter: Duration = .seconds(60),
                maintenanceInterval: Duration = .seconds(300), keepDone: Duration = .seconds(7 * 86_400),
                stopGrace: Duration = .seconds(10), pickUpInterval: Duration? = nil) {
        self.heartbeatInterval = heartbeatInterval
        self.staleAfter = staleAfter
        self.maintenanceInterval = maintenanceInterval
        self.keepDone = keepDone
        self.stopGrace = stopGrace
        self.pickUpInterval = pickUpInterval
    }
}
