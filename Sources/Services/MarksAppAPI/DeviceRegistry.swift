import Foundation
import MarksCore
import SQLiteDatabase

/// The devices that registered with this server, in its SQLite database (`backend_devices`): an id each, with the
/// platform and app version it last gave, its scope, token generation and when it was last seen.
public struct DeviceRegistry: DeviceRecords {
    private let database: Database

    /// The registry in `database` (migrated with `AppAPISchema`).
    public init(database: Database) {
        self.database = database
    }

    static let columns = "device_id, platform, app_version, scope, generation, registered_at, last_seen_at, last_seen_s, revoked_at"

    public func register(deviceID: String, platform: String, appVersion: String, scope: DeviceScope, at date: Date) throws(AppAPIError) -> Int64 {
        let stamp = LinkdingDate.format(date)
        do {
            return try database.write { connection in
                guard let row = try connection.queryOne("""
                    INSERT INTO backend_devices (device_id, platform, app_version, registered_at, last_registered_at, scope)
                    VALUES (?1, ?2, ?3, ?4, ?4, ?5)
                    ON CONFLICT (device_id) DO UPDATE SET platform = excluded.platform, app_version = excluded.app_version,
                        last_registered_at = excluded.last_registered_at, registrations = registrations + 1,
                        scope = excluded.scope, generation = generation + 1, revoked_at = NULL
                    RETURNING generation
                    """, [SQLValue(deviceID), SQLValue(platform), SQLValue(appVersion), SQLValue(stamp), SQLValue(scope.rawValue)]) else {
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
            return try database.read { connection in
                try connection.queryOne(cached: "SELECT \(Self.columns) FROM backend_devices WHERE device_id = ?", [SQLValue(deviceID)])
                    .map(Self.record)
            }
        } catch {
            throw .storage("looking up a device failed: \(error)")
        }
    }

    public func devices() throws(AppAPIError) -> [DeviceRecord] {
        do {
            return try database.read { connection in
                try connection.query("""
                    SELECT \(Self.columns) FROM backend_devices WHERE revoked_at IS NULL
                    ORDER BY last_seen_s DESC, registered_at DESC, device_id
                    """).map(Self.record)
            }
        } catch {
            throw .storage("listing devices failed: \(error)")
        }
    }

    public func revoke(_ deviceID: String, at date: Date) throws(AppAPIError) -> Bool {
        try revoke(where: "device_id = ?2", [SQLValue(LinkdingDate.format(date)), SQLValue(deviceID)]) > 0
    }

    public func revokeAll(at date: Date) throws(AppAPIError) -> Int {
        try revoke(where: "1", [SQLValue(LinkdingDate.format(date))])
    }

    private func revoke(where condition: String, _ arguments: [SQLValue]) throws(AppAPIError) -> Int {
        do {
            return try database.write { connection in
                try connection.run("""
                    UPDATE backend_devices SET revoked_at = ?1, generation = generation + 1
                    WHERE revoked_at IS NULL AND \(condition)
                    """, arguments)
            }
        } catch {
            throw .storage("revoking devices failed: \(error)")
        }
    }

    public func touch(_ deviceID: String, at date: Date) throws(AppAPIError) {
        do {
            _ = try database.write { connection in
                try connection.run("UPDATE backend_devices SET last_seen_at = ?, last_seen_s = ? WHERE device_id = ?",
                                   [SQLValue(LinkdingDate.format(date)), SQLValue(Int64(date.timeIntervalSince1970)), SQLValue(deviceID)])
            }
        } catch {
            throw .storage("noting a device's last use failed: \(error)")
        }
    }

    public func recordJob(_ jobID: String, for deviceID: String) throws(AppAPIError) {
        do {
            _ = try database.write { connection in
                try connection.run("INSERT OR IGNORE INTO backend_device_jobs (device_id, job_id) VALUES (?, ?)",
                                   [SQLValue(deviceID), SQLValue(jobID)])
            }
        } catch {
            throw .storage("noting a device's podcast job failed: \(error)")
        }
    }

    public func hasJob(_ jobID: String, for deviceID: String) throws(AppAPIError) -> Bool {
        do {
            return try database.read { connection in
                try connection.queryOne("SELECT 1 FROM backend_device_jobs WHERE device_id = ? AND job_id = ?",
                                        [SQLValue(deviceID), SQLValue(jobID)]) != nil
            }
        } catch {
            throw .storage("looking up a device's podcast job failed: \(error)")
        }
    }

    public func registrations(of deviceID: String) throws(AppAPIError) -> Int {
        do {
            return try database.read { connection in
                try connection.queryOne("SELECT registrations FROM backend_devices WHERE device_id = ?", [SQLValue(deviceID)])?
                    .int("registrations") ?? 0
            }
        } catch {
            throw .storage("looking up a device failed: \(error)")
        }
    }

    private static func record(_ row: Row) throws -> DeviceRecord {
        let scopeText = try row.string("scope")
        guard let scope = DeviceScope(rawValue: scopeText) else { throw AppAPIError.storage("a device has the unknown scope \(scopeText)") }
        return DeviceRecord(deviceID: try row.string("device_id"), platform: try row.string("platform"), appVersion: try row.string("app_version"),
                            scope: scope, generation: try row.int64("generation"), registeredAt: try row.string("registered_at"),
                            lastSeenAt: try row.optionalString("last_seen_at"), lastSeenSeconds: try row.int64("last_seen_s"),
                            revoked: try row.optionalString("revoked_at") != nil)
    }
}
