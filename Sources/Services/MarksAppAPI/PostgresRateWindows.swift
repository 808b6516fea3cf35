import Foundation
import PostgresDatabase

/// Rate windows in a PostgreSQL database every worker shares (`backend_rate_windows`): a limit holds for all the
/// workers together. One call is one statement (`backend_rate_acquire`, which takes the key's row lock, drops the
/// calls that left the window and counts this one when there is room).
public struct PostgresRateWindows: RateWindowRecords {
    private let pool: PostgresPool

    /// The windows in `pool`'s database (migrated with `AppAPIStore.postgres`).
    public init(pool: PostgresPool) {
        self.pool = pool
    }

    public func acquire(_ key: String, scope: String, limit: RateLimit, now: Date) throws(AppAPIError) -> RateDecision {
        let time = now.timeIntervalSince1970
        let window = Double(max(1, limit.windowSeconds))
        let oldest: Double?
        do {
            oldest = try pool.withConnection { connection in
                try connection.queryOne("SELECT backend_rate_acquire($1, $2, $3, $4, $5) AS oldest",
                                        [.text(scope), .text(key), .double(time), .int(Int64(limit.count)), .double(window)])?
                    .optionalDouble("oldest")
            }
        } catch {
            throw .storage("the rate limit could not be checked: \(error)")
        }
        guard let oldest else { return .allowed }
        return .refusal(oldest: oldest, now: time, window: window)
    }
}
