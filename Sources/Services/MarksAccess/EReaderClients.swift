import CryptoPrimitives
import Foundation
import SQLiteDatabase

/// The e-readers allowed in through the wallabag endpoints (`/wallabag/…`, KOReader's wallabag plugin), in
/// `marks.sqlite`: each client's id, the SHA-256 of its secret and of its password (both made here, 32 random bytes,
/// shown once), its username; and the access and refresh tokens handed out, by their SHA-256, with when they expire.
/// Secrets and passwords are compared digest against digest in constant time, and an unknown client id costs the same
/// work as a wrong secret. Revoking a client deletes it and its tokens in one transaction, so they stop working at once.
public struct EReaderClients: Sendable {
    static let namespace = "ereader_clients"

    /// Append only: never edit or renumber a shipped migration.
    static let migrations: [Migration] = [
        Migration(id: 1, name: "e-readers: wallabag clients and their tokens", sql: """
            CREATE TABLE ereader_clients (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL,
                client_id TEXT NOT NULL UNIQUE CHECK (length(client_id) >= 16),
                secret_hash TEXT NOT NULL CHECK (length(secret_hash) = 64),
                username TEXT NOT NULL CHECK (length(username) > 0),
                password_hash TEXT NOT NULL CHECK (length(password_hash) = 64),
                created_at REAL NOT NULL,
                last_used_at REAL
            );
            CREATE TABLE ereader_tokens (
                token_hash TEXT PRIMARY KEY CHECK (length(token_hash) = 64),
                client INTEGER NOT NULL,
                kind TEXT NOT NULL CHECK (kind IN ('access', 'refresh')),
                expires_at REAL NOT NULL
            );
            CREATE INDEX ereader_tokens_client ON ereader_tokens (client);
            """),
    ]

    /// How long an access token lives (KOReader signs in again five minutes before it runs out).
    public static let accessLifetime: TimeInterval = 3_600
    /// How long a refresh token is kept (the plugin never refreshes; kept for wallabag's answer shape).
    public static let refreshLifetime: TimeInterval = 14 * 86_400
    /// Live tokens kept per client; older ones go when a sign-in passes this.
    public static let liveTokensPerClient = 20
    /// The longest name or username kept.
    public static let maxNameLength = 100

    private let database: Database
    private let now: @Sendable () -> Date

    /// The clients in `database` (applies the `ereader_clients` migrations).
    public init(database: Database, now: @escaping @Sendable () -> Date) throws(EReaderAuthError) {
        self.database = database
        self.now = now
        do {
            try database.migrate(namespace: Self.namespace, Self.migrations)
        } catch {
            throw .store(String(describing: error))
        }
    }

    // MARK: Managing clients

    /// Makes a client named `name` whose username is `username` ("koreader" when empty): a new client id, secret and
    /// password, returned this once.
    public func add(name: String, username: String = "") throws(EReaderAuthError) -> NewEReaderClient {
        let name = try Self.checked(name.isEmpty ? "E-reader" : name, what: "name")
        let username = try Self.checked(username.isEmpty ? "koreader" : username, what: "username")
        let clientID: String
        let secret: String
        let password: String
        do {
            clientID = "marks-" + (try SecureRandom.hexToken(bytes: 12))
            secret = try SecureRandom.urlSafeToken(bytes: 32)
            password = try SecureRandom.urlSafeToken(bytes: 18)
        } catch {
            throw .random(String(describing: error))
        }
        let created = now()
        let id = try run { db in
            _ = try db.run("""
                INSERT INTO ereader_clients (name, client_id, secret_hash, username, password_hash, created_at) VALUES (?, ?, ?, ?, ?, ?)
                """, [.text(name), .text(clientID), .text(SHA256.hex(secret)), .text(username), .text(SHA256.hex(password)),
                      .real(created.timeIntervalSince1970)])
            return Int(db.lastInsertRowID)
        }
        let client = EReaderClient(id: id, name: name, clientID: clientID, username: username, created: created, lastUsed: nil)
        return NewEReaderClient(client: client, clientSecret: secret, password: password)
    }

    /// Every client, newest first.
    public func clients() throws(EReaderAuthError) -> [EReaderClient] {
        do {
            return try database.read { db in
                try db.query("SELECT * FROM ereader_clients ORDER BY created_at DESC, id DESC").map(Self.client)
            }
        } catch {
            throw .store(String(describing: error))
        }
    }

    /// Deletes a client and every token it was given; true when it existed.
    @discardableResult
    public func revoke(id: Int) throws(EReaderAuthError) -> Bool {
        try run { db in
            _ = try db.run("DELETE FROM ereader_tokens WHERE client = ?", [.integer(Int64(id))])
            return try db.run("DELETE FROM ereader_clients WHERE id = ?", [.integer(Int64(id))]) == 1
        }
    }

    // MARK: Signing in

