import Foundation
import SQLiteDatabase

/// Sessions and sign-in links kept server-side, in `marks.sqlite` (`WebAuthSchema`). Every call is one short
/// statement on the shared database; the callers are request handlers on their own threads.
public struct WebSessionStore: Sendable {
    /// A signed-in browser as the Devices list shows it.
    public struct Record: Sendable, Equatable {
        public var id: String
        public var created: Date
        public var lastSeen: Date
        public var expires: Date
        /// "Chrome on Android" and the like.
        public var device: String

        /// A record from its parts.
        public init(id: String, created: Date, lastSeen: Date, expires: Date, device: String) {
            self.id = id
            self.created = created
            self.lastSeen = lastSeen
            self.expires = expires
            self.device = device
        }
    }

    public let database: Database
    /// A session's last-seen time is written at most this often.
    public static let touchInterval: TimeInterval = 300

    /// The store; applies the `web_auth` migrations.
    public init(database: Database) throws {
        self.database = database
        try database.migrate(namespace: WebAuthSchema.namespace, WebAuthSchema.migrations)
    }

    // MARK: Links

    /// Records an unused link (by its token's hash); drops expired ones and keeps at most `keep` live links.
    public func addLink(hash: String, created: Date, expires: Date, keep: Int) throws {
        try database.write { db in
            _ = try db.run("DELETE FROM web_signin_links WHERE expires_at <= ?", Self.values(created.timeIntervalSince1970))
            _ = try db.run("INSERT INTO web_signin_links (token_hash, created_at, expires_at) VALUES (?, ?, ?)",
                           Self.values(hash, created.timeIntervalSince1970, expires.timeIntervalSince1970))
            _ = try db.run("""
                DELETE FROM web_signin_links WHERE token_hash NOT IN
                    (SELECT token_hash FROM web_signin_links ORDER BY created_at DESC, rowid DESC LIMIT ?)
                """, Self.values(keep))
        }
    }

    /// Uses up a link: true when it existed and had not expired at `now` (then it is gone).
    public func redeemLink(hash: String, now: Date) throws -> Bool {
        try database.write { db in
            let used = try db.run("DELETE FROM web_signin_links WHERE token_hash = ? AND expires_at > ?", Self.values(hash, now.timeIntervalSince1970))
            _ = try db.run("DELETE FROM web_signin_links WHERE expires_at <= ?", Self.values(now.timeIntervalSince1970))
            return used == 1
        }
    }

    // MARK: Sessions

    /// Records a new session.
    public func addSession(_ record: Record) throws {
        try database.write { db in
            _ = try db.run("DELETE FROM web_sessions WHERE expires_at <= ?", Self.values(record.created.timeIntervalSince1970))
            _ = try db.run("INSERT INTO web_sessions (id, created_at, last_seen_at, expires_at, device) VALUES (?, ?, ?, ?, ?)",
                           Self.values(record.id, record.created.timeIntervalSince1970, record.created.timeIntervalSince1970,
                                       record.expires.timeIntervalSince1970, record.device))
        }
    }

    /// The session with `id`, when it has not ended or expired at `now`.
    public func session(id: String, now: Date) throws -> Record? {
        try database.read { db in
            try db.queryOne("SELECT * FROM web_sessions WHERE id = ? AND expires_at > ?", Self.values(id, now.timeIntervalSince1970)).map(Self.record)
        }
    }

    /// Notes that the session was used at `now` (written only when the last note is older than `touchInterval`).
    public func touch(id: String, now: Date) throws {
        try database.write { db in
            _ = try db.run("UPDATE web_sessions SET last_seen_at = ? WHERE id = ? AND last_seen_at < ?",
                           Self.values(now.timeIntervalSince1970, id, now.timeIntervalSince1970 - Self.touchInterval))
        }
    }

    /// Every live session, most recently seen first.
    public func sessions(now: Date) throws -> [Record] {
        try database.read { db in
            try db.query("SELECT * FROM web_sessions WHERE expires_at > ? ORDER BY last_seen_at DESC, created_at DESC",
                         Self.values(now.timeIntervalSince1970)).map(Self.record)
        }
    }

    /// Ends one session; true when it was live.
    @discardableResult
    public func endSession(id: String) throws -> Bool {
        try database.write { db in try db.run("DELETE FROM web_sessions WHERE id = ?", Self.values(id)) == 1 }
    }

    /// Ends every session except `keeping` (nil: all); returns how many ended.
    @discardableResult
    public func endSessions(keeping: String?) throws -> Int {
        try database.write { db in
            try db.run("DELETE FROM web_sessions WHERE id IS NOT ?", [keeping.map(SQLValue.text) ?? .null])
        }
    }

    private static func values(_ items: any SQLConvertible...) -> [SQLValue] {
        items.map(\.sqlValue)
    }

    private static func record(_ row: Row) throws -> Record {
        Record(id: try row.string("id"), created: Date(timeIntervalSince1970: try row.double("created_at")),
               lastSeen: Date(timeIntervalSince1970: try row.double("last_seen_at")),
               expires: Date(timeIntervalSince1970: try row.double("expires_at")), device: try row.string("device"))
    }
}
