import CCurl
import Foundation
import Synchronization

/// One dedicated thread driving a curl multi handle: every transfer of an `HTTPClient` runs here, and
/// waiting is `curl_multi_poll` — the thread sleeps in the kernel until a socket is ready, a curl timer is
/// due, or `curl_multi_wakeup` signals a new or cancelled transfer. Nothing waits on Swift's cooperative pool.
///
/// `@unchecked Sendable`: `multi` and `active` are used only by the loop thread; other threads reach the
/// loop through `inbox` (a `Mutex`) and `curl_multi_wakeup`, which libcurl documents as callable from any
/// thread.
final class CurlEventLoop: @unchecked Sendable {
    private let multi: UnsafeMutableRawPointer
    private var active: [UnsafeMutableRawPointer: CurlTransfer] = [:]

    private struct Inbox {
        var added: [CurlTransfer] = []
        var cancelled: [CurlTransfer] = []
        var stopping = false
    }
    private let inbox = Mutex(Inbox())

    /// Starts the loop's thread. The thread keeps the loop alive until `stop()`.
    init(name: String) throws(HTTPClientError) {
        HTTPClient.initializeLibrary()
        guard let multi = curl_multi_init() else { throw .failed("libcurl could not create a multi handle") }
        self.multi = multi
        let thread = Thread { [self] in run() }
        thread.name = name
        thread.start()
    }

    deinit {
        curl_multi_cleanup(multi)
    }

    /// Hands a configured transfer to the loop.
    func submit(_ transfer: CurlTransfer) {
        let refused = inbox.withLock { inbox -> Bool in
            if inbox.stopping { return true }
            inbox.added.append(transfer)
            return false
        }
        if refused {
            transfer.finish(.failure(CancellationError()))
            return
        }
        curl_multi_wakeup(multi)
    }

    /// Aborts a transfer; its caller gets a `CancellationError`.
    func cancel(_ transfer: CurlTransfer) {
        transfer.markCancelled()
        inbox.withLock { $0.cancelled.append(transfer) }
        curl_multi_wakeup(multi)
    }

    /// Ends the thread after cancelling whatever still runs.
    func stop() {
        inbox.withLock { $0.stopping = true }
        curl_multi_wakeup(multi)
    }

    private func run() {
        while true {
            let (added, cancelled, stopping) = inbox.withLock { inbox in
                defer { inbox.added = []; inbox.cancelled = [] }
                return (inbox.added, inbox.cancelled, inbox.stopping)
            }
            for transfer in added {
                if transfer.isCancelled {
                    transfer.finish(.failure(CancellationError()))
                } else if curl_multi_add_handle(multi, transfer.easy) == CURLM_OK {
                    active[transfer.easy] = transfer
                } else {
                    transfer.finish(.failure(HTTPClientError.failed("libcurl refused the transfer")))
                }
            }
            for transfer in cancelled { remove(transfer, .failure(CancellationError())) }
            if stopping {
                for transfer in active.values { remove(transfer, .failure(CancellationError())) }
                return
            }
            var running: Int32 = 0
            _ = curl_multi_perform(multi, &running)
            collectFinished()
            // Sleeps until a socket or one of curl's timers (deadlines, rate checks) needs attention, at most the
            // given time; an idle loop sleeps long and is woken by `submit`/`cancel`/`stop`.
            var ready: Int32 = 0
            _ = curl_multi_poll(multi, nil, 0, active.isEmpty ? 60_000 : 1_000, &ready)
        }
    }

    private func collectFinished() {
        var queued: Int32 = 0
        while let message = curl_multi_info_read(multi, &queued) {
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
                  let transfer = active.removeValue(forKey: easy) else { continue }
            let code = message.pointee.data.result
            curl_multi_remove_handle(multi, easy)
            transfer.complete(code)
        }
    }

    private func remove(_ transfer: CurlTransfer, _ result: Result<HTTPClientResponse, any Error>) {
        if active.removeValue(forKey: transfer.easy) != nil { curl_multi_remove_handle(multi, transfer.easy) }
        transfer.finish(result)
    }
}
