import CCurl
import Foundation
import Synchronization

/// One transfer: owns its curl easy handle, header lists and error buffer (freed in `deinit`), collects
/// the answer from curl's callbacks, and resumes the waiting caller once. A streaming transfer (`pieces` set)
/// resumes the caller as soon as the headers are complete and hands the body on piece by piece instead.
///
/// `@unchecked Sendable`: the handle, the buffers and the collected answer are touched only by the event
/// loop's thread once the transfer is submitted (curl calls the callbacks from `curl_multi_perform` on that
/// thread); before that only by the submitting caller. The continuation and the cancelled flag, which other
/// threads reach, are behind a `Mutex`.
final class CurlTransfer: @unchecked Sendable {
    let easy: UnsafeMutableRawPointer
    private let request: HTTPClientRequest
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private var connectToList: UnsafeMutablePointer<curl_slist>?
    private let errorBuffer: UnsafeMutablePointer<CChar>

    private var status = 0
    private var headers: [HTTPHeaderField] = []
    private var body = Data()
    private var truncated = false
    /// Streaming: where the body's pieces go (nil: the body is collected).
    private let pieces: AsyncThrowingStream<Data, any Error>.Continuation?
    private var streamed = 0

    private struct Waiter {
        var continuation: CheckedContinuation<HTTPClientResponse, any Error>?
        var cancelled = false
        var finished = false
    }
    private let waiter = Mutex(Waiter())

