import CMicroHTTPD
import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Keeps connection floods from locking everyone out: at most `perAddress` connections from one non-loopback
/// address, at most `maxConnections - loopbackReserve` from non-loopback addresses together (the rest is kept for
/// loopback: the owner's browser, a local TLS proxy), and a deadline for every connection that is not running a
/// request: its request line and headers must arrive within `headerTimeout` of its opening (or of its request line),
/// and a keep-alive connection may sit idle for `keepAliveTimeout` after a response. A sweep every fraction of a
/// second shuts overdue sockets down (`shutdown`, so libmicrohttpd sees the end of the stream and closes the
/// connection itself).
///
/// A record's deadline is an atomic the worker thread of its connection stores to (no lock on the request path);
/// the table of records changes only when a connection opens or closes, under `state`'s lock, which the sweep
/// also holds while it shuts sockets down: libmicrohttpd reports a connection closed before it closes its socket,
/// so a swept descriptor is never one the kernel handed out again.
final class ConnectionGuard: Sendable {
    struct AddressKey: Hashable, Sendable {
        let high: UInt64
        let low: UInt64
    }

    /// One open connection.
    final class Record: Sendable {
        let descriptor: Int32
        let address: AddressKey
        let isLoopback: Bool
        /// Monotonic nanoseconds by which the connection must have sent a request's headers; `Int.max` while a
        /// request runs.
        let deadline: Atomic<Int>

        init(descriptor: Int32, address: AddressKey, isLoopback: Bool, deadline: Int) {
            self.descriptor = descriptor
            self.address = address
            self.isLoopback = isLoopback
            self.deadline = Atomic(deadline)
        }
    }

    private struct State {
        var records: [ObjectIdentifier: Record] = [:]
        var perAddress: [AddressKey: Int] = [:]
        var remote = 0
        var swept = 0
    }

    let perAddress: Int
    let remoteCap: Int
    let headerTimeout: Int
    let keepAliveTimeout: Int
    private let state = Locked(State())

    init(configuration: HTTPServer.Configuration) {
        perAddress = configuration.maxConnectionsPerAddress
        remoteCap = max(1, configuration.maxConnections - configuration.loopbackReserve)
        headerTimeout = Self.nanoseconds(configuration.headerTimeout)
        keepAliveTimeout = Self.nanoseconds(configuration.keepAliveTimeout)
    }

    static func nanoseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(clamping: seconds) &* 1_000_000_000 &+ Int(attoseconds / 1_000_000_000)
    }

    static var now: Int { Int(clamping: DispatchTime.now().uptimeNanoseconds) }

    /// Connections the sweep shut down so far (for tests).
    var sweptCount: Int { state.withLock { $0.swept } }

    /// Whether a new connection from `address` fits (called before libmicrohttpd adds it).
    func admits(_ address: UnsafePointer<sockaddr>?) -> Bool {
        var high: UInt64 = 0, low: UInt64 = 0
        var loopback: Int32 = 0
        guard marks_address_key(address, &high, &low, &loopback) == 1 else { return false }
        if loopback == 1 { return true }  // only libmicrohttpd's own cap applies
        let key = AddressKey(high: high, low: low)
        return state.withLock { state in
            state.remote < remoteCap && state.perAddress[key, default: 0] < perAddress
        }
    }

    /// Records an opened connection; the returned pointer (a retained record) is its socket context.
    func opened(_ connection: OpaquePointer) -> UnsafeMutableRawPointer? {
        var descriptor: Int32 = -1
        var high: UInt64 = 0, low: UInt64 = 0
        var loopback: Int32 = 0
        guard marks_mhd_connection_identity(connection, &descriptor, &high, &low, &loopback) == 1 else { return nil }
        let record = Record(descriptor: descriptor, address: AddressKey(high: high, low: low), isLoopback: loopback == 1,
                            deadline: Self.now &+ headerTimeout)
        state.withLock { state in
            state.records[ObjectIdentifier(record)] = record
            if !record.isLoopback {
                state.remote += 1
                state.perAddress[record.address, default: 0] += 1
            }
        }
        return Unmanaged.passRetained(record).toOpaque()
    }

    /// Forgets a closed connection (before libmicrohttpd closes its socket) and releases its record.
    func closed(_ pointer: UnsafeMutableRawPointer) {
        let record = Unmanaged<Record>.fromOpaque(pointer).takeRetainedValue()
        state.withLock { state in
            guard state.records.removeValue(forKey: ObjectIdentifier(record)) != nil, !record.isLoopback else { return }
            state.remote -= 1
            let left = state.perAddress[record.address, default: 1] - 1
            state.perAddress[record.address] = left > 0 ? left : nil
        }
    }

    /// A request line arrived on the record's connection: its headers are due within the header timeout.
    func requestStarted(_ record: Record?) {
        record?.deadline.store(Self.now &+ headerTimeout, ordering: .relaxed)
    }

    /// The headers are in: no deadline while the request runs (libmicrohttpd's idle timeout still applies).
    func requestRunning(_ record: Record?) {
        record?.deadline.store(.max, ordering: .relaxed)
    }

    /// The response went out: the connection may now idle for the keep-alive timeout.
    func requestFinished(_ record: Record?) {
        record?.deadline.store(Self.now &+ keepAliveTimeout, ordering: .relaxed)
    }

    /// The record of a connection (its socket context), if it has one.
    static func record(of connection: OpaquePointer) -> Record? {
        marks_mhd_socket_context(connection).map { Unmanaged<Record>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Shuts down every connection past its deadline; returns how many.
    @discardableResult
    func sweep(now: Int = ConnectionGuard.now) -> Int {
        state.withLock { state in
            var count = 0
            for record in state.records.values where record.deadline.load(ordering: .relaxed) < now {
                record.deadline.store(.max, ordering: .relaxed)
                shutdown(record.descriptor, Int32(SHUT_RDWR))
                count += 1
            }
            state.swept += count
            return count
        }
    }

    /// How often to sweep: a quarter of the shorter timeout, between 50 ms and 1 s.
    var sweepInterval: DispatchTimeInterval {
        .nanoseconds(min(1_000_000_000, max(50_000_000, min(headerTimeout, keepAliveTimeout) / 4)))
    }
}
