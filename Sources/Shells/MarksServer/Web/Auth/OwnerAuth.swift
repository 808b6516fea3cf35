import CryptoPrimitives
import Foundation
import MarksLibrary
import Synchronization
import SystemSupport

/// The owner's sign-in to the web app. `marks serve` prints a one-time link (token in the URL, as notebook
/// servers do); opening it sets an HMAC-signed session cookie. Session, CSRF tokens and signed page links
/// are all keyed by a 32-byte server secret kept in the data dir with mode 0600, so sessions survive restarts
/// while sign-in links do not (they live in memory, each usable once).
public final class OwnerAuth: Sendable {
    /// Why the secret could not be set up, with the file and what to do.
    public enum AuthError: Error, Sendable, CustomStringConvertible {
        case secretUnreadable(path: String, reason: String)
        case secretUnwritable(path: String, reason: String)
        case randomUnavailable(String)

        public var description: String {
            switch self {
            case .secretUnreadable(let path, let reason):
                return "Cannot read the web sign-in secret \(path): \(reason). Remove the file to make a new one (everyone signs in again)."
            case .secretUnwritable(let path, let reason):
                return "Cannot write the web sign-in secret \(path): \(reason). Check that the data directory is writable."
            case .randomUnavailable(let reason):
                return "No secure random numbers available: \(reason)"
            }
        }
    }

    /// How long a session lasts.
    public static let sessionLifetime: TimeInterval = 30 * 86_400
    /// The session cookie's name.
    static let cookieName = "marks_session"
    /// Sign-in links kept at most (the oldest is forgotten first).
    static let maxLinks = 32

    private let secret: [UInt8]
    private let now: @Sendable () -> Date
    /// SHA-256 of each unused sign-in token → its expiry (nil: until the server stops).
    private let links = Mutex<[(hash: String, expires: Date?)]>([])

    /// Auth with the secret in `secretFile`, created (0600) when missing.
    public init(secretFile: URL, now: @escaping @Sendable () -> Date) throws {
        self.secret = try Self.loadOrCreateSecret(secretFile)
        self.now = now
    }

    /// Auth with the secret in `web_secret` in the data directory.
    public convenience init(dataDirectory: URL, now: @escaping @Sendable () -> Date) throws {
        try self.init(secretFile: dataDirectory.appendingPathComponent("web_secret"), now: now)
    }

    /// A new one-time sign-in link below `baseURL` (e.g. `http://127.0.0.1:8080`); `validFor` nil keeps it
    /// valid until it is used or the server stops.
    public func signInLink(baseURL: String, validFor: TimeInterval? = nil) throws -> String {
        let token: String
        do {
            token = try SecureRandom.urlSafeToken(bytes: 32)
        } catch {
            throw AuthError.randomUnavailable(String(describing: error))
        }
        let expires = validFor.map { now().addingTimeInterval($0) }
        links.withLock { links in
            links.append((SHA256.hex(token), expires))
            if links.count > Self.maxLinks { links.removeFirst(links.count - Self.maxLinks) }
        }
        var base = baseURL
        while base.hasSuffix("/") { base.removeLast() }
        return base + "/signin?token=" + token
    }

    /// Uses up a sign-in token; true when it was valid.
    func redeem(_ token: String) -> Bool {
        guard !token.isEmpty, token.utf8.count <= 200 else { return false }
        let hash = SHA256.hex(token)
        let date = now()
        return links.withLock { links in
            links.removeAll { $0.expires.map { $0 <= date } ?? false }
            guard let index = links.firstIndex(where: { ConstantTime.equals($0.hash, hash) }) else { return false }
            links.remove(at: index)
            return true
        }
    }

    /// A new session and the cookie value that carries it.
    func newSession() throws -> (session: WebSession, cookie: String) {
        let nonce: String
        do {
            nonce = try SecureRandom.urlSafeToken(bytes: 16)
        } catch {
            throw AuthError.randomUnavailable(String(describing: error))
        }
        let expires = Int(now().addingTimeInterval(Self.sessionLifetime).timeIntervalSince1970)
        let payload = "\(nonce).\(expires)"
        return (WebSession(nonce: nonce, expires: expires), "v1.\(payload).\(sign("session", payload))")
    }

    /// The session a cookie value carries, when its signature is right and it has not expired.
    func session(fromCookie value: String?) -> WebSession? {
        guard let value, value.utf8.count <= 200 else { return nil }
        let parts = value.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 4, parts[0] == "v1", let expires = Int(parts[2]) else { return nil }
        let payload = "\(parts[1]).\(parts[2])"
        guard ConstantTime.equals(sign("session", payload), parts[3]),
              Double(expires) > now().timeIntervalSince1970 else { return nil }
        return WebSession(nonce: parts[1], expires: expires)
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