    /// Configures a handle for `request`; throws `invalidRequest` when curl refuses an option.
    init(_ request: HTTPClientRequest, pieces: AsyncThrowingStream<Data, any Error>.Continuation? = nil) throws(HTTPClientError) {
        guard let scheme = request.url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw .invalidRequest("only http and https URLs can be fetched")
        }
        guard let host = request.url.host, !host.isEmpty else { throw .invalidRequest("the URL has no host") }
        guard let easy = curl_easy_init() else { throw .failed("libcurl could not create a transfer") }
        self.easy = easy
        self.request = request
        self.pieces = pieces
        let size = Int(ccurl_error_size())
        errorBuffer = .allocate(capacity: size)
        errorBuffer.initialize(repeating: 0, count: size)
        try configure(host: host, scheme: scheme)
    }

    deinit {
        curl_easy_cleanup(easy)
        curl_slist_free_all(headerList)
        curl_slist_free_all(connectToList)
        errorBuffer.deallocate()
    }

    // MARK: Options

    private func configure(host: String, scheme: String) throws(HTTPClientError) {
        let me = Unmanaged.passUnretained(self).toOpaque()
        try set(CURLOPT_URL, request.url.absoluteString)
        try set(CURLOPT_NOSIGNAL, 1)
        try set(CURLOPT_PROTOCOLS_STR, "http,https")
        try set(CURLOPT_FOLLOWLOCATION, 0)
        try set(CURLOPT_SSL_VERIFYPEER, 1)
        try set(CURLOPT_SSL_VERIFYHOST, 2)
        try set(CURLOPT_ACCEPT_ENCODING, "")
        try check(ccurl_easy_set_pointer(easy, CURLOPT_ERRORBUFFER, errorBuffer), "error buffer")
        try set(CURLOPT_TIMEOUT_MS, Self.milliseconds(request.timeout))
        if let connect = request.connectTimeout { try set(CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(connect)) }
        if let rate = request.minimumRate {
            try set(CURLOPT_LOW_SPEED_LIMIT, max(1, rate.bytesPerSecond))
            try set(CURLOPT_LOW_SPEED_TIME, max(1, Int(rate.window.components.seconds)))
        }
        if let cap = request.maxBodyBytes {
            try check(ccurl_easy_set_offset(easy, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(cap)), "size cap")
        }
        if !request.usesProxy { try set(CURLOPT_PROXY, "") }
        if let address = request.pinnedAddress {
            let port = request.url.port ?? (scheme == "https" ? 443 : 80)
            let target = address.contains(":") ? "[\(address)]" : address
            // CONNECT_TO is per handle (CURLOPT_RESOLVE would seed the shared DNS cache); a fresh, unshared
            // connection so no earlier connection to another address of this host is reused.
            let name = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
            connectToList = curl_slist_append(nil, "\(name):\(port):\(target):\(port)")
            try check(ccurl_easy_set_list(easy, CURLOPT_CONNECT_TO, connectToList), "pinned address")
            try set(CURLOPT_FRESH_CONNECT, 1)
            try set(CURLOPT_FORBID_REUSE, 1)
        }
        try setMethodAndBody()
        var list: UnsafeMutablePointer<curl_slist>? = nil
        for field in request.headers {
            let breaks = { (text: String) in text.unicodeScalars.contains { $0 == "\r" || $0 == "\n" || $0 == "\0" } }
            guard !breaks(field.name), !field.name.contains(":"), !field.name.isEmpty, !breaks(field.value) else {
                curl_slist_free_all(list)
                throw .invalidRequest("the header \(field.name.prefix(40)) holds a line break")
            }
            list = curl_slist_append(list, "\(field.name): \(field.value)")
        }
        list = curl_slist_append(list, "Expect:")  // no 100-continue round trip for bodies
        headerList = list
        try check(ccurl_easy_set_list(easy, CURLOPT_HTTPHEADER, headerList), "headers")
        try check(ccurl_easy_set_data_callback(easy, CURLOPT_WRITEFUNCTION, { data, size, count, context in
            guard let data, let context else { return 0 }
            return Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue().receiveBody(data, size * count)
        }), "write callback")
        try check(ccurl_easy_set_pointer(easy, CURLOPT_WRITEDATA, me), "write data")
        try check(ccurl_easy_set_data_callback(easy, CURLOPT_HEADERFUNCTION, { data, size, count, context in
            guard let data, let context else { return 0 }
            return Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue().receiveHeader(data, size * count)
        }), "header callback")
        try check(ccurl_easy_set_pointer(easy, CURLOPT_HEADERDATA, me), "header data")
    }

    private func setMethodAndBody() throws(HTTPClientError) {
        let method = request.method.uppercased()
        guard !method.isEmpty, method.allSatisfy({ $0.isLetter }) else { throw .invalidRequest("the method \(method.prefix(20)) is not a word") }
        switch method {
        case "GET" where request.body == nil: try set(CURLOPT_HTTPGET, 1)
        case "HEAD": try set(CURLOPT_NOBODY, 1)
        default:
            if method != "POST" { try set(CURLOPT_CUSTOMREQUEST, method) }
            if let body = request.body ?? (method == "POST" ? Data() : nil) {
                try check(ccurl_easy_set_offset(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)), "body size")
                // COPYPOSTFIELDS copies the bytes, so the body need not outlive this call.
                let code = body.withUnsafeBytes { raw -> CURLcode in
                    let empty: StaticString = ""
                    let pointer = raw.baseAddress ?? UnsafeRawPointer(empty.utf8Start)
                    return ccurl_easy_set_pointer(easy, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: pointer))
                }
                try check(code, "body")
            }
        }
    }

    private func set(_ option: CURLoption, _ value: Int) throws(HTTPClientError) {
        try check(ccurl_easy_set_long(easy, option, value), "option \(option.rawValue)")
    }

    private func set(_ option: CURLoption, _ value: String) throws(HTTPClientError) {
        try check(ccurl_easy_set_string(easy, option, value), "option \(option.rawValue)")
    }

    private func check(_ code: CURLcode, _ what: String) throws(HTTPClientError) {
        guard code == CURLE_OK else {
            throw .invalidRequest("libcurl refused the \(what): \(String(cString: curl_easy_strerror(code)))")
        }
    }

    /// Whole milliseconds, rounded up, at least one (0 would mean "no limit" to curl).
    static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        let millis = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int(max(1, millis))
    }

    // MARK: Callbacks (event-loop thread)

    private func receiveBody(_ data: UnsafeMutablePointer<CChar>, _ count: Int) -> Int {
        if let pieces {
            guard streamed + count <= request.maxBodyBytes ?? Int.max else {
                truncated = true
                return 0  // CURLE_WRITE_ERROR: `complete` ends the stream with bodyTooLarge
            }
            streamed += count
            pieces.yield(Data(bytes: data, count: count))
            return count
        }
        if let cap = request.maxBodyBytes, body.count + count > cap {
            body.append(UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: max(0, cap - body.count))
            truncated = true
            return 0  // stop reading: curl ends the transfer with CURLE_WRITE_ERROR, which `complete` expects
        }
        body.append(UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: count)
        return count
    }

    private func receiveHeader(_ data: UnsafeMutablePointer<CChar>, _ count: Int) -> Int {
        let line = String(decoding: UnsafeRawBufferPointer(start: data, count: count), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        if line.isEmpty, pieces != nil, status >= 200 {
            // The end of the final answer's headers: a streaming caller gets them now, the body follows.
            finish(.success(HTTPClientResponse(status: status, headers: headers)))
        } else if line.hasPrefix("HTTP/") {
            // A new status line (after a 1xx): the fields so far belonged to the interim answer.
            headers = []
            let parts = line.split(separator: " ", maxSplits: 2)
            status = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        } else if let colon = line.firstIndex(of: ":") {
            let name = String(line[..<colon]).trimmingCharacters(in: .whitespaces)
            let value = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            headers.append(HTTPHeaderField(name: name, value: value))
        }
        return count
    }

    // MARK: Completion

    /// Registers the caller; false when the transfer was cancelled before it started (the caller is resumed).
    func attach(_ continuation: CheckedContinuation<HTTPClientResponse, any Error>) -> Bool {
        let cancelled = waiter.withLock { state -> Bool in
            if state.cancelled { return true }
            state.continuation = continuation
            return false
        }
        if cancelled { continuation.resume(throwing: CancellationError()) }
        return !cancelled
    }

    /// Marks the transfer cancelled (before or after it started).
    func markCancelled() {
        waiter.withLock { $0.cancelled = true }
    }

    var isCancelled: Bool { waiter.withLock { $0.cancelled } }

    /// Resumes the caller with `result`, once.
    func finish(_ result: Result<HTTPClientResponse, any Error>) {
        let continuation = waiter.withLock { state -> CheckedContinuation<HTTPClientResponse, any Error>? in
            guard !state.finished else { return nil }
            state.finished = true
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(with: result)
        if case .failure(let error) = result { pieces?.finish(throwing: error) }
    }

    /// Turns curl's result code into the answer or an `HTTPClientError`, and resumes the caller.
    func complete(_ code: CURLcode) {
        if let pieces {
            if code == CURLE_OK {
                finish(.success(HTTPClientResponse(status: status, headers: headers)))  // a no-op after the headers
                pieces.finish()
            } else {
                finish(.failure(truncated ? HTTPClientError.bodyTooLarge(limit: request.maxBodyBytes ?? 0) : error(for: code)))
            }
            return
        }
        if code == CURLE_OK || (code == CURLE_WRITE_ERROR && truncated) {
            var answered = 0
            _ = ccurl_easy_get_long(easy, CURLINFO_RESPONSE_CODE, &answered)
            finish(.success(HTTPClientResponse(status: answered == 0 ? status : answered, headers: headers,
                                               body: body, truncated: truncated)))
            return
        }
        finish(.failure(error(for: code)))
    }

    private func error(for code: CURLcode) -> HTTPClientError {
        let host = request.url.host ?? "the server"
        let detail = errorBuffer.pointee == 0 ? String(cString: curl_easy_strerror(code)) : String(cString: errorBuffer)
        switch code {
        case CURLE_URL_MALFORMAT:
            return .invalidRequest(detail)
        case CURLE_UNSUPPORTED_PROTOCOL:
            return .badResponse(detail)  // the scheme was checked: this is an answer that is not HTTP/1.x (HTTP/0.9)
        case CURLE_COULDNT_RESOLVE_HOST:
            return .hostNotFound(host: host)
        case CURLE_COULDNT_RESOLVE_PROXY:
            return .connectFailed(host: host, reason: "the proxy's host name could not be resolved")
        case CURLE_COULDNT_CONNECT:
            var osError = 0
            _ = ccurl_easy_get_long(easy, CURLINFO_OS_ERRNO, &osError)
            if osError == Int(ECONNREFUSED) { return .connectionRefused(host: host) }
            if osError != 0 { return .connectFailed(host: host, reason: String(cString: strerror(Int32(osError))).lowercased()) }
            return .connectFailed(host: host, reason: detail)
        case CURLE_OPERATION_TIMEDOUT:
            if detail.hasPrefix("Operation too slow"), let rate = request.minimumRate {
                return .tooSlow(bytesPerSecond: rate.bytesPerSecond, seconds: max(1, Int(rate.window.components.seconds)))
            }
            var connected: curl_off_t = 0
            _ = ccurl_easy_get_offset(easy, CURLINFO_CONNECT_TIME_T, &connected)
            if connected == 0, let connect = request.connectTimeout, connect < request.timeout {
                return .connectTimedOut(host: host, seconds: Self.seconds(connect))
            }
            return .timedOut(seconds: Self.seconds(request.timeout))
        case CURLE_FILESIZE_EXCEEDED:
            return .bodyTooLarge(limit: request.maxBodyBytes ?? 0)
        case CURLE_SSL_CONNECT_ERROR where detail.contains("wrong version number") || detail.contains("packet length too long"):
            return .notTLS(host: host)
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
             CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_ENGINE_INITFAILED:
            return .tls(host: host, reason: detail)
        case CURLE_GOT_NOTHING:
            return .connectionLost(reason: "the server closed the connection without answering")
        case CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE:
            return .connectionLost(reason: detail)
        case CURLE_WEIRD_SERVER_REPLY, CURLE_HTTP2, CURLE_HTTP2_STREAM, CURLE_BAD_CONTENT_ENCODING:
            return .badResponse(detail)
        default:
            return .failed(detail)
        }
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(milliseconds(duration)) / 1000
    }
}
