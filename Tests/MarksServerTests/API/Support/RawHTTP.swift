import Foundation
import HTTPServer
#if canImport(Glibc)
import Glibc
#endif

/// Sends raw bytes to 127.0.0.1:port and reads the whole answer (the request should say `Connection: close`).
/// The blocking socket calls run on a dispatch queue of their own, never on the cooperative pool the server
/// needs; the socket has a receive timeout so a test cannot hang.
enum RawHTTP {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func exchange(port: Int, _ request: Data, timeoutSeconds: Int = 20) async throws -> APIReply {
        let bytes = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data, Error>) in
            DispatchQueue(label: "RawHTTP").async {
                continuation.resume(with: Result { try blockingExchange(port: port, request, timeoutSeconds: timeoutSeconds) })
            }
        }
        return try parse(bytes)
    }

    static func exchange(port: Int, _ request: String) async throws -> APIReply {
        try await exchange(port: port, Data(request.utf8))
    }

    private static func blockingExchange(port: Int, _ request: Data, timeoutSeconds: Int) throws -> Data {
        let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketFD >= 0 else { throw Failure(description: "socket() failed") }
        defer { close(socketFD) }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(socketFD, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure(description: "connect() failed: \(errno)") }
        var sent = 0
        try request.withUnsafeBytes { raw in
            while sent < raw.count, let base = raw.baseAddress {
                let n = send(socketFD, base + sent, raw.count - sent, Int32(MSG_NOSIGNAL))
                if n <= 0 {
                    if errno == EPIPE || errno == ECONNRESET { return }  // the server may answer early (413) and close
                    throw Failure(description: "send() failed: \(errno)")
                }
                sent += n
            }
        }
        var answer = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = recv(socketFD, &buffer, buffer.count, 0)
            if n > 0 { answer.append(contentsOf: buffer[0..<n]); continue }
            if n == 0 || errno == ECONNRESET { break }
            throw Failure(description: "recv() failed or timed out: \(errno)")
        }
        return answer
    }

    /// Status line, headers and body of a `Connection: close` answer (no chunked decoding needed: the server
    /// always sends Content-Length).
    private static func parse(_ data: Data) throws -> APIReply {
        let bytes = [UInt8](data)
        guard let end = BytesSearch.index(of: [13, 10, 13, 10], in: bytes) else {
            throw Failure(description: "no header end in \(String(decoding: bytes.prefix(200), as: UTF8.self))")
        }
        let head = String(decoding: bytes[0..<end], as: UTF8.self).components(separatedBy: "\r\n")
        guard let statusLine = head.first, statusLine.split(separator: " ").count >= 2,
              let status = Int(statusLine.split(separator: " ")[1]) else { throw Failure(description: "bad status line") }
        var headers = [(String, String)]()
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.append((String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        return APIReply(status: status, headers: .init(headers), body: Data(bytes[(end + 4)...]))
    }
}

enum BytesSearch {
    static func index(of pattern: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= pattern.count else { return nil }
        for start in 0...(bytes.count - pattern.count) where bytes[start..<(start + pattern.count)].elementsEqual(pattern) {
            return start
        }
        return nil
    }
}
