/// A Swift `TaskExecutor` on dedicated threads (a `WorkerPool`), so async code given it as its preference
/// (`Task(executorPreference:)`, `withTaskExecutorPreference`) runs there instead of on Swift's cooperative
/// pool. The cooperative pool has one thread per core (two here): one synchronous call that holds a thread
/// for long — a test's model run, a library calling SQLite without hopping — halves what is left for every
/// other task in the process. Work started with this preference (request handlers, the job runner) keeps
/// its own threads however busy the cooperative pool is; child tasks and default actors it calls follow it.
///
/// The executors are process-wide and never released: a job handed to one must always find its threads.
public final class ThreadTaskExecutor: TaskExecutor, Sendable {
    private let pool: WorkerPool

    private init(name: String, threads: Int) {
        pool = WorkerPool(name: name, threads: threads)
    }

    /// The threads that answer HTTP requests: handlers may make short blocking calls (a SQLite read, a file
    /// write), so there are more threads than cores.
    public static let requests = ThreadTaskExecutor(name: "requests", threads: 8)

    /// The job runner's threads: claiming, heartbeats and the handlers' own short blocking calls.
    public static let jobs = ThreadTaskExecutor(name: "jobs", threads: 4)

    /// Jobs running now, and waiting for a thread.
    public var load: (running: Int, waiting: Int) { (pool.runningCount, pool.waitingCount) }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        let accepted = pool.submit { job.runSynchronously(on: executor) }
        // A pool refuses only when it is shutting down or full; these have no limit and are never released.
        precondition(accepted, "the \(pool.name) executor refused a job")
    }
}
