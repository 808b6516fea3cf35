import Foundation
import Glibc
import Synchronization

/// A bare TCP listener on 127.0.0.1, port 0, for network tests and benchmarks: it accepts connections and
/// misbehaves on purpose — never answers, answers fixed bytes, or streams a body forever or a byte at a time.
/// Built on Glibc sockets so the test controls exactly what goes over the wire.
public final class RawTCPListener: Sendable {
    public enum Behaviour: Sendable {
        /// Accept and never answer (the connection stays open until `stop()`).
        case silent
        /// Read the request head, write these bytes, close.
        case answer(Data)
        /// Write these bytes at once, without reading (a plain-HTTP server answering a TLS hello with an error), close.
        case greet(Data)
        /// Read the request head, write what `reply` makes of it, close.
        case reply(@Sendable (String) -> Data)
        /// Read the request head, write `head`, then `chunk` again and again (after `pause` each time, if
        /// given) until the client goes away or `stop()`: an endless or trickling body.
        case stream(head: Data, chunk: Data, pause: Duration?)
    }

    public enum Failure: Error { case socket(String) }

    public let port: UInt16
    private let listener: Int32
    private let behaviour: Behaviour
    private let openConnections = Mutex<[Int32]>([])
    private let received = Mutex<[String]>([])
    private let sent = Atomic<Int>(0)
    private let stopped = Atomic<Bool>(false)
    private let acceptedCount = Atomic<Int>(0)

    public init(_ behaviour: Behaviour) throws {
        self.behaviour = behaviour
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Failure.socket("socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
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
    public static func closedPort() throws -> UInt16 {
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

    /// `http://127.0.0.1:<port>` plus a path.
    public func url(_ path: String = "/") -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)") ?? URL(fileURLWithPath: "/")
    }

    /// The request heads received so far.
    public var requests: [String] { received.withLock { $0 } }

    /// Connections accepted so far.
    public var accepted: Int { acceptedCount.load(ordering: .relaxed) }

    /// Suspends until at least `count` connections were accepted.
    public func waitForConnections(_ count: Int = 1) async throws {
        while accepted < count { try await Task.sleep(for: .milliseconds(10)) }
    }

    /// Body and head bytes written so far, over all connections.
    public var bytesSent: Int { sent.load(ordering: .relaxed) }

    /// Stops accepting (the accept loop closes the listening socket) and closes open connections.
    public func stop() {
        stopped.store(true, ordering: .relaxed)
        shutdown(listener, Int32(SHUT_RDWR))
        let connections = openConnections.withLock { fds -> [Int32] in
            defer { fds = [] }
            return fds
        }
        for fd in connections {
            shutdown(fd, Int32(SHUT_RDWR))
            if case .silent = behaviour { close(fd) }  // no thread serves it; others close their own
        }
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
            openConnections.withLock { $0.append(connection) }
            acceptedCount.add(1, ordering: .relaxed)
            if stopped.load(ordering: .relaxed) { shutdown(connection, Int32(SHUT_RDWR)) }
            switch behaviour {
            case .silent:
                break  // kept open until stop()
            default:
                let thread = Thread { [self] in serve(connection) }
                thread.start()
            }
        }
    }

    private func serve(_ connection: Int32) {
        defer {
            openConnections.withLock { $0.removeAll { $0 == connection } }
            close(connection)
        }
        if case .greet(let bytes) = behaviour {
            _ = writeAll(connection, bytes)
            shutdown(connection, Int32(SHUT_WR))
            _ = readHead(connection)  // until the client closes, so it reads the bytes rather than a reset
            return
        }
        let head = readHead(connection)
        received.withLock { $0.append(head) }
        switch behaviour {
        case .silent, .greet:
            return
        case .answer(let bytes):
            _ = writeAll(connection, bytes)
        case .reply(let reply):
            _ = writeAll(connection, reply(head))
        case .stream(let first, let chunk, let pause):
            guard writeAll(connection, first) else { return }
            while !stopped.load(ordering: .relaxed) {
                if let pause { Thread.sleep(forTimeInterval: Double(pause.components.seconds) + Double(pause.components.attoseconds) / 1e18) }
                guard writeAll(connection, chunk) else { return }
            }
        }
        shutdown(connection, Int32(SHUT_WR))
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

    private func writeAll(_ fd: Int32, _ bytes: Data) -> Bool {
        var offset = 0
        let array = [UInt8](bytes)
        while offset < array.count {
            let written = array[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written <= 0 { return false }
            offset += written
            sent.add(written, ordering: .relaxed)
        }
        return true
    }
}

extension Data {
    /// A complete HTTP/1.1 answer with a body and `Connection: close`.
    public static func httpAnswer(status: String, contentType: String, body: String, extraHeaders: String = "") -> Data {
        let payload = Data(body.utf8)
        let head = "HTTP/1.1 \(status)\r\nContent-Type: \(contentType)\r\nContent-Length: \(payload.count)\r\n\(extraHeaders)Connection: close\r\n\r\n"
        return Data(head.utf8) + payload
    }

    /// The head of an answer whose body never ends (no length, `Connection: close`), or declares `length`.
    public static func httpHead(status: String = "200 OK", contentType: String = "text/html", length: Int? = nil) -> Data {
        let declared = length.map { "Content-Length: \($0)\r\n" } ?? ""
        return Data("HTTP/1.1 \(status)\r\nContent-Type: \(contentType)\r\n\(declared)Connection: close\r\n\r\n".utf8)
    }
}
