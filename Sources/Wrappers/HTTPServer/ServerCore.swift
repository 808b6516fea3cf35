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
    /// Body bytes buffered across requests may not pass this (`Configuration.maxBufferedBodyBytes`).
    let bodyBudget: Int
    /// Per-address limits and header/keep-alive deadlines.
    let connections: ConnectionGuard
    private let bufferedBytes = Atomic(0)
    let executor: any TaskExecutor
    let accessLog: (@Sendable (AccessLogEntry) -> Void)?
    private let shards = (0..<16).map { _ in Shard() }
    private let stopping = Atomic(false)
    private let inFlight = Atomic(0)
    private let contexts = Atomic(0)
    /// Streamed bodies being sent, so `drain` can end them.
    private let streams = Locked<[ObjectIdentifier: StreamPipe]>([:])
    private let idleWaiters = Locked<(next: Int, waiting: [Int: CheckedContinuation<Void, Never>])>((0, [:]))

    init(responder: any HTTPResponder, configuration: HTTPServer.Configuration) {
        self.responder = responder
        self.maxBodySize = configuration.maxBodySize
        self.bodyBudget = configuration.maxBufferedBodyBytes
        self.connections = ConnectionGuard(configuration: configuration)
        self.executor = configuration.executor
        self.accessLog = configuration.accessLog
    }

    /// Body bytes buffered now, across requests (for tests).
    var bufferedBodyBytes: Int { bufferedBytes.load(ordering: .relaxed) }

    /// Requests whose context is still allocated (for tests: must be 0 after stop).
    var liveContexts: Int { contexts.load(ordering: .sequentiallyConsistent) }

    private func shard(for context: RequestContext) -> Shard {
        shards[Int(bitPattern: UInt(bitPattern: ObjectIdentifier(context).hashValue) >> 4) & 15]
    }

    // MARK: libmicrohttpd callbacks

    /// Whether a new connection from `address` is taken: never once stopping, else as the connection guard says.
    func accepts(_ address: UnsafePointer<sockaddr>?) -> Bool {
        !stopping.load(ordering: .relaxed) && connections.admits(address)
    }

    func begin(connection: OpaquePointer, uri: UnsafePointer<CChar>?) -> UnsafeMutableRawPointer {
        let target = uri.flatMap { String(validatingCString: $0) }
        if let uri { Self.hideQuery(uri) }
        contexts.add(1, ordering: .relaxed)
        let record = ConnectionGuard.record(of: connection)
        connections.requestStarted(record)
        return Unmanaged.passRetained(RequestContext(connection: connection, rawTarget: target, record: record)).toOpaque()
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
        giveBackBudget(context)
        connections.requestFinished(context.record)
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

    /// Cuts the query libmicrohttpd is about to split into its own arguments down to one (`?q`), so it never
    /// parses the real one: the wrapper parses the copy it took, and libmicrohttpd's per-connection memory ran out at
    /// a few hundred parameters (the request then got no answer at all). The target lies in libmicrohttpd's own
    /// writable read buffer, which it cuts with NULs itself; the request line's span (`checkTargetLength`) is unaffected.
    private static func hideQuery(_ uri: UnsafePointer<CChar>) {
        var cursor = UnsafeMutablePointer(mutating: uri)
        while cursor.pointee != 0, cursor.pointee != 0x3F { cursor += 1 }  // "?"
        guard cursor.pointee == 0x3F, cursor[1] != 0 else { return }
        cursor += 1
        cursor.pointee = 0x71  // "q"
        cursor += 1
        while cursor.pointee != 0 {
            cursor.pointee = 0
            cursor += 1
        }
    }

    // MARK: Request phases

    private func readHead(_ context: RequestContext, method: UnsafePointer<CChar>?) -> MHD_Result {
        context.readHead(method: method)
        connections.requestRunning(context.record)
        context.countedInFlight = true
        inFlight.add(1, ordering: .sequentiallyConsistent)
        if stopping.load(ordering: .sequentiallyConsistent) {
            return queue(.text("The server is shutting down.", status: 503), for: context, close: true)
        }
        if let refusal = Self.framingError(context.headers) {
            return queue(refusal, for: context, close: true)
        }
        let head = self.head(of: context)
        context.head = head
        context.stream = head.flatMap { responder.bodyStream(for: $0) }
        // A streamed body keeps its own limits per part, and the whole of it is held to `maxBodySize` as well (issue 35:
        // three 50 MB files in one upload passed a 64 MB limit).
        context.bodyLimit = context.stream != nil ? maxBodySize : min(maxBodySize, head.flatMap { responder.bodyLimit(for: $0) } ?? maxBodySize)
        if let length = context.headers["Content-Length"].flatMap({ Int($0.trimmingSpaces) }), length > context.bodyLimit {
            if let stream = context.stream {
                context.stream = nil
                stream.cancel()
            }
            return queue(tooLarge(context), for: context, close: true)
        }
        context.phase = .body
        return .YES
    }

    /// The request as its responder sees it before the body (nil when its target is unusable: it is answered
    /// 400 once its body is read).
    private func head(of context: RequestContext) -> HTTPRequest? {
        guard let target = context.rawTarget else { return nil }
        do {
            return try HTTPRequest(method: context.method, target: target, headers: context.headers, remoteAddress: context.remoteAddress)
        } catch {
            return nil
        }
    }

    /// A refusal for message framing this server does not take: a `Content-Length` that is not one decimal number
    /// (400), both `Content-Length` and `Transfer-Encoding` (400: a request-smuggling shape; RFC 9112 §6.3 has the
    /// connection closed after it, as every refusal here is), more than one `Host` (400, RFC 9112 §3.2), a
    /// `Transfer-Encoding` other than `chunked` (501).
    static func framingError(_ headers: HTTPHeaders) -> HTTPResponse? {
        if headers.values("Host").count > 1 {
            return .text("A request must carry exactly one Host header.", status: 400)
        }
        let lengths = headers.values("Content-Length")
        if !lengths.isEmpty, !headers.values("Transfer-Encoding").isEmpty {
            return .text("A request may not carry both Content-Length and Transfer-Encoding.", status: 400)
        }
        if !lengths.isEmpty {
            let first = lengths[0].trimmingSpaces
            guard !first.isEmpty, first.utf8.count <= 18, first.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
                  lengths.allSatisfy({ $0.trimmingSpaces == first }) else {
                return .text("The Content-Length header must be one non-negative decimal number.", status: 400)
            }
        }
        for coding in headers.values("Transfer-Encoding") where coding.trimmingSpaces.lowercased() != "chunked" {
            return .text("Only the chunked transfer coding is supported.", status: 501)
        }
        return nil
    }

    private func receive(_ context: RequestContext, upload: UnsafePointer<CChar>?, size: UnsafeMutablePointer<Int>) -> MHD_Result {
        let count = size.pointee
        size.pointee = 0
        if let stream = context.stream {
            guard let upload else { return .YES }
            context.streamedBytes += count
            guard context.streamedBytes > context.bodyLimit else {
                return stream.write(UnsafeRawBufferPointer(start: upload, count: count)) ? .YES : .NO
            }
            // Past the limit: the stream removes what it wrote, and the rest is dropped as a buffered body's is.
            context.stream = nil
            stream.cancel()
            context.refusal = tooLarge(context)
            context.discardedBytes += count
            return .YES
        }
        if context.refusal == nil, context.body.count + count > context.bodyLimit {
            context.refusal = tooLarge(context)
        }
        if context.refusal == nil {
            if bufferedBytes.add(count, ordering: .relaxed).newValue > bodyBudget {
                bufferedBytes.subtract(count, ordering: .relaxed)
                context.refusal = refusal(HTTPError(503, "The server is receiving too many request bodies at once; try again shortly.",
                                                    headers: ["Retry-After": "5"]), for: context)
            } else {
                context.budgeted += count
            }
        }
        if context.refusal != nil {
            // A refused body is thrown away: what it had buffered goes back to the budget now, before its refusal is
            // even queued, not when its connection ends, so a body the client sends after reading the refusal (or
            // another connection's) finds the room.
            giveBackBudget(context)
            context.body = Data()
            context.discardedBytes += count
            return context.discardedBytes > Self.discardAllowance ? .NO : .YES
        }
        if let upload {
            context.body.append(contentsOf: UnsafeRawBufferPointer(start: upload, count: count))
        }
        return .YES
    }

    /// Returns what `context`'s body holds of the in-flight budget (once: it is then zero).
    private func giveBackBudget(_ context: RequestContext) {
        guard context.budgeted > 0 else { return }
        bufferedBytes.subtract(context.budgeted, ordering: .relaxed)
        context.budgeted = 0
    }

    private func dispatch(_ context: RequestContext) -> MHD_Result {
        if let refusal = context.refusal {
            context.body = Data()
            return queue(refusal, for: context, close: true)
        }
        guard let target = context.rawTarget else {
            return queue(.text("The request target is not valid UTF-8 or contains a NUL byte.", status: 400), for: context, close: true)
        }
        var request: HTTPRequest
        if let head = context.head {
            request = head  // parsed once, with the head
            request.body = context.body
        } else {
            do {
                request = try HTTPRequest(
                    method: context.method, target: target, headers: context.headers,
                    body: context.body, remoteAddress: context.remoteAddress)
            } catch {
                return queue(.text(error.message, status: error.status), for: context, close: false)
            }
        }
        context.body = Data()
        context.head = nil
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

    private func tooLarge(_ context: RequestContext) -> HTTPResponse {
        refusal(HTTPError(413, "The request body is larger than the \(context.bodyLimit) bytes accepted here."), for: context)
    }

    /// The responder's rendering of a refusal, plain text when the head was unusable.
    private func refusal(_ error: HTTPError, for context: RequestContext) -> HTTPResponse {
        guard let head = context.head else {
            var response = HTTPResponse.text(error.message, status: error.status)
            response.headers.addAll(error.headers)
            return response
        }
        return responder.refusal(error, for: head)
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
