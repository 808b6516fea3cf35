import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Turns Ctrl-C (SIGINT) into a flag a long loop checks between steps, so it stops cleanly with its work
/// saved; `release()` gives SIGINT its default action back. `@unchecked Sendable`: the signal sources are
/// only touched in `init` and `release()`, which the one owner calls once; the flag is a Mutex.
final class InterruptFlag: @unchecked Sendable {
    private let raised = Mutex(false)
    private var source: (any DispatchSourceSignal)?

    init() {
        Glibc.signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler { [weak self] in self?.raised.withLock { $0 = true } }
        source.resume()
        self.source = source
    }

    /// True once Ctrl-C was pressed.
    var isRaised: Bool { raised.withLock { $0 } }

    /// Stops catching SIGINT.
    func release() {
        source?.cancel()
        source = nil
        Glibc.signal(SIGINT, SIG_DFL)
    }

    deinit {
        release()
    }
}
