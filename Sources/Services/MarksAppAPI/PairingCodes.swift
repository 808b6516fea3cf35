import CryptoPrimitives
import Foundation
import Synchronization

/// One-time pairing codes for `/v1/auth/register` from another machine (issue 16, fix 4): the owner makes one in
/// Settings → Devices and types it into the other device, which sends it in `X-Marks-Pairing-Code` instead of the
/// registration secret. One code at a time (a new one replaces the last); it works once, for ten minutes, and dies
/// after five wrong tries. Kept in the backend store's `PairingCodeRecords`: this process's memory on SQLite (a
/// restart ends it), the shared database on PostgreSQL (any worker redeems a code any worker made).
public struct PairingCodes: Sendable {
    /// A code as the owner sees it.
    public struct Code: Sendable, Equatable {
        /// `ABCD-EFGH`: eight letters and digits without the easily confused ones (40 bits).
        public let code: String
        /// When it stops working.
        public let expiresAt: Date
    }

    /// How long a code works.
    public static let lifetime: TimeInterval = 600
    /// Wrong tries that end a code.
    public static let wrongTriesAllowed = 5
    static let alphabet = Array("ABCDEFGHJKMNPQRSTUVWXYZ23456789")

    private let records: any PairingCodeRecords
    private let now: @Sendable () -> Date

    /// Codes kept in `records`, timed by `now`.
    public init(records: any PairingCodeRecords, now: @escaping @Sendable () -> Date) {
        self.records = records
        self.now = now
    }

    /// Codes kept in this process's memory.
    public init(now: @escaping @Sendable () -> Date) {
        self.init(records: InMemoryPairingCodes(), now: now)
    }

    /// A fresh code; the previous one stops working.
    public func issue() throws(AppAPIError) -> Code {
        var generator = SystemRandomNumberGenerator()
        let characters = (0..<8).map { _ in Self.alphabet[Int.random(in: 0..<Self.alphabet.count, using: &generator)] }
        let plain = String(characters)
        let expiresAt = now().addingTimeInterval(Self.lifetime)
        let fresh = StoredPairingCode(digest: SHA256.hash(plain), expiresAt: expiresAt, wrongTries: 0)
        try records.update { $0 = fresh }
        return Code(code: String(plain.prefix(4)) + "-" + String(plain.suffix(4)), expiresAt: expiresAt)
    }

    /// Whether `presented` (any case, dashes and spaces ignored) is the live code; a match uses it up, a miss counts
    /// towards the code's wrong tries.
    public func redeem(_ presented: String) throws(AppAPIError) -> Bool {
        let normalised = String(presented.uppercased().filter { $0 != "-" && $0 != " " }.prefix(64))
        let digest = SHA256.hash(normalised)
        let time = now()
        return try records.update { stored in
            guard var current = stored else { return false }
            guard time < current.expiresAt else {
                stored = nil
                return false
            }
            if ConstantTime.equals(digest, current.digest) {
                stored = nil
                return true
            }
            current.wrongTries += 1
            stored = current.wrongTries >= Self.wrongTriesAllowed ? nil : current
            return false
        }
    }
}
