import Foundation

/// A token handed to a registered device, when it stops being accepted, and what it may reach.
public struct IssuedToken: Sendable, Equatable {
    /// The compact JWT.
    public var token: String
    /// The instant of its `exp` claim.
    public var expiresAt: Date
    /// Its scope: `owner` when the registration carried the owner's credential, else `anonymous`.
    public var scope: DeviceScope

    /// A token as given.
    public init(token: String, expiresAt: Date, scope: DeviceScope) {
        self.token = token
        self.expiresAt = expiresAt
        self.scope = scope
    }
}
