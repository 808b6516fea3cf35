import Foundation
import PostgresDatabase
import SQLiteDatabase

/// Where the backend keeps its state, behind one set of records: devices, the JWT signing key, the rate windows
/// the analytics events with their quotas, and the pairing code. `sqlite` is one process's data directory (the key in a
/// file beside `marks.sqlite`, the pairing code in it, rate windows in memory); `postgres` is a database any number of workers on any number of
/// machines share, so a device registered on one is known to all and every limit holds for all together.
public struct AppAPIStore: Sendable {
    /// The registered devices.
    public let devices: any DeviceRecords
    /// The JWT signing key.
    public let signingSecret: any SigningSecretRecords
    /// The rate limits' windows.
    public let rateWindows: any RateWindowRecords
    /// Analytics events and their quotas.
    public let analytics: any AnalyticsRecords
    /// The one live pairing code (Settings → Devices).
    public let pairingCodes: any PairingCodeRecords

    /// A store of these records (tests may mix them).
    public init(devices: any DeviceRecords, signingSecret: any SigningSecretRecords, rateWindows: any RateWindowRecords,
                analytics: any AnalyticsRecords, pairingCodes: any PairingCodeRecords) {
        self.devices = devices
        self.signingSecret = signingSecret
        self.rateWindows = rateWindows
        self.analytics = analytics
        self.pairingCodes = pairingCodes
    }

    /// The backend of one process on `database` (its backend migrations applied); analytics are stamped with `now`.
    public static func sqlite(_ database: Database, now: @escaping @Sendable () -> Date) throws(AppAPIError) -> AppAPIStore {
        try AppAPISchema.migrate(database)
        return AppAPIStore(devices: DeviceRegistry(database: database), signingSecret: SigningKeyFile(database: database),
                            rateWindows: InMemoryRateWindows(), analytics: try AnalyticsStore(database: database, now: now),
                            pairingCodes: SQLitePairingCodes(database: database))
    }

    /// The backend shared through `pool`'s database (its backend migrations applied, safely while other workers do
    /// the same); analytics are stamped with `now`.
    public static func postgres(_ pool: PostgresPool, now: @escaping @Sendable () -> Date) throws(AppAPIError) -> AppAPIStore {
        try PostgresAppAPISchema.migrate(pool)
        return AppAPIStore(devices: PostgresDeviceRegistry(pool: pool), signingSecret: PostgresSigningSecret(pool: pool),
                            rateWindows: PostgresRateWindows(pool: pool), analytics: PostgresAnalyticsStore(pool: pool, now: now),
                            pairingCodes: PostgresPairingCodes(pool: pool))
    }
}
