import Foundation

/// One registered device as the owner sees it (Settings → Devices, `marks devices`) and as authentication checks it.
public struct DeviceRecord: Sendable, Equatable {
    /// The id the device made for itself.
    public var deviceID: String
    /// What it said runs it (`ios`, `linux-cli`…).
    public var platform: String
    /// Its app version.
    public var appVersion: String
    /// What its token may reach.
    public var scope: DeviceScope
    /// Bumped by every registration and revocation: only a token carrying the current one is accepted.
    public var generation: Int64
    /// When it first registered (ISO 8601, as stored).
    public var registeredAt: String
    /// When its token was last accepted (ISO 8601), nil when never.
    public var lastSeenAt: String?
    /// `lastSeenAt` in Unix seconds (0 when never), to decide cheaply whether to note it again.
    public var lastSeenSeconds: Int64
    /// Whether its token was revoked (it must register again).
    public var revoked: Bool

    /// A record as given.
    public init(deviceID: String, platform: String, appVersion: String, scope: DeviceScope, generation: Int64,
                registeredAt: String, lastSeenAt: String?, lastSeenSeconds: Int64, revoked: Bool) {
        self.deviceID = deviceID
        self.platform = platform
        self.appVersion = appVersion
        self.scope = scope
        self.generation = generation
        self.registeredAt = registeredAt
        self.lastSeenAt = lastSeenAt
        self.lastSeenSeconds = lastSeenSeconds
        self.revoked = revoked
    }
}
