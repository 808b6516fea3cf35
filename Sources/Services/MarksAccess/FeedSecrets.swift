import CryptoPrimitives
import Foundation
import SQLiteDatabase

/// A private feed's secret: 32 random bytes (base64url, 43 characters) in `feed_secrets` of `marks.sqlite`, one row per
/// kind — the podcast feed's (`/feed/<secret>/podcast.xml` and each enclosure) and the bookmark feeds' key
/// (`/feeds/<key>/all`, linkding's feed URLs). Every feed URL carries it, since feed readers and podcast apps fetch
/// without cookies; rotating it makes every old URL a 404.
///
/// Stored as it is, not hashed: Settings and `marks podcast feed` must show the URL again whenever the owner adds
/// another app, and a hash would force a rotation (breaking every subscribed app) just to see it. It opens the
/// episodes' audio and titles only — not the library, not a session — and lives in the owner-only data directory
/// (0700) next to the web sign-in secret and the API token, which are kept the same way. It is compared in constant
/// time, digest against digest, so neither its bytes nor its length show in the timing.
public struct FeedSecrets: Sendable {
    /// Which feed a secret opens.
    public enum Kind: String, Sendable {
        case podcast
        case bookmarks
    }

    /// Why the secret could not be read, made or replaced.
    public enum SecretError: Error, Sendable, CustomStringConvertible {
        case store(String)
        case random(String)

        public var description: String {
            switch self {
            case .store(let reason): "A feed's secret in marks.sqlite could not be used: \(reason)"
            case .random(let reason): "No secure random numbers for a feed's secret: \(reason)"
            }
        }
    }

    static let namespace = "podcast_feed"

    /// Append only: never edit or renumber a shipped migration.
    static let migrations: [Migration] = [
        Migration(id: 1, name: "podcast feed: its secret", sql: """
            CREATE TABLE podcast_feed_secret (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                secret TEXT NOT NULL CHECK (length(secret) >= 32),
                created_at REAL NOT NULL
            );
            """),
        Migration(id: 2, name: "feeds: one secret per kind (the podcast feed's, the bookmark feeds')", sql: """
            CREATE TABLE feed_secrets (
                kind TEXT PRIMARY KEY CHECK (kind IN ('podcast', 'bookmarks')),
                secret TEXT NOT NULL CHECK (length(secret) >= 32),
                created_at REAL NOT NULL
            );
            INSERT INTO feed_secrets (kind, secret, created_at) SELECT 'podcast', secret, created_at FROM podcast_feed_secret;
            DROP TABLE podcast_feed_secret;
            """),
    ]

    /// The feed this secret opens.
    public let kind: Kind
    private let database: Database
    private let now: @Sendable () -> Date

    /// The `kind` feed's secret in `database` (applies the `podcast_feed` migrations, which hold every kind's).
    public init(kind: Kind, database: Database, now: @escaping @Sendable () -> Date) throws(SecretError) {
        self.kind = kind
        self.database = database
        self.now = now
        do {
            try database.migrate(namespace: Self.namespace, Self.migrations)
        } catch {
            throw .store(String(describing: error))
        }
    }

    /// The secret, made and saved first when there is none (two processes making one at once agree on the first).
    public func secret() throws(SecretError) -> String {
        if let stored = try stored() { return stored }
        let fresh = try Self.newSecret()
        do {
            try database.write { db in
                _ = try db.run("INSERT OR IGNORE INTO feed_secrets (kind, secret, created_at) VALUES (?, ?, ?)",
                               [.text(kind.rawValue), .text(fresh), .real(now().timeIntervalSince1970)])
            }
        } catch {
            throw .store(String(describing: error))
        }
        guard let saved = try stored() else { throw .store("the secret vanished after it was written") }
        return saved
    }

    /// Replaces the secret with a new one and returns it: every URL with the old one is a 404 from now on.
    @discardableResult
    public func rotate() throws(SecretError) -> String {
        let fresh = try Self.newSecret()
        do {
            try database.write { db in
                _ = try db.run("INSERT OR REPLACE INTO feed_secrets (kind, secret, created_at) VALUES (?, ?, ?)",
                               [.text(kind.rawValue), .text(fresh), .real(now().timeIntervalSince1970)])
            }
        } catch {
            throw .store(String(describing: error))
        }
        return fresh
    }

    /// True when `candidate` is the current secret. Both are hashed first and the digests compared in constant time;
    /// with no secret yet, or one that cannot be read, nothing matches.
    public func matches(_ candidate: String) -> Bool {
        let stored: String?
        do {
            stored = try self.stored()
        } catch {
            stored = nil
        }
        let expected = SHA256.hash(stored ?? "")
        let same = ConstantTime.equals(SHA256.hash(candidate), expected)
        return same && stored != nil
    }

    private func stored() throws(SecretError) -> String? {
        do {
            return try database.read { db in
                try db.queryOne("SELECT secret FROM feed_secrets WHERE kind = ?", [.text(kind.rawValue)]).map { try $0.string("secret") }
            }
        } catch {
            throw .store(String(describing: error))
        }
    }

    private static func newSecret() throws(SecretError) -> String {
        do {
            return try SecureRandom.urlSafeToken(bytes: 32)
        } catch {
            throw .random(String(describing: error))
        }
    }
}
