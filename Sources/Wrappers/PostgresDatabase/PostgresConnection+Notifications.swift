import CPostgres
#if canImport(Glibc)
import Glibc
#endif

// LISTEN / NOTIFY: a wake-up hint between processes sharing one database (see PostgresNotification).

extension PostgresConnection {
    /// Starts listening on `channel`; notifications sent on it then arrive through `waitForNotification`.
    /// Inside a transaction, listening starts when it commits.
    public func listen(_ channel: String) throws(PostgresError) {
        try executeScript("LISTEN \(try Self.quotedChannel(channel))")
    }

    /// Stops listening on `channel`.
    public func unlisten(_ channel: String) throws(PostgresError) {
        try executeScript("UNLISTEN \(try Self.quotedChannel(channel))")
    }

    /// Sends `payload` on `channel` (`pg_notify`). Inside a transaction it is delivered when that commits, and not
    /// at all if it rolls back.
    public func notify(channel: String, payload: String = "") throws(PostgresError) {
        _ = try Self.quotedChannel(channel)
        try execute("SELECT pg_notify($1, $2)", [.text(channel), .text(payload)])
    }

    /// Blocks up to `timeout` for the next notification on a channel this connection listens on; nil when none
    /// came in time. Call it outside a transaction: the server holds notifications back from an open one.
    public func waitForNotification(timeout: Duration) throws(PostgresError) -> PostgresNotification? {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while true {
            guard PQconsumeInput(handle) == 1 else {
                throw PostgresError(result: nil, connection: handle, sql: nil)
            }
            if let notification = nextNotification() {
                return notification
            }
            let remaining = clock.now.duration(to: deadline)
            guard remaining > .zero else { return nil }
            let socket = PQsocket(handle)
            guard socket >= 0 else {
                throw PostgresError(kind: .connectionLost, message: "the connection has no socket")
            }
            var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Self.milliseconds(remaining))
            if ready < 0 && errno != EINTR {
                throw PostgresError(kind: .connectionLost, message: "waiting on the connection's socket failed (errno \(errno))")
            }
        }
    }

    private func nextNotification() -> PostgresNotification? {
        guard let raw = PQnotifies(handle) else { return nil }
        defer { PQfreemem(raw) }
        return PostgresNotification(
            channel: raw.pointee.relname.map { String(cString: $0) } ?? "",
            payload: raw.pointee.extra.map { String(cString: $0) } ?? "",
            senderPID: Int(raw.pointee.be_pid))
    }

    /// A channel name as a quoted identifier; refuses names PostgreSQL would truncate or reject.
    private static func quotedChannel(_ channel: String) throws(PostgresError) -> String {
        guard !channel.isEmpty, channel.utf8.count < 64, !channel.utf8.contains(0) else {
            throw .misuse("a channel name is 1 to 63 bytes without NUL characters")
        }
        return "\"" + channel.replacing("\"", with: "\"\"") + "\""
    }

    /// A positive duration in whole milliseconds, rounded up, as poll(2) takes it.
    private static func milliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        let total = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: max(1, total))
    }
}
