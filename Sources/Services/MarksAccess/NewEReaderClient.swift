import Foundation

/// A client just made, with the secret and password shown this once (only their hashes are kept).
public struct NewEReaderClient: Sendable, Equatable {
    public var client: EReaderClient
    public var clientSecret: String
    public var password: String

    /// The new client and its one-time secrets.
    public init(client: EReaderClient, clientSecret: String, password: String) {
        self.client = client
        self.clientSecret = clientSecret
        self.password = password
    }
}
