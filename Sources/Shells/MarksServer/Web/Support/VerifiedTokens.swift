import Foundation
import Synchronization

/// The token of the last successful Verify, per session, so Save right after it keeps the token (the form's
/// password field comes back empty: the token is never echoed into the page). Kept in memory for 30 minutes.
final class VerifiedTokens: Sendable {
    private struct Entry {
        var token: String
        var host: String
        var at: Date
    }

    static let lifetime: TimeInterval = 30 * 60
    private let entries = Mutex<[String: Entry]>([:])

    /// Remembers `token` as verified for `host` in `session`.
    func remember(_ token: String, host: String, session: String, at date: Date) {
        entries.withLock { entries in
            entries = entries.filter { date.timeIntervalSince($0.value.at) < Self.lifetime }
            entries[session] = Entry(token: token, host: host, at: date)
        }
    }

    /// The token verified in `session` for `host`, when it is recent.
    func token(host: String, session: String, at date: Date) -> String? {
        entries.withLock { entries in
            guard let entry = entries[session], entry.host == host, date.timeIntervalSince(entry.at) < Self.lifetime else { return nil }
            return entry.token
        }
    }

    /// Forgets the session's token (it was saved).
    func forget(session: String) {
        entries.withLock { $0[session] = nil }
    }
}
