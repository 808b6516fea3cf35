import CryptoPrimitives
import Foundation
import SQLiteDatabase

/// The private podcast feed's secret: 32 random bytes (base64url, 43 characters) in `podcast_feed_secret` of
/// `marks.sqlite` (one row). Every feed URL carries it (`/feed/<secret>/podcast.xml` and each enclosure), since
/// podcast apps fetch without cookies; rotating it makes every old URL a 404.
///
/// Stored as it is, not hashed: Settings and `marks podcast feed` must show the URL again whenever the owner adds
/// another app, and a hash would force a rotation (breaking every subscribed app) just to see it. It opens the
/// episodes' audio and titles only — not the library, not a session — and lives in the owner-only data directory
/// (0700) next to the web sign-in secret and the API token, which are kept the same way. It is compared in constant
/// time, digest against digest, so neither its bytes nor its length show in the timing.
public struct PodcastFeedSecrets: Sendable {
    /// Why the secret could not be read, made or replaced.
    public enum SecretError: Error, Sendable, CustomStringConvertible {
        case store(String)
        case random(String)

        public var description: String {
            switch self {
            case .store(let reason): "The podcast feed's secret in marks.sqlite could not be used: \(reason)"
            case .random(let reason): "No secure random numbers for the podcast feed's secret: \(reason)"
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
    ]

    private let database: Database
    private let now: @Sendable () -> Date

    /// The secrets in `database` (applies the `podcast_feed` migrations).
    public init(database: Database, now: @escaping @Sendable () -> Date) throws(SecretError) {
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
                _ = try db.run("INSERT OR IGNORE INTO podcast_feed_secret (id, secret, created_at) VALUES (1, ?, ?)",
                               [.text(fresh), .real(now().timeIntervalSince1970)])
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
                _ = try db.run("INSERT OR REPLACE INTO podcast_feed_secret (id, secret, created_at) VALUES (1, ?, ?)",
                               [.text(fresh), .real(now().timeIntervalSince1970)])
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
                try db.queryOne("SELECT secret FROM podcast_feed_secret WHERE id = 1").map { try $0.string("secret") }
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
