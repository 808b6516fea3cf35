/// What a device token says: whose it is, when it was issued and expires (whole seconds since 1970), and — for tokens
/// issued since issue 35 — the scope it was issued with and its device's token generation.
public struct TokenClaims: Sendable, Equatable {
    /// The device id (`sub`).
    public var subject: String
    /// Issued at (`iat`).
    public var issuedAt: Int64
    /// Expires at (`exp`); the token is refused from this second on.
    public var expiresAt: Int64
    /// What the token may reach (`scope`); nil in tokens issued before scopes (their device's record decides).
    public var scope: DeviceScope?
    /// The device's token generation when it was issued (`gen`); nil in older tokens (generation 0).
    public var generation: Int64?

    /// Claims as given.
    public init(subject: String, issuedAt: Int64, expiresAt: Int64, scope: DeviceScope? = nil, generation: Int64? = nil) {
        self.subject = subject
        self.issuedAt = issuedAt
        self.expiresAt = expiresAt
        self.scope = scope
        self.generation = generation
    }
}
