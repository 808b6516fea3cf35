import Foundation
import MarksTestSupport
import PostgresDatabase
import SQLiteDatabase
@testable import MarksAppAPI

/// A backend store on either backend, with a second worker's view of it: on PostgreSQL another pool (as another
/// process would open), on SQLite another handle on the same file in the same process (rate windows are that
/// process's memory, so they are shared as its request threads share them, and so is the pairing code).
struct BackendStoreFixture {
    let store: AppAPIStore
    let clock: ManualClock
    /// Another worker on the same state.
    let secondWorker: () throws -> AppAPIStore

    /// Runs `body` with a fresh store on `backend`, removed afterwards.
    static func with<T>(_ backend: StoreBackend, _ body: (BackendStoreFixture) async throws -> T) async throws -> T {
        let clock = ManualClock()
        switch backend {
        case .sqlite:
            let database = try TemporaryDatabase()
            defer { database.remove() }
            let store = try AppAPIStore.sqlite(database.database, now: clock.now)
            return try await body(BackendStoreFixture(store: store, clock: clock) {
                let other = try database.reopen()
                return AppAPIStore(devices: DeviceRegistry(database: other), signingSecret: SigningKeyFile(database: other),
                                    rateWindows: store.rateWindows, analytics: try AnalyticsStore(database: other, now: clock.now),
                                    pairingCodes: store.pairingCodes)
            })
        case .postgres:
            return try await withTestDatabase { url in
                let store = try AppAPIStore.postgres(PostgresPool(url: url, size: 4), now: clock.now)
                return try await body(BackendStoreFixture(store: store, clock: clock) {
                    try AppAPIStore.postgres(PostgresPool(url: url, size: 4), now: clock.now)
                })
            }
        }
    }
}
