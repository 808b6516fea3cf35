/// The one polling wait of the tests: checks `condition` every `interval` until it holds (and returns true at
/// once), or until `timeout` has passed (and returns false; the test's `#expect` then says what was missing).
/// For events no code under test signals (a row in another process's database, a child's output, a server's
/// counter): the deadline is a hang guard, generous for a loaded 2-core run, never a timing — a test that
/// passes waits only as long as the event takes. Prefer a `Gate`, a `ManualClock` or a job's state when the code
/// under test can signal. Cancelling the waiting task ends the wait with the condition's last answer.
@discardableResult
public func eventually(within timeout: Duration = .seconds(60), every interval: Duration = .milliseconds(20),
                       _ condition: () async throws -> Bool) async rethrows -> Bool {
    let deadline = ContinuousClock.now + timeout
    while true {
        if try await condition() { return true }
        guard ContinuousClock.now < deadline else { return false }
        do { try await Task.sleep(for: interval) } catch { return try await condition() }
    }
}
