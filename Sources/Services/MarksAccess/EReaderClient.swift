import Foundation

/// One e-reader allowed in through the wallabag endpoints (KOReader's wallabag plugin), as Settings → Devices lists it:
/// its name, client id and username; the secret and password are kept only as hashes.
public struct EReaderClient: Sendable, Equatable {
    public var id: Int
    public var name: String
    /// The OAuth client id the device sends (not secret).
    public var clientID: String
    public var username: String
    public var created: Date
    /// When it last signed in (asked for a token); nil before the first time.
    public var lastUsed: Date?

    /// A client from its parts.
    public init(id: Int, name: String, clientID: String, username: String, created: Date, lastUsed: Date?) {
        self.id = id
        self.name = name
        self.clientID = clientID
        self.username = username
        self.created = created
        self.lastUsed = lastUsed
    }
}
