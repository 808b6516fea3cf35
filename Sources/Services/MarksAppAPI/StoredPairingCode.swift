import Foundation

/// The live pairing code as a backend store keeps it: the digest of the code (never the code itself), when it stops
/// working, and how many wrong codes were tried against it.
public struct StoredPairingCode: Sendable, Equatable {
    /// SHA-256 of the normalised code (upper case, no dashes or spaces).
    public var digest: [UInt8]
    /// When it stops working.
    public var expiresAt: Date
    /// Wrong codes presented since it was made.
    public var wrongTries: Int

    /// A stored code.
    public init(digest: [UInt8], expiresAt: Date, wrongTries: Int) {
        self.digest = digest
        self.expiresAt = expiresAt
        self.wrongTries = wrongTries
    }
}
