import Foundation

/// The tokens a sign-in gives: wallabag's token answer.
public struct EReaderGrant: Sendable, Equatable {
    public var accessToken: String
    public var refreshToken: String
    /// Seconds the access token lives.
    public var expiresIn: Int

    /// A grant.
    public init(accessToken: String, refreshToken: String, expiresIn: Int) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiresIn = expiresIn
    }
}
