import Foundation
import MarksCore
import SQLiteDatabase

/// The devices that registered with this server, in its SQLite database (`backend_devices`): an anonymous id each, with the
/// platform and app version it last gave.
public struct DeviceRegistry: DeviceRecords {
    private let database: Database

    /// The registry in `database` (migrated with `BackendSchema`).
    public init(database: Database) {
        self.database = database
    }

    /// Records a registration: a new device, or a known one with its platform and version updated.
    public func register(deviceID: String, platform: String, appVersion: String, at date: Date) throws(BackendError) {
        let stamp = LinkdingDate.format(date)
        do {
            try database.write { connection in
                try connection.run("""
                    INSERT INTO backend_devices (device_id, platform, app_version, registered_at, last_registered_at)
                    VALUES (?1, ?2, ?3, ?4, ?4)
                    ON CONFLICT (device_id) DO UPDATE SET platform = excluded.platform, app_version = excluded.app_version,
                        last_registered_at = excluded.last_registered_at, registrations = registrations + 1
                    """, [SQLValue(deviceID), SQLValue(platform), SQLValue(appVersion), SQLValue(stamp)])
            }
        } catch {
            throw .storage("registering device failed: \(error)")
        }
    }

    /// Whether `deviceID` has registered here.
    public func contains(_ deviceID: String) throws(BackendError) -> Bool {
        do {
            return try database.read { connection in
                try connection.queryOne("SELECT 1 FROM backend_devices WHERE device_id = ?", [SQLValue(deviceID)]) != nil
            }
        } catch {
            throw .storage("looking up a device failed: \(error)")
        }
    }

    /// How many times `deviceID` registered (0 when never).
    public func registrations(of deviceID: String) throws(BackendError) -> Int {
        do {
            return try database.read { connection in
                try connection.queryOne("SELECT registrations FROM backend_devices WHERE device_id = ?", [SQLValue(deviceID)])?
                    .int("registrations") ?? 0
            }
        } catch {
            throw .storage("looking up a device failed: \(error)")
        }
    }
}
