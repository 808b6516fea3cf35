import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The one raw HTTP client of the tests: a bare TCP client on Glibc sockets, so tests can send malformed bytes,
/// watch the connection, or speak to a server Foundation's client cannot read (chromedriver). `exchange` is one
/// request and its answer on a fresh connection. Its blocking calls run on its own dispatch queue (which gets its
/// own thread), never on the cooperative pool the server's responders need.
///
/// `@unchecked Sendable`: a test uses one connection from one task at a time, and every access to
/// `buffer` happens on `queue`.
public final class RawConnection: @unchecked Sendable {
    public struct Response: Sendable {
        public let status: Int
        public let headers: [(String, String)]
        public let body: [UInt8]

        public func header(_ name: String) -> String? {
            headers.first { $0.0.lowercased() == name.lowercased() }?.1
        }

        public var text: String { String(decoding: body, as: UTF8.self) }
    }

    public enum Failure: Error {
        case connect(Int32)
        case timeout
        case closed([UInt8])
        case malformed(String)
    }

    private let descriptor: Int32
    private var buffer: [UInt8] = []
    /// The last bytes `read(until:)` returned, so a marker split across two reads is still found.
    private var returnedTail: [UInt8] = []
    private let queue = DispatchQueue(label: "RawConnection")

    private func offload<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try work() }) }
        }
    }

    private func offload<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: work()) }
        }
    }

    public init(port: Int, host: String = "127.0.0.1") throws {
        descriptor = try Self.connected(port: port, host: host)
    }

    /// Sends `request` on a fresh connection and reads its answer (say `Connection: close` when the answer may have no
    /// Content-Length: it is then read to the end). A server that answers early and closes (a 413 before the whole
    /// body was sent) still gives its answer; a HEAD request's answer has no body.
    public static func exchange(port: Int, host: String = "127.0.0.1", _ request: [UInt8],
                                timeout: Duration = .seconds(20)) async throws -> Response {
        let connection = try RawConnection(port: port, host: host)
        await connection.send(request)
        return try await connection.readResponse(bodyExpected: !request.starts(with: Array("HEAD ".utf8)), timeout: timeout)
    }

    /// `exchange` with a request written as text.
    public static func exchange(port: Int, host: String = "127.0.0.1", _ request: String,
                                timeout: Duration = .seconds(20)) async throws -> Response {
        try await exchange(port: port, host: host, Array(request.utf8), timeout: timeout)
    }

    /// A connected socket, or an error with nothing left open (the caller owns only what it gets).
    private static func connected(port: Int, host: String) throws -> Int32 {
        let isV6 = host.contains(":")
        let descriptor = socket(isV6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw Failure.connect(errno) }
        var result: Int32
        if isV6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = in_port_t(UInt16(port).bigEndian)
            inet_pton(AF_INET6, host, &address.sin6_addr)
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            inet_pton(AF_INET, host, &address.sin_addr)
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        }
        guard result == 0 else {
            let code = errno
            close(descriptor)
            throw Failure.connect(code)
        }
        return descriptor
    }

    deinit { close(descriptor) }

    /// Sends everything it can; returns false when the peer closed (EPIPE/ECONNRESET).
    @discardableResult
    public func send(_ bytes: [UInt8]) async -> Bool {
        await offload { self.sendNow(bytes) }
    }

    @discardableResult
    public func send(_ text: String) async -> Bool { await send(Array(text.utf8)) }

    private func sendNow(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += sent
        }
        return true
    }

    /// Half-closes the sending side.
    public func finishSending() { shutdown(descriptor, Int32(SHUT_WR)) }

    /// Reads more bytes; nil on timeout, empty on EOF or reset.
    private func readMore(timeout: Duration) -> [UInt8]? {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        let ready = poll(&poller, 1, milliseconds)
        guard ready > 0 else { return nil }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        return count > 0 ? Array(chunk[..<count]) : []
    }

    /// Waits until the server closes the connection (EOF or reset); false on timeout.
    /// Any bytes sent before closing are returned through `received`.
    public func waitForClose(timeout: Duration = .seconds(10)) async -> (closed: Bool, received: [UInt8]) {
        await offload { self.waitForCloseNow(timeout: timeout) }
    }

    private func waitForCloseNow(timeout: Duration) -> (closed: Bool, received: [UInt8]) {
        let deadline = ContinuousClock.now + timeout
        var received = buffer
        buffer = []
        while ContinuousClock.now < deadline {
            guard let chunk = readMore(timeout: deadline - ContinuousClock.now) else { break }
            if chunk.isEmpty { return (true, received) }
            received += chunk
        }
        return (false, received)
    }

    /// Reads until what arrived (since the last read) contains `marker`, and returns all of it; nil on timeout or EOF
    /// first (a streamed answer read piece by piece).
    public func read(until marker: String, timeout: Duration = .seconds(10)) async -> [UInt8]? {
        await offload { self.readNow(until: Array(marker.utf8), timeout: timeout) }
    }

    private func readNow(until marker: [UInt8], timeout: Duration) -> [UInt8]? {
        let deadline = ContinuousClock.now + timeout
        // A marker may straddle two reads: the end of what an earlier read returned counts, the marker must end in new bytes.
        let carried = Array(returnedTail.suffix(max(0, marker.count - 1)))
        while Self.find(marker, in: carried + buffer) == nil {
            guard ContinuousClock.now < deadline, let chunk = readMore(timeout: deadline - ContinuousClock.now), !chunk.isEmpty else { return nil }
            buffer += chunk
        }
        defer {
            returnedTail = Array((returnedTail + buffer).suffix(256))
            buffer = []
        }
        return buffer
    }

    /// Reads one response; `bodyExpected: false` for HEAD, 204 and 304. Without a Content-Length the body runs to
    /// the end of the connection (an answer to `Connection: close`).
    public func readResponse(bodyExpected: Bool = true, timeout: Duration = .seconds(10)) async throws -> Response {
        try await offload { try self.readResponseNow(bodyExpected: bodyExpected, timeout: timeout) }
    }

    private func readResponseNow(bodyExpected: Bool, timeout: Duration) throws -> Response {
        let deadline = ContinuousClock.now + timeout
        func fill() throws {
            guard let chunk = readMore(timeout: max(.zero, deadline - ContinuousClock.now)) else { throw Failure.timeout }
            if chunk.isEmpty { throw Failure.closed(buffer) }
            buffer += chunk
        }
        var headerEnd: Int?
        while headerEnd == nil {
            headerEnd = Self.find([13, 10, 13, 10], in: buffer)
            if headerEnd == nil { try fill() }
        }
        guard let end = headerEnd else { throw Failure.malformed("no header end") }
        let head = String(decoding: buffer[..<end], as: UTF8.self)
        buffer.removeFirst(end + 4)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw Failure.malformed(head) }
        let headers = lines.compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let response = Response(status: status, headers: headers, body: [])
        guard bodyExpected, status != 204, status != 304, status >= 200 else { return response }
        if let length = response.header("Content-Length").flatMap(Int.init) {
            while buffer.count < length { try fill() }
            let body = Array(buffer[..<length])
            buffer.removeFirst(length)
            return Response(status: status, headers: headers, body: body)
        }
        while true {
            guard let chunk = readMore(timeout: max(.zero, deadline - ContinuousClock.now)) else { throw Failure.timeout }
            if chunk.isEmpty { break }
            buffer += chunk
        }
        defer { buffer = [] }
        return Response(status: status, headers: headers, body: buffer)
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start..<start + needle.count].elementsEqual(needle) {
            return start
        }
        return nil
    }
}
