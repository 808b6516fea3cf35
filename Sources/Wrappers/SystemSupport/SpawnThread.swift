import Foundation
import Synchronization

/// The one thread every child process is started from, alive as long as the process. A child started with
/// `PR_SET_PDEATHSIG` (`ProcessRunner`'s `setpriv --pdeathsig KILL`) is signalled when the *thread* that forked it
/// ends, not the process: started from a pool thread that later retires, it would be killed early. Started here, it is
/// killed exactly when Marks dies, however it dies (issue 35: a kill -9 left espeak-ng running).
final class SpawnThread: Sendable {
    /// The process's spawn thread (started on first use).
    static let shared = SpawnThread()

    private let work = Mutex<[@Sendable () -> Void]>([])
    private let ready = DispatchSemaphore(value: 0)

    private init() {
        let thread = Thread { [self] in
            while true {
                ready.wait()
                let next = work.withLock { $0.isEmpty ? nil : $0.removeFirst() }
                next?()
            }
        }
        thread.name = "marks.spawn"
        thread.start()
    }

    /// Runs `body` on the spawn thread and waits for it (the caller's thread blocks meanwhile).
    func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) throws -> T {
        let done = DispatchSemaphore(value: 0)
        let result = Mutex<Result<T, any Error>?>(nil)
        work.withLock { $0.append {
            let outcome = Result { try body() }
            result.withLock { $0 = outcome }
            done.signal()
        } }
        ready.signal()
        done.wait()
        guard let outcome = result.withLock({ $0 }) else { throw CancellationError() }
        return try outcome.get()
    }
}
