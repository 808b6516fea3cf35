import Foundation

/// A token handed to a registered device, and when it stops being accepted.
public struct IssuedToken: Sendable, Equatable {
    /// The compact JWT.
    public var token: String
    /// The instant of its `exp` claim.
    public var expiresAt: Date

    /// A token as given.
    public init(token: String, expiresAt: Date) {
        self.token = token
        self.expiresAt = expiresAt
    }
}
