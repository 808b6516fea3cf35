import Foundation
import MarksJobs
import MarksTestSupport

extension ManualClock {
    /// The clock as the job runner takes it.
    var jobClock: JobClock {
        JobClock(now: now, sleep: { [self] deadline in try await sleep(until: deadline) })
    }
}
