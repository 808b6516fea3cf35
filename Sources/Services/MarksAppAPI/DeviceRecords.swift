import Foundation

/// The devices registered with this backend, wherever they are kept: `DeviceRegistry` in the local SQLite file,
/// `PostgresDeviceRegistry` in a database every worker shares (a device registered or revoked on one is so on all:
/// every request reads the device's row, so a revocation counts at once on every worker).
public protocol DeviceRecords: Sendable {
    /// Records a registration with `scope`: a new device, or a known one with its platform, version and scope replaced,
    /// its revocation lifted and its generation bumped (its earlier tokens stop working). Returns the new generation.
    func register(deviceID: String, platform: String, appVersion: String, scope: DeviceScope, at date: Date) throws(AppAPIError) -> Int64
    /// The device's record, revoked or not; nil when it never registered.
    func device(_ deviceID: String) throws(AppAPIError) -> DeviceRecord?
    /// The devices whose tokens are live (not revoked), most recently seen first.
    func devices() throws(AppAPIError) -> [DeviceRecord]
    /// Revokes the device's token (its generation is bumped); false when there is no such live device.
    func revoke(_ deviceID: String, at date: Date) throws(AppAPIError) -> Bool
    /// Revokes every device's token; returns how many were live.
    func revokeAll(at date: Date) throws(AppAPIError) -> Int
    /// Notes that the device's token was accepted at `date`.
    func touch(_ deviceID: String, at date: Date) throws(AppAPIError)
    /// Notes that `deviceID` asked for the podcast job `jobID` (an anonymous device may read only its own jobs).
    func recordJob(_ jobID: String, for deviceID: String) throws(AppAPIError)
    /// Whether `deviceID` asked for the podcast job `jobID`.
    func hasJob(_ jobID: String, for deviceID: String) throws(AppAPIError) -> Bool
    /// How many times `deviceID` registered (0 when never).
    func registrations(of deviceID: String) throws(AppAPIError) -> Int
}

extension DeviceRecords {
    /// Whether `deviceID` has registered (revoked or not).
    public func contains(_ deviceID: String) throws(AppAPIError) -> Bool {
        try device(deviceID) != nil
    }
}
