import Foundation
import MarksCore
import SQLiteDatabase

/// What `/healthz` says about the backend's database: which kind, whether it answered one round trip, and how long
/// that took. A failure is 503 with no detail (the server log has it): `/healthz` answers anyone.
public struct DatabaseHealth: Sendable, Equatable {
    /// `sqlite` or `postgresql`.
    public var kind: String
    /// Whether the database answered.
    public var ok: Bool
    /// The server's version number (PostgreSQL's `server_version_num`), when known.
    public var serverVersion: Int?
    /// How long the look took.
    public var elapsed: Duration

    public init(kind: String, ok: Bool, serverVersion: Int?, elapsed: Duration) {
        self.kind = kind
        self.ok = ok
        self.serverVersion = serverVersion
        self.elapsed = elapsed
    }

    /// The look at a SQLite database: one read on a reader connection.
    public static func sqlite(_ database: Database) -> @Sendable () -> DatabaseHealth {
        let clock = ContinuousClock()
        return {
            let start = clock.now
            do {
                _ = try database.read { try $0.queryOne("SELECT 1") }
                return DatabaseHealth(kind: "sqlite", ok: true, serverVersion: nil, elapsed: clock.now - start)
            } catch {
                return DatabaseHealth(kind: "sqlite", ok: false, serverVersion: nil, elapsed: clock.now - start)
            }
        }
    }

    /// The `database` member of `/healthz`'s answer.
    var json: JSONValue {
        let (seconds, attoseconds) = elapsed.components
        let milliseconds = (Double(seconds) * 1000 + Double(attoseconds) / 1e15)
        var members: [(String, JSONValue)] = [("kind", .string(kind)), ("ok", .bool(ok)),
                                              ("ms", .double((milliseconds * 100).rounded() / 100))]
        if let serverVersion { members.append(("server_version", .int(serverVersion))) }
        return .object(members)
    }
}
