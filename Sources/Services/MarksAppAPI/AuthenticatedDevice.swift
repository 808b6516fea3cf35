/// The device a request's bearer token names, after every check, and what it may reach.
public struct AuthenticatedDevice: Sendable, Equatable {
    /// The device id (`sub`).
    public var deviceID: String
    /// Its scope as its record says now.
    public var scope: DeviceScope

    /// A device as given.
    public init(deviceID: String, scope: DeviceScope) {
        self.deviceID = deviceID
        self.scope = scope
    }
}
