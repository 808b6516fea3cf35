import CMicroHTTPD
import Foundation
import Synchronization

/// The bridge between libmicrohttpd's worker threads and the async responder: it reads requests,
/// suspends each connection while a Task runs the responder, resumes it with the response, and
/// lets `stop()` drain in-flight requests.
///
/// `@unchecked Sendable`: its stored properties are immutable, atomics or mutexes. libmicrohttpd
/// calls it from its worker threads through a retained pointer that outlives the daemon.
final class ServerCore: @unchecked Sendable {
    /// Connections suspended while their responder runs, spread over a few locks so worker threads
    /// rarely contend; `drain` resumes whatever is left in them.
    final class Shard: Sendable {
        let suspended = Locked<[ObjectIdentifier: RequestContext]>([:])
    }

    /// A chunked body may run this far past the limit (read and dropped) so the client still gets
    /// its 413; beyond it the connection is closed.
    static let discardAllowance = 1 << 20

    let responder: any HTTPResponder
    let maxBodySize: Int
    let executor: any TaskExecutor
    let accessLog: (@Sendable (AccessLogEntry) -> Void)?
    private let shards = (0..<16).map { _ in Shard() }
    private let stopping = Atomic(false)
    private let inFlight = Atomic(0)
    private let contexts = Atomic(0)
    /// Streamed bodies being sent, so `drain` can end them.
    private let streams = Locked<[ObjectIdentifier: StreamPipe]>([:])
    private let idleWaiters = Locked<(next: Int, waiting: [Int: CheckedContinuation<Void, Never>])>((0, [:]))

    init(responder: any HTTPResponder, maxBodySize: Int, accessLog: (@Sendable (AccessLogEntry) -> Void)?, executor: any TaskExecutor) {
        self.responder = responder
        self.maxBodySize = maxBodySize
        self.executor = executor
        self.accessLog = accessLog
    }

    /// Requests whose context is still allocated (for tests: must be 0 after stop).
    var liveContexts: Int { contexts.load(ordering: .sequentiallyConsistent) }

    private func shard(for context: RequestContext) -> Shard {
        shards[Int(bitPattern: UInt(bitPattern: ObjectIdentifier(context).hashValue) >> 4) & 15]
    }

    // MARK: libmicrohttpd callbacks

    /// False once stopping: new connections are accepted and closed at once.
    var acceptsConnections: Bool { !stopping.load(ordering: .relaxed) }

    func begin(connection: OpaquePointer, uri: UnsafePointer<CChar>?) -> UnsafeMutableRawPointer {
        let target = uri.flatMap { String(validatingCString: $0) }
        contexts.add(1, ordering: .relaxed)
        return Unmanaged.passRetained(RequestContext(connection: connection, rawTarget: target)).toOpaque()
    }

    func handle(
        _ context: RequestContext, method: UnsafePointer<CChar>?, url: UnsafePointer<CChar>?,
        version: UnsafePointer<CChar>?, upload: UnsafePointer<CChar>?, uploadSize: UnsafeMutablePointer<Int>
    ) -> MHD_Result {
        switch context.phase {
        case .headers:
            context.checkTargetLength(url: url, version: version)
            return readHead(context, method: method)
        case .body:
            if uploadSize.pointee > 0 {
                return receive(context, upload: upload, size: uploadSize)
            }
            return dispatch(context)
        case .dispatched:
            guard let response = context.takeResponse() else { return .NO }
            return queue(response, for: context, close: stopping.load(ordering: .sequentiallyConsistent))
        case .answered:
            uploadSize.pointee = 0
            return .YES
        }
    }

    func complete(_ context: RequestContext, termination: MHD_RequestTerminationCode) {
        if let answer = context.answer, let accessLog {
            accessLog(AccessLogEntry(
                method: context.method.rawValue,
                path: Self.logPath(context.rawTarget),
                status: answer.status,
                responseBytes: answer.bytes,
                duration: ContinuousClock.now - context.started,
                remoteAddress: context.remoteAddress,
                completed: termination == .REQUEST_TERMINATED_COMPLETED_OK))
        }
        if let stream = context.stream {
            context.stream = nil
            stream.cancel()
        }
        contexts.subtract(1, ordering: .relaxed)
        guard context.countedInFlight else { return }
        let remaining = inFlight.subtract(1, ordering: .sequentiallyConsistent).newValue
        // Waiters exist only once `stopping` is set; see `idle()` for why this cannot miss one.
        if remaining == 0, stopping.load(ordering: .sequentiallyConsistent) {
            let waiters = idleWaiters.withLock { state in
                defer { state.waiting.removeAll() }
                return Array(state.waiting.values)
            }
            for waiter in waiters { waiter.resume() }
        }
    }

    // MARK: Request phases

    private func readHead(_ context: RequestContext, method: UnsafePointer<CChar>?) -> MHD_Result {
        context.readHead(method: method)
        context.countedInFlight = true
        inFlight.add(1, ordering: .sequentiallyConsistent)
        if stopping.load(ordering: .sequentiallyConsistent) {
            return queue(.text("The server is shutting down.", status: 503), for: context, close: true)
        }
        context.stream = bodyStream(for: context)
        if context.stream == nil, let length = context.headers["Content-Length"].flatMap({ Int($0.trimmingSpaces) }) {
            if length > maxBodySize {
                return queue(tooLarge, for: context, close: true)
            }
            context.body.reserveCapacity(length)
        }
        context.phase = .body
        return .YES
    }

