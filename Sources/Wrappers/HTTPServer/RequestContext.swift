import CMicroHTTPD
import Foundation
import Synchronization

/// Per-request state libmicrohttpd keeps for us in `*con_cls`, from the URI-log callback to the
/// notify-completed callback that releases it.
///
/// `@unchecked Sendable`: libmicrohttpd hands a connection to one worker thread at a time, and only
/// that thread touches the fields below, except `pendingResponse`, which the responder's Task writes
/// before a releasing store to `responseReady` and the worker reads after an acquiring load of it
/// (and only once the connection was resumed, which happens after the store).
final class RequestContext: @unchecked Sendable {
    enum Phase {
        /// Waiting for the first call (headers read).
        case headers
        /// Receiving the body.
        case body
        /// Suspended while the responder runs.
        case dispatched
        /// A response is queued.
        case answered
    }

    let connection: OpaquePointer
    /// The request target as sent (path and query), nil when it was not valid UTF-8 or held a NUL.
    private(set) var rawTarget: String?
    let started = ContinuousClock.now
    var phase = Phase.headers
    var method = HTTPMethod.get
    var headers = HTTPHeaders()
    var body = Data()
    /// Takes the body instead of `body` when the responder offered one (until `finish` or `cancel`).
    var stream: (any HTTPBodyStream)?
    /// Bytes handed to `stream` so far (held to the server's `maxBodySize`, like a buffered body).
    var streamedBytes = 0
    var discardedBytes = 0
    /// The largest body buffered for this request (the server's limit, or the responder's smaller one).
    var bodyLimit = 0
    /// Body bytes counted against the server's in-flight budget (given back when the request completes).
    var budgeted = 0
    /// The answer decided while the body still arrives (too large, over the budget); the rest is dropped.
    var refusal: HTTPResponse?
    /// The request as the responder saw it before its body (for refusals rendered by the responder).
    var head: HTTPRequest?
    /// The connection's record in the connection guard (nil when it has none).
    let record: ConnectionGuard.Record?
    var remoteAddress = ""
    var countedInFlight = false
    /// Status and body size of the queued response, for the access log.
    var answer: (status: Int, bytes: UInt64)?
    /// Written by the responder's Task, read by the worker; published through `responseReady`.
    private var pendingResponse: HTTPResponse?
    private let responseReady = Atomic(false)

    init(connection: OpaquePointer, rawTarget: String?, record: ConnectionGuard.Record?) {
        self.connection = connection
        self.rawTarget = rawTarget
        self.record = record
    }

    /// libmicrohttpd cuts the request line in place: the target runs from `url` to the NUL it wrote
    /// just before `version`. A target that reached the URI-log callback shorter than that span
    /// held a NUL byte of the client's (C strings stop there), so it is refused. Only the two
    /// addresses are compared; nothing is read through them.
    func checkTargetLength(url: UnsafePointer<CChar>?, version: UnsafePointer<CChar>?) {
        guard let url, let version, let target = rawTarget else { return }
        let span = Int(bitPattern: version) - Int(bitPattern: url) - 1
        if span != target.utf8.count { rawTarget = nil }
    }

    /// Hands over the response (called once, before the connection is resumed).
    func publish(_ response: HTTPResponse) {
        pendingResponse = response
        responseReady.store(true, ordering: .releasing)
    }

    /// Takes the published response on the worker thread after the resume.
    func takeResponse() -> HTTPResponse? {
        guard responseReady.load(ordering: .acquiring) else { return nil }
        defer { pendingResponse = nil }
        return pendingResponse
    }

    /// Reads method, headers and client address on the first call.
    func readHead(method: UnsafePointer<CChar>?) {
        self.method = HTTPMethod(method.map { String(cString: $0) } ?? "GET")
        let context = Unmanaged.passUnretained(self).toOpaque()
        MHD_get_connection_values_n(connection, .HEADER_KIND, { context, _, key, keySize, value, valueSize in
            guard let context, let key else { return .YES }
            let request = Unmanaged<RequestContext>.fromOpaque(context).takeUnretainedValue()
            let name = String(decoding: UnsafeRawBufferPointer(start: key, count: keySize), as: UTF8.self)
            let text = value.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: valueSize), as: UTF8.self) } ?? ""
            request.headers.add(name, text)
            return .YES
        }, context)
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
            if let base = buffer.baseAddress, marks_mhd_client_address(connection, base, 64) == 1 {
                remoteAddress = String(cString: base)
            }
        }
    }
}
