import CryptoPrimitives
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif
import SystemSupport

/// The embedded store's API token: 40 lowercase hex characters (linkding's format) in `api_token` in the data
/// directory, mode 0600, written atomically. Made on first use; `rotate()` replaces it. A running server notices
/// a rotation made by another process (`marks token --rotate`) on the next request.
public final class APITokenStore: Sendable {
    /// The token file's name inside the data directory.
    public static let fileName = "api_token"

    /// The token file.
    public let file: URL
    private let cache = Mutex<(stamp: FileStamp, token: String)?>(nil)
    /// Where a token file that cannot be read is reported (`marks serve`'s error log).
    private let log: @Sendable (String) -> Void

    /// A store for the token in `directory` (the data directory); `log` hears of a token file that cannot be read.
    public init(directory: URL, log: @escaping @Sendable (String) -> Void = { _ in }) {
        file = directory.appendingPathComponent(Self.fileName)
        self.log = log
    }

    /// The token, made and saved first when there is none.
    public func token() throws(APITokenError) -> String {
        if let current = try current() { return current }
        try save(try Self.newToken())
        guard let saved = try current() else { throw .unreadable(path: file.path, reason: "it vanished after it was written") }
        return saved  // what is on disk wins when two processes made one at the same time
    }

    /// Replaces the token with a new one and returns it; the old one stops working.
    @discardableResult
    public func rotate() throws(APITokenError) -> String {
        let token = try Self.newToken()
        try save(token)
        return token
    }

    /// Whether `candidate` is the current token, compared in constant time. False when there is no token file.
    public func matches(_ candidate: String) -> Bool {
        let expected: String?
        do {
            expected = try current()
        } catch {
            log("the API token in \(file.path) could not be read, so /api/ admits nobody: \(error)")
            return false  // an unreadable token file admits nobody
        }
        guard let expected else { return false }
        return ConstantTime.equals(candidate, expected)
    }

    /// The token on disk (re-read only when the file changed), nil when there is no file.
    private func current() throws(APITokenError) -> String? {
        guard let stamp = FileStamp.of(file) else { return nil }
        if let cached = cache.withLock({ $0 }), cached.stamp == stamp { return cached.token }
        let text: String
        do {
            text = try String(contentsOf: file, encoding: .utf8)
        } catch {
            throw .unreadable(path: file.path, reason: error.localizedDescription)
        }
        let token = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard Self.isWellFormed(token) else { throw .malformed(path: file.path) }
        if stamp.mode & 0o077 != 0 { chmod(file.path, 0o600) }  // tighten a copied or hand-made file
        cache.withLock { $0 = (stamp, token) }
        return token
    }

    private func save(_ token: String) throws(APITokenError) {
        do {
            try AtomicFile.write(Data((token + "\n").utf8), to: file, mode: 0o600)
        } catch {
            throw .unwritable(path: file.path, reason: String(describing: error))
        }
    }

    private static func newToken() throws(APITokenError) -> String {
        do {
            return try SecureRandom.hexToken(bytes: 20)
        } catch {
            throw .randomness(String(describing: error))
        }
    }

    /// 40 hex characters.
    static func isWellFormed(_ token: String) -> Bool {
        token.utf8.count == 40 && token.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) || (65...70).contains($0) }
    }
}
