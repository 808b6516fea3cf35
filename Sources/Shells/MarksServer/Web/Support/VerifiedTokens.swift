import Foundation
import Synchronization

/// The token Settings last received, per session, so the next Verify or Save with the field left empty uses it:
/// the form's password field always comes back empty (the token is never echoed into the page). A token that Verify
/// checked is kept for its host; one typed into a Verify that failed (a mistyped host, an unreachable server) is kept
/// as typed, for any host, so it need not be typed again. Kept in memory for 30 minutes.
final class VerifiedTokens: Sendable {
    private struct Entry {
        var token: String
        var host: String
        var at: Date
        var verified: Bool
    }

    static let lifetime: TimeInterval = 30 * 60
    private let entries = Mutex<[String: Entry]>([:])

    /// Remembers `token` as verified for `host` in `session`.
    func remember(_ token: String, host: String, session: String, at date: Date) {
        keep(Entry(token: token, host: host, at: date, verified: true), session: session)
    }

    /// Remembers `token` as typed in `session` into a Verify that failed (not checked, not bound to a host).
    func rememberTyped(_ token: String, session: String, at date: Date) {
        keep(Entry(token: token, host: "", at: date, verified: false), session: session)
    }

    /// The token kept in `session` for `host`, when it is recent: the one verified for that host, or the one typed
    /// into a failed Verify.
    func token(host: String, session: String, at date: Date) -> String? {
        entries.withLock { entries in
            guard let entry = entries[session], date.timeIntervalSince(entry.at) < Self.lifetime else { return nil }
            return !entry.verified || entry.host == host ? entry.token : nil
        }
    }

    /// Whether `session` keeps a recent token typed into a failed Verify.
    func hasTyped(session: String, at date: Date) -> Bool {
        entries.withLock { entries in
            guard let entry = entries[session] else { return false }
            return !entry.verified && date.timeIntervalSince(entry.at) < Self.lifetime
        }
    }

    /// Forgets the session's token (it was saved).
    func forget(session: String) {
        entries.withLock { $0[session] = nil }
    }

    private func keep(_ entry: Entry, session: String) {
        entries.withLock { entries in
            entries = entries.filter { entry.at.timeIntervalSince($0.value.at) < Self.lifetime }
            entries[session] = entry
        }
    }
}
