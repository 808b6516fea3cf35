import Foundation
import MarksCore
import PostgresDatabase

/// The registered devices in a PostgreSQL database every worker shares (`backend_devices`): a token is checked against
/// its device's row on every request, so a registration or revocation on one worker counts on all at once.
public struct PostgresDeviceRegistry: DeviceRecords {
    private let pool: PostgresPool

    /// The registry in `pool`'s database (migrated with `AppAPIStore.postgres`).
    public init(pool: PostgresPool) {
        self.pool = pool
    }

    public func register(deviceID: String, platform: String, appVersion: String, scope: DeviceScope, at date: Date) throws(AppAPIError) -> Int64 {
        let stamp = LinkdingDate.format(date)
        do {
            return try pool.withConnection { connection in
                guard let row = try connection.queryOne("""
                    INSERT INTO backend_devices (device_id, platform, app_version, registered_at, last_registered_at, scope)
                    VALUES ($1, $2, $3, $4, $4, $5)
                    ON CONFLICT (device_id) DO UPDATE SET platform = excluded.platform, app_version = excluded.app_version,
                        last_registered_at = excluded.last_registered_at, registrations = backend_devices.registrations + 1,
                        scope = excluded.scope, generation = backend_devices.generation + 1, revoked_at = NULL
                    RETURNING generation
                    """, [.text(deviceID), .text(platform), .text(appVersion), .text(stamp), .text(scope.rawValue)]) else {
                    throw AppAPIError.storage("registering device returned no row")
                }
                return try row.int64("generation")
            }
        } catch let error as AppAPIError {
            throw error
        } catch {
            throw .storage("registering device failed: \(error)")
        }
    }

    public func device(_ deviceID: String) throws(AppAPIError) -> DeviceRecord? {
        do {
            return try pool.withConnection { connection in
                try connection.queryOne("SELECT \(DeviceRegistry.columns) FROM backend_devices WHERE device_id = $1", [.text(deviceID)])
                    .map(Self.record)
            }
        } catch {
            throw .storage("looking up a device failed: \(error)")
        }
    }

    public func devices() throws(AppAPIError) -> [DeviceRecord] {
        do {
            return try pool.withConnection { connection in
                try connection.query("""
                    SELECT \(DeviceRegistry.columns) FROM backend_devices WHERE revoked_at IS NULL
                    ORDER BY last_seen_s DESC, registered_at DESC, device_id
                    """).map(Self.record)
            }
        } catch {
            throw .storage("listing devices failed: \(error)")
        }
    }

    public func revoke(_ deviceID: String, at date: Date) throws(AppAPIError) -> Bool {
        try revoke(where: "device_id = $2", [.text(LinkdingDate.format(date)), .text(deviceID)]) > 0
    }

    public func revokeAll(at date: Date) throws(AppAPIError) -> Int {
        try revoke(where: "true", [.text(LinkdingDate.format(date))])
    }

    private func revoke(where condition: String, _ parameters: [PostgresValue]) throws(AppAPIError) -> Int {
        do {
            return try pool.withConnection { connection in
                try connection.execute("""
                    UPDATE backend_devices SET revoked_at = $1, generation = generation + 1
                    WHERE revoked_at IS NULL AND \(condition)
                    """, parameters)
            }
        } catch {
            throw .storage("revoking devices failed: \(error)")
        }
    }

    public func touch(_ deviceID: String, at date: Date) throws(AppAPIError) {
        do {
            _ = try pool.withConnection { connection in
                try connection.execute("UPDATE backend_devices SET last_seen_at = $1, last_seen_s = $2 WHERE device_id = $3",
                                       [.text(LinkdingDate.format(date)), .int(Int64(date.timeIntervalSince1970)), .text(deviceID)])
            }
        } catch {
            throw .storage("noting a device's last use failed: \(error)")
        }
    }

    public func recordJob(_ jobID: String, for deviceID: String) throws(AppAPIError) {
        do {
            _ = try pool.withConnection { connection in
                try connection.execute("INSERT INTO backend_device_jobs (device_id, job_id) VALUES ($1, $2) ON CONFLICT DO NOTHING",
                                       [.text(deviceID), .text(jobID)])
            }
        } catch {
            throw .storage("noting a device's podcast job failed: \(error)")
        }
    }

    public func hasJob(_ jobID: String, for deviceID: String) throws(AppAPIError) -> Bool {
        do {
            return try pool.withConnection { connection in
                try connection.queryOne("SELECT 1 FROM backend_device_jobs WHERE device_id = $1 AND job_id = $2",
                                        [.text(deviceID), .text(jobID)]) != nil
            }
        } catch {
            throw .storage("looking up a device's podcast job failed: \(error)")
        }
    }

    public func registrations(of deviceID: String) throws(AppAPIError) -> Int {
        do {
            return try pool.withConnection { connection in
                try connection.queryOne("SELECT registrations FROM backend_devices WHERE device_id = $1", [.text(deviceID)])?
                    .int("registrations") ?? 0
            }
        } catch {
            throw .storage("looking up a device failed: \(error)")
        }
    }

    private static func record(_ row: PostgresRow) throws -> DeviceRecord {
        let scopeText = try row.string("scope")
        guard let scope = DeviceScope(rawValue: scopeText) else { throw AppAPIError.storage("a device has the unknown scope \(scopeText)") }
        return DeviceRecord(deviceID: try row.string("device_id"), platform: try row.string("platform"), appVersion: try row.string("app_version"),
                            scope: scope, generation: try row.int64("generation"), registeredAt: try row.string("registered_at"),
                            lastSeenAt: try row.optionalString("last_seen_at"), lastSeenSeconds: try row.int64("last_seen_s"),
                            revoked: try row.optionalString("revoked_at") != nil)
    }
}
