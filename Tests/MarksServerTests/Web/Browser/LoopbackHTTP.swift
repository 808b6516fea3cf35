import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A minimal HTTP/1.1 client for chromedriver on loopback. FoundationNetworking cannot read chromedriver's
/// answers (it writes `Content-Length:250` without a space, and libcurl's header callback in Foundation
/// fails with "Failed writing header"), so this speaks the protocol over a socket, on a GCD thread so the
/// Swift concurrency pool stays free for the server under test.
enum LoopbackHTTP {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Sends one request with `Connection: close` and returns the status and body. The timeout is a hang guard:
    /// a navigation waits for its page, and on two shared cores a page once took longer than a minute.
    static func send(port: Int, method: String, path: String, body: Data?, timeoutSeconds: Int = 120) async throws -> (Int, Data) {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try exchange(port: port, method: method, path: path, body: body, timeoutSeconds: timeoutSeconds) })
            }
        }
    }

    private static func exchange(port: Int, method: String, path: String, body: Data?, timeoutSeconds: Int) throws -> (Int, Data) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: \(errno)") }
        defer { close(fd) }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure(description: "connect to \(port): \(errno)") }
        let payload = body ?? Data()
        var request = Data("\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n".utf8)
        request += Data("Content-Type: application/json; charset=utf-8\r\nContent-Length: \(payload.count)\r\n\r\n".utf8)
        request += payload
        try request.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count, let base = raw.baseAddress {
                let sent = Glibc.send(fd, base + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                guard sent > 0 else { throw Failure(description: "send: \(errno)") }
                offset += sent
            }
        }
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count < 0 { throw Failure(description: "recv: \(errno)") }
            if count == 0 { break }
            received.append(contentsOf: buffer[0..<count])
            if let (status, body) = complete(received) { return (status, body) }
        }
        guard let (status, body) = complete(received, atEnd: true) else { throw Failure(description: "incomplete answer") }
        return (status, body)
    }

    /// The status and body once the whole answer (by Content-Length, or at the end) has arrived.
    private static func complete(_ data: Data, atEnd: Bool = false) -> (Int, Data)? {
        guard let split = data.range(of: Data("\r\n\r\n".utf8)) else { return nil }
        let head = String(decoding: data[..<split.lowerBound], as: UTF8.self)
        let lines = head.split(separator: "\r\n")
        guard let statusLine = lines.first, let status = Int(statusLine.split(separator: " ").dropFirst().first ?? "") else { return nil }
        let body = data[split.upperBound...]
        let length = lines.dropFirst().compactMap { line -> Int? in
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
            return Int(parts[1].trimmingCharacters(in: .whitespaces))
        }.first
        if let length { return body.count >= length ? (status, Data(body.prefix(length))) : nil }
        return atEnd ? (status, Data(body)) : nil
    }
}
