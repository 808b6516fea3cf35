import CryptoPrimitives
import MarksAccess
import Foundation
import MarksBookmarks
import SQLiteDatabase
import Synchronization
import SystemSupport

/// The owner's sign-in to the web app. `marks serve` prints a one-time link (token in the URL, as notebook
/// servers do) and `marks signin-link` mints more; opening one sets an HMAC-signed session cookie. Sessions and
/// links are kept server-side in `marks.sqlite` (`WebSessionStore`): a link works once and for 15 minutes, and
/// signing out deletes the session's row, so the old cookie is refused from then on. Cookies, CSRF tokens and
/// signed page links are keyed by a 32-byte server secret kept in the data dir with mode 0600.
public final class OwnerAuth: Sendable {
    /// Why the secret could not be set up, with the file and what to do.
    public enum AuthError: Error, Sendable, CustomStringConvertible {
        case secretUnreadable(path: String, reason: String)
        case secretUnwritable(path: String, reason: String)
        case randomUnavailable(String)
        case storeFailed(String)

        public var description: String {
            switch self {
            case .secretUnreadable(let path, let reason):
                return "Cannot read the web sign-in secret \(path): \(reason). Remove the file to make a new one (everyone signs in again)."
            case .secretUnwritable(let path, let reason):
                return "Cannot write the web sign-in secret \(path): \(reason). Check that the data directory is writable."
            case .randomUnavailable(let reason):
                return "No secure random numbers available: \(reason)"
            case .storeFailed(let reason):
                return "The sign-in records in marks.sqlite could not be used: \(reason)"
            }
        }
    }

    /// How long a session lasts.
    public static let sessionLifetime: TimeInterval = 30 * 86_400
    /// How long a sign-in link works (once).
    public static let linkLifetime: TimeInterval = 15 * 60
    /// The session cookie's name.
    static let cookieName = "marks_session"
    /// Sign-in links kept at most (the oldest is forgotten first).
    static let maxLinks = 32
    /// A session found in the table is trusted this long before it is looked up again (sign-out in this
    /// process forgets it at once).
    static let recheckInterval: TimeInterval = 5

    private let secret: [UInt8]
    /// The clock sessions, links and the Settings page's memory of a verified token run on.
    let now: @Sendable () -> Date
    private let store: WebSessionStore
    private let log: @Sendable (String) -> Void
    /// Session id → when it was last found live in the table, and when its last-seen time was last written.
    private let checked = Mutex<[String: (checked: Date, touched: Date)]>([:])

    /// Auth with the secret in `secretFile` (created 0600 when missing) and the sessions in `database`.
    public init(secretFile: URL, database: Database, now: @escaping @Sendable () -> Date,
                log: @escaping @Sendable (String) -> Void = { _ in }) throws {
        self.secret = try Self.loadOrCreateSecret(secretFile)
        self.now = now
        self.log = log
        do {
            self.store = try WebSessionStore(database: database)
        } catch {
            throw AuthError.storeFailed(String(describing: error))
        }
    }

    /// Auth with the secret in `web_secret` and the sessions in `marks.sqlite` of the data directory.
    public convenience init(dataDirectory: URL, database: Database, now: @escaping @Sendable () -> Date,
                            log: @escaping @Sendable (String) -> Void = { _ in }) throws {
        try self.init(secretFile: dataDirectory.appendingPathComponent("web_secret"), database: database, now: now, log: log)
    }

    /// Auth over the data directory, opening its `marks.sqlite` (tests and tools; `marks serve` passes its database).
    public convenience init(dataDirectory: URL, now: @escaping @Sendable () -> Date) throws {
        do {
            try FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw AuthError.secretUnwritable(path: dataDirectory.path, reason: error.localizedDescription)
        }
        let database: Database
        do {
            database = try Database(path: dataDirectory.appendingPathComponent("marks.sqlite").path)
        } catch {
            throw AuthError.storeFailed(String(describing: error))
        }
        try self.init(dataDirectory: dataDirectory, database: database, now: now)
    }

    /// A new one-time sign-in link below `baseURL` (e.g. `http://127.0.0.1:8080`), valid for `validFor` seconds
    /// (15 minutes unless told). It is stored in the database, so any process on the data directory accepts it.
    public func signInLink(baseURL: String, validFor: TimeInterval = OwnerAuth.linkLifetime) throws -> String {
        var base = baseURL
        while base.hasSuffix("/") { base.removeLast() }
        return base + "/signin?token=" + (try signInToken(validFor: validFor))
    }

    /// A new one-time sign-in token (the part after `token=`).
    public func signInToken(validFor: TimeInterval = OwnerAuth.linkLifetime) throws -> String {
        let token: String
        do {
            token = try SecureRandom.urlSafeToken(bytes: 32)
        } catch {
            throw AuthError.randomUnavailable(String(describing: error))
        }
        let date = now()
        do {
            try store.addLink(hash: SHA256.hex(token), created: date, expires: date.addingTimeInterval(max(1, validFor)), keep: Self.maxLinks)
        } catch {
            throw AuthError.storeFailed(String(describing: error))
        }
        return token
    }

    /// Uses up a sign-in token; true when it was valid.
    func redeem(_ token: String) throws -> Bool {
        guard !token.isEmpty, token.utf8.count <= 200 else { return false }
        do {
            return try store.redeemLink(hash: SHA256.hex(token), now: now())
        } catch {
            throw AuthError.storeFailed(String(describing: error))
        }
    }

