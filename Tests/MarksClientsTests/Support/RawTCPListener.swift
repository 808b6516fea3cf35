import Foundation
import Glibc
import Synchronization

/// A bare TCP listener on 127.0.0.1, port 0, for network-failure tests: it accepts connections and either
/// never answers, or reads the request head and writes fixed bytes. Built on Glibc sockets so the test
/// controls exactly what goes over the wire.
final class RawTCPListener: Sendable {
    enum Behaviour: Sendable {
        /// Accept and never answer (the connection stays open until `stop()`).
        case silent
        /// Read the request head, write these bytes, close.
        case answer(Data)
    }

    enum Failure: Error { case socket(String) }

    let port: UInt16
    private let listener: Int32
    private let behaviour: Behaviour
    private let openConnections = Mutex<[Int32]>([])
    private let received = Mutex<[String]>([])

    init(_ behaviour: Behaviour) throws {
        self.behaviour = behaviour
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure.socket("socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            close(fd)
            throw Failure.socket("bind/listen: errno \(errno)")
        }
        guard let port = Self.boundPort(fd) else {
            close(fd)
            throw Failure.socket("getsockname: errno \(errno)")
        }
        self.listener = fd
        self.port = port
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// A port that was free a moment ago and now has nothing listening (connections are refused).
    static func closedPort() throws -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure.socket("socket: errno \(errno)") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, let port = boundPort(fd) else { throw Failure.socket("bind: errno \(errno)") }
        return port
    }

    /// The request heads received so far.
    var requests: [String] { received.withLock { $0 } }

    /// Stops accepting (the accept loop closes the listening socket) and closes open connections.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        let connections = openConnections.withLock { fds -> [Int32] in
            defer { fds = [] }
            return fds
        }
        for fd in connections { close(fd) }
    }

    private static func boundPort(_ fd: Int32) -> UInt16? {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let result = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return result == 0 ? UInt16(bigEndian: address.sin_port) : nil
    }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR { continue }
                close(listener)
                return
            }
            switch behaviour {
            case .silent:
                openConnections.withLock { $0.append(connection) }
            case .answer(let bytes):
                let head = readHead(connection)
                received.withLock { $0.append(head) }
                writeAll(connection, bytes)
                shutdown(connection, Int32(SHUT_WR))
                close(connection)
            }
        }
    }

    private func readHead(_ fd: Int32) -> String {
        var data = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let end: [UInt8] = Array("\r\n\r\n".utf8)
        while data.count < 65_536 {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            data += buffer[0..<count]
            if data.count >= 4, data.suffix(from: max(0, data.count - count - 3)).firstRange(of: end) != nil { break }
        }
        return String(decoding: data, as: UTF8.self)
    }

    private func writeAll(_ fd: Int32, _ bytes: Data) {
        var offset = 0
        let array = [UInt8](bytes)
        while offset < array.count {
            let written = array[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written <= 0 { return }
            offset += written
        }
    }
}

extension Data {
    /// A complete HTTP/1.1 answer with a body and `Connection: close`.
    static func httpAnswer(status: String, contentType: String, body: String, extraHeaders: String = "") -> Data {
        let payload = Data(body.utf8)
        let head = "HTTP/1.1 \(status)\r\nContent-Type: \(contentType)\r\nContent-Length: \(payload.count)\r\n\(extraHeaders)Connection: close\r\n\r\n"
        return Data(head.utf8) + payload
    }
}
