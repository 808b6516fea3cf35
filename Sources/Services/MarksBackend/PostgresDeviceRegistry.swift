import Foundation
import MarksCore
import PostgresDatabase

/// The registered devices in a PostgreSQL database every worker shares (`backend_devices`).
public struct PostgresDeviceRegistry: DeviceRecords {
    private let pool: PostgresPool

    /// The registry in `pool`'s database (migrated with `BackendStore.postgres`).
    public init(pool: PostgresPool) {
        self.pool = pool
    }

    public func register(deviceID: String, platform: String, appVersion: String, at date: Date) throws(BackendError) {
        let stamp = LinkdingDate.format(date)
        do {
            try pool.withConnection { connection in
                try connection.execute("""
                    INSERT INTO backend_devices (device_id, platform, app_version, registered_at, last_registered_at)
                    VALUES ($1, $2, $3, $4, $4)
                    ON CONFLICT (device_id) DO UPDATE SET platform = excluded.platform, app_version = excluded.app_version,
                        last_registered_at = excluded.last_registered_at, registrations = backend_devices.registrations + 1
                    """, [.text(deviceID), .text(platform), .text(appVersion), .text(stamp)])
            }
        } catch {
            throw .storage("registering device failed: \(error)")
        }
    }

    public func contains(_ deviceID: String) throws(BackendError) -> Bool {
        try registrations(of: deviceID) > 0
    }

    public func registrations(of deviceID: String) throws(BackendError) -> Int {
        do {
            return try pool.withConnection { connection in
                try connection.queryOne("SELECT registrations FROM backend_devices WHERE device_id = $1", [.text(deviceID)])?
                    .int("registrations") ?? 0
            }
        } catch {
            throw .storage("looking up a device failed: \(error)")
        }
    }
}
