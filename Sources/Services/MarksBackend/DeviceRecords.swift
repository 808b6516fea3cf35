import Foundation

/// The devices registered with this backend, wherever they are kept: `DeviceRegistry` in the local SQLite file,
/// `PostgresDeviceRegistry` in a database every worker shares (a device registered on one worker is known to all).
public protocol DeviceRecords: Sendable {
    /// Records a registration: a new device, or a known one with its platform and version updated.
    func register(deviceID: String, platform: String, appVersion: String, at date: Date) throws(BackendError)
    /// Whether `deviceID` has registered.
    func contains(_ deviceID: String) throws(BackendError) -> Bool
    /// How many times `deviceID` registered (0 when never).
    func registrations(of deviceID: String) throws(BackendError) -> Int
}