    /// The responder's stream for this request's body, if it wants one (asked with the head: no body yet).
    private func bodyStream(for context: RequestContext) -> (any HTTPBodyStream)? {
        guard let target = context.rawTarget else { return nil }
        do {
            let head = try HTTPRequest(method: context.method, target: target, headers: context.headers, remoteAddress: context.remoteAddress)
            return responder.bodyStream(for: head)
        } catch {
            return nil  // the request is answered 400 once its body is read
        }
    }

    private func receive(_ context: RequestContext, upload: UnsafePointer<CChar>?, size: UnsafeMutablePointer<Int>) -> MHD_Result {
        let count = size.pointee
        size.pointee = 0
        if let stream = context.stream {
            guard let upload else { return .YES }
            return stream.write(UnsafeRawBufferPointer(start: upload, count: count)) ? .YES : .NO
        }
        if context.bodyTooLarge || context.body.count + count > maxBodySize {
            context.bodyTooLarge = true
            context.discardedBytes += count
            return context.discardedBytes > Self.discardAllowance ? .NO : .YES
        }
        if let upload {
            context.body.append(contentsOf: UnsafeRawBufferPointer(start: upload, count: count))
        }
        return .YES
    }

    private func dispatch(_ context: RequestContext) -> MHD_Result {
        if context.bodyTooLarge {
            return queue(tooLarge, for: context, close: true)
        }
        guard let target = context.rawTarget else {
            return queue(.text("The request target is not valid UTF-8 or contains a NUL byte.", status: 400), for: context, close: true)
        }
        var request: HTTPRequest
        do {
            request = try HTTPRequest(
                method: context.method, target: target, headers: context.headers,
                body: context.body, remoteAddress: context.remoteAddress)
        } catch {
            return queue(.text(error.message, status: error.status), for: context, close: false)
        }
        context.body = Data()
        context.phase = .dispatched
        // Under the shard lock, so `drain` either sees this entry or this sees `stopping`.
        let suspended = shard(for: context).suspended.withLock { suspended in
            guard !stopping.load(ordering: .sequentiallyConsistent) else { return false }
            suspended[ObjectIdentifier(context)] = context
            MHD_suspend_connection(context.connection)
            return true
        }
        guard suspended else {
            return queue(.text("The server is shutting down.", status: 503), for: context, close: true)
        }
        if let stream = context.stream {
            context.stream = nil
            request.streamedBody = stream.finish()
        }
        Task(executorPreference: executor) {
            let response: HTTPResponse
            do {
                response = try await self.responder.respond(to: request)
            } catch {
                response = ErrorRenderer.automatic.response(for: error, request: request)
            }
            self.deliver(response, to: context)
        }
        return .YES
    }

    /// Hands the response to the suspended connection and wakes it; a no-op once `drain` answered it.
    private func deliver(_ response: HTTPResponse, to context: RequestContext) {
        shard(for: context).suspended.withLock { suspended in
            guard suspended.removeValue(forKey: ObjectIdentifier(context)) != nil else { return }
            context.publish(response)
            MHD_resume_connection(context.connection)
        }
    }

    private var tooLarge: HTTPResponse {
        .text("The request body is larger than the \(maxBodySize) bytes this server accepts.", status: 413)
    }

    private func queue(_ response: HTTPResponse, for context: RequestContext, close: Bool) -> MHD_Result {
        context.phase = .answered
        let streaming = MHDResponse.Streaming(
            connection: context.connection, executor: executor,
            register: { pipe in self.streams.withLock { $0[ObjectIdentifier(pipe)] = pipe } },
            onClose: { [weak self] pipe in _ = self?.streams.withLock { $0.removeValue(forKey: ObjectIdentifier(pipe)) } })
        guard let prepared = MHDResponse.make(response, method: context.method, close: close, streaming: streaming) else { return .NO }
        defer { MHD_destroy_response(prepared.pointer) }
        context.answer = (prepared.status, prepared.bodyBytes)
        return MHD_queue_response(context.connection, UInt32(prepared.status), prepared.pointer)
    }

    /// The decoded path for the log, never the query string.
    private static func logPath(_ target: String?) -> String {
        guard let target else { return "-" }
        let path = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return PercentDecoding.strictPathComponent(path) ?? String(path)
    }

    // MARK: Shutdown

    func beginStopping() {
        stopping.store(true, ordering: .sequentiallyConsistent)
    }

    /// Ends every streamed body still being sent (its producer cancelled, its connection resumed and closed), and
    /// answers every connection still waiting for its responder with 503 and resumes it, so
    /// `MHD_stop_daemon` never meets a suspended connection (it aborts on one).
    func drain() {
        for pipe in streams.withLock({ Array($0.values) }) { pipe.abort() }
        for shard in shards {
            shard.suspended.withLock { suspended in
                for context in suspended.values {
                    context.publish(.text("The server is shutting down.", status: 503))
                    MHD_resume_connection(context.connection)
                }
                suspended.removeAll()
            }
        }
    }

    /// Returns when no request is in flight, or after `timeout`.
    func waitUntilIdle(timeout: Duration) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.idle() }
            group.addTask {
                do { try await Task.sleep(for: timeout) } catch {}
            }
            await group.next()
            group.cancelAll()
        }
    }

    /// Returns once no request is in flight. Called only after `beginStopping`: a request completing
    /// either sees `stopping` and wakes the registered waiters, or completed before `stopping` was
    /// set, in which case the check of `inFlight` under the waiters' lock sees its decrement.
    private func idle() async {
        let id = idleWaiters.withLock { state in
            defer { state.next += 1 }
            return state.next
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = idleWaiters.withLock { state in
                    if inFlight.load(ordering: .sequentiallyConsistent) == 0 || Task.isCancelled { return true }
                    state.waiting[id] = continuation
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            idleWaiters.withLock { $0.waiting.removeValue(forKey: id) }?.resume()
        }
    }
}
