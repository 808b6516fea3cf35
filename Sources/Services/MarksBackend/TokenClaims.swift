/// What a device token says: whose it is and when it was issued and expires (whole seconds since 1970).
public struct TokenClaims: Sendable, Equatable {
    /// The device id (`sub`).
    public var subject: String
    /// Issued at (`iat`).
    public var issuedAt: Int64
    /// Expires at (`exp`); the token is refused from this second on.
    public var expiresAt: Int64

    /// Claims as given.
    public init(subject: String, issuedAt: Int64, expiresAt: Int64) {
        self.subject = subject
        self.issuedAt = issuedAt
        self.expiresAt = expiresAt
    }
}