    /// A new session for the browser `userAgent` describes, and the cookie value that carries it.
    func newSession(userAgent: String? = nil) throws -> (session: WebSession, cookie: String) {
        let nonce: String
        do {
            nonce = try SecureRandom.urlSafeToken(bytes: 16)
        } catch {
            throw AuthError.randomUnavailable(String(describing: error))
        }
        let date = now()
        let expiry = date.addingTimeInterval(Self.sessionLifetime)
        let expires = Int(expiry.timeIntervalSince1970)
        do {
            try store.addSession(.init(id: nonce, created: date, lastSeen: date, expires: Date(timeIntervalSince1970: Double(expires)),
                                       device: DeviceName.summary(userAgent)))
        } catch {
            throw AuthError.storeFailed(String(describing: error))
        }
        checked.withLock { $0[nonce] = (date, date) }
        let payload = "\(nonce).\(expires)"
        return (WebSession(nonce: nonce, expires: expires), "v1.\(payload).\(sign("session", payload))")
    }

    /// The session a cookie value carries, when its signature is right, it has not expired and it was not
    /// ended (signed out). A database failure counts as no session (and is logged).
    func session(fromCookie value: String?) -> WebSession? {
        guard let value, value.utf8.count <= 200 else { return nil }
        let parts = value.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 4, parts[0] == "v1", let expires = Int(parts[2]) else { return nil }
        let payload = "\(parts[1]).\(parts[2])"
        let date = now()
        guard ConstantTime.equals(sign("session", payload), parts[3]),
              Double(expires) > date.timeIntervalSince1970 else { return nil }
        let id = parts[1]
        guard isLive(id, at: date) else { return nil }
        return WebSession(nonce: id, expires: expires)
    }

    /// Every signed-in browser, most recently seen first.
    func sessions() throws -> [WebSessionStore.Record] {
        do {
            return try store.sessions(now: now())
        } catch {
            throw AuthError.storeFailed(String(describing: error))
        }
    }

    /// Ends one session (sign-out, or "sign out" on the Devices list).
    func endSession(_ id: String) throws {
        checked.withLock { $0[id] = nil }
        do {
            try store.endSession(id: id)
        } catch {
            throw AuthError.storeFailed(String(describing: error))
        }
    }

    /// Ends every session but `keeping` (nil: all of them); returns how many ended.
    @discardableResult
    func endSessions(keeping: String?) throws -> Int {
        checked.withLock { entries in entries = entries.filter { $0.key == keeping } }
        do {
            return try store.endSessions(keeping: keeping)
        } catch {
            throw AuthError.storeFailed(String(describing: error))
        }
    }

    /// True when the session's row exists: from memory when it was found within `recheckInterval`, else from
    /// the table (noting its last-seen time every few minutes).
    private func isLive(_ id: String, at date: Date) -> Bool {
        if let entry = checked.withLock({ $0[id] }), date.timeIntervalSince(entry.checked) < Self.recheckInterval,
           date >= entry.checked {
            return true
        }
        do {
            guard try store.session(id: id, now: date) != nil else {
                checked.withLock { $0[id] = nil }
                return false
            }
            let touched = checked.withLock { $0[id]?.touched } ?? .distantPast
            if date.timeIntervalSince(touched) >= WebSessionStore.touchInterval { try store.touch(id: id, now: date) }
            checked.withLock { entries in
                if entries.count > 1_000 { entries.removeAll() }
                entries[id] = (date, date.timeIntervalSince(touched) >= WebSessionStore.touchInterval ? date : touched)
            }
            return true
        } catch {
            log("web sign-in: the session could not be checked: \(error)")
            return false
        }
    }

    /// The CSRF token of a session (the same for every form of the session).
    func csrfToken(for session: WebSession) -> String {
        sign("csrf", session.nonce)
    }

    /// True when `token` is the session's CSRF token.
    func isValidCSRF(_ token: String?, for session: WebSession) -> Bool {
        guard let token, !token.isEmpty else { return false }
        return ConstantTime.equals(csrfToken(for: session), token)
    }

    /// A signature binding `value` to `purpose` (used for "Load more" links, so only links this server
    /// made are followed).
    func sign(_ purpose: String, _ value: String) -> String {
        Base64URL.encode(HMAC.sha256(key: secret, message: Array("\(purpose)|\(value)".utf8)).prefix(18))
    }

    /// True when `signature` is `sign(purpose, value)`.
    func verify(_ purpose: String, _ value: String, signature: String) -> Bool {
        ConstantTime.equals(sign(purpose, value), signature)
    }

    private static func loadOrCreateSecret(_ file: URL) throws -> [UInt8] {
        if FileManager.default.fileExists(atPath: file.path) {
            let data: Data
            do {
                data = try Data(contentsOf: file)
            } catch {
                throw AuthError.secretUnreadable(path: file.path, reason: error.localizedDescription)
            }
            guard let bytes = Base64URL.decode(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)),
                  bytes.count >= 32 else {
                throw AuthError.secretUnreadable(path: file.path, reason: "it does not hold a 32-byte base64url secret")
            }
            if let mode = AtomicFile.permissions(of: file), mode & 0o077 != 0, chmod(file.path, 0o600) != 0 {
                throw AuthError.secretUnwritable(path: file.path, reason: "it is readable by others and chmod 600 failed")
            }
            return bytes
        }
        let bytes: [UInt8]
        do {
            bytes = try SecureRandom.bytes(32)
        } catch {
            throw AuthError.randomUnavailable(String(describing: error))
        }
        do {
            try AtomicFile.write(Data((Base64URL.encode(bytes) + "\n").utf8), to: file, mode: 0o600)
        } catch {
            throw AuthError.secretUnwritable(path: file.path, reason: String(describing: error))
        }
        return bytes
    }
}

/// A signed-in browser session.
struct WebSession: Sendable, Equatable {
    var nonce: String
    /// Seconds since 1970 when it ends.
    var expires: Int
}