    /// wallabag's password grant: the client's id and secret, then its username and password. Issues an access token
    /// (`accessLifetime`) and a refresh token; drops expired tokens and the client's oldest beyond `liveTokensPerClient`.
    public func grant(clientID: String, clientSecret: String, username: String, password: String) throws(EReaderAuthError) -> EReaderGrant {
        let row: (id: Int, secretHash: String, username: String, passwordHash: String)?
        do {
            row = try database.read { db in
                try db.queryOne("SELECT id, secret_hash, username, password_hash FROM ereader_clients WHERE client_id = ?", [.text(clientID)])
                    .map { (try $0.int("id"), try $0.string("secret_hash"), try $0.string("username"), try $0.string("password_hash")) }
            }
        } catch {
            throw .store(String(describing: error))
        }
        // The same digests and comparisons whether or not the client exists.
        let secretMatches = ConstantTime.equals(SHA256.hex(clientSecret), row?.secretHash ?? String(repeating: "0", count: 64))
        let userMatches = ConstantTime.equals(SHA256.hex(username), SHA256.hex(row?.username ?? ""))
        let passwordMatches = ConstantTime.equals(SHA256.hex(password), row?.passwordHash ?? String(repeating: "0", count: 64))
        guard let row, secretMatches else { throw .invalidClient }
        guard userMatches, passwordMatches else { throw .invalidCredentials }
        let access: String
        let refresh: String
        do {
            access = try SecureRandom.urlSafeToken(bytes: 32)
            refresh = try SecureRandom.urlSafeToken(bytes: 32)
        } catch {
            throw .random(String(describing: error))
        }
        let issued = now().timeIntervalSince1970
        try run { db in
            _ = try db.run("DELETE FROM ereader_tokens WHERE expires_at <= ?", [.real(issued)])
            _ = try db.run("INSERT INTO ereader_tokens (token_hash, client, kind, expires_at) VALUES (?, ?, 'access', ?)",
                           [.text(SHA256.hex(access)), .integer(Int64(row.id)), .real(issued + Self.accessLifetime)])
            _ = try db.run("INSERT INTO ereader_tokens (token_hash, client, kind, expires_at) VALUES (?, ?, 'refresh', ?)",
                           [.text(SHA256.hex(refresh)), .integer(Int64(row.id)), .real(issued + Self.refreshLifetime)])
            _ = try db.run("""
                DELETE FROM ereader_tokens WHERE client = ? AND token_hash NOT IN
                    (SELECT token_hash FROM ereader_tokens WHERE client = ? ORDER BY expires_at DESC LIMIT ?)
                """, [.integer(Int64(row.id)), .integer(Int64(row.id)), .integer(Int64(Self.liveTokensPerClient * 2))])
            _ = try db.run("UPDATE ereader_clients SET last_used_at = ? WHERE id = ?", [.real(issued), .integer(Int64(row.id))])
        }
        return EReaderGrant(accessToken: access, refreshToken: refresh, expiresIn: Int(Self.accessLifetime))
    }

    /// The client an access token belongs to; `invalidToken` for an unknown one (or one whose client was revoked),
    /// `expiredToken` for one past its time.
    public func authenticate(accessToken: String) throws(EReaderAuthError) -> EReaderClient {
        guard !accessToken.isEmpty, accessToken.utf8.count <= 200 else { throw .invalidToken }
        let found: (expires: Double, client: EReaderClient?)?
        do {
            found = try database.read { db in
                guard let token = try db.queryOne("SELECT client, expires_at FROM ereader_tokens WHERE token_hash = ? AND kind = 'access'",
                                                  [.text(SHA256.hex(accessToken))]) else { return nil }
                let client = try db.queryOne("SELECT * FROM ereader_clients WHERE id = ?", [.integer(Int64(try token.int("client")))]).map(Self.client)
                return (try token.double("expires_at"), client)
            }
        } catch {
            throw .store(String(describing: error))
        }
        guard let found, let client = found.client else { throw .invalidToken }
        guard found.expires > now().timeIntervalSince1970 else { throw .expiredToken }
        return client
    }

    // MARK: Helpers

    private func run<T>(_ body: (Connection) throws -> T) throws(EReaderAuthError) -> T {
        do {
            return try database.write(body)
        } catch {
            throw .store(String(describing: error))
        }
    }

    /// What is wrong with a name and username for `add` (empty ones take the defaults), or nil.
    public static func problem(name: String, username: String) -> String? {
        for (text, what) in [(name.isEmpty ? "E-reader" : name, "name"), (username.isEmpty ? "koreader" : username, "username")] {
            do {
                _ = try checked(text, what: what)
            } catch {
                return error.description
            }
        }
        return nil
    }

    static func checked(_ text: String, what: String) throws(EReaderAuthError) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .badName("The \(what) is empty.") }
        guard trimmed.count <= maxNameLength else { throw .badName("The \(what) is longer than \(maxNameLength) characters.") }
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .badName("The \(what) holds control characters.")
        }
        return trimmed
    }

    private static func client(_ row: Row) throws -> EReaderClient {
        EReaderClient(id: try row.int("id"), name: try row.string("name"), clientID: try row.string("client_id"),
                      username: try row.string("username"), created: Date(timeIntervalSince1970: try row.double("created_at")),
                      lastUsed: try row.optionalDouble("last_used_at").map(Date.init(timeIntervalSince1970:)))
    }
}
