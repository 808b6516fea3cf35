import Foundation
import MarksCore
import PostgresDatabase

/// Usage events in a PostgreSQL database every worker shares (`backend_analytics_events`), never sent anywhere.
/// A batch is one transaction that first locks the running total's row, so batches from all workers take turns
/// through the quota checks, as they do on SQLite's single writer.
public struct PostgresAnalyticsStore: AnalyticsRecords {
    private let pool: PostgresPool
    private let now: @Sendable () -> Date

    /// The store in `pool`'s database (migrated with `AppAPIStore.postgres`).
    public init(pool: PostgresPool, now: @escaping @Sendable () -> Date) {
        self.pool = pool
        self.now = now
    }

    public func record(_ events: [AnalyticsEvent], deviceID: String, limits: AppAPILimits = AppAPILimits()) throws(AppAPIError) {
        guard !events.isEmpty else { return }
        let batch = AnalyticsRecording(events, limits: limits, received: now())
        do {
            let refusal: AppAPIError? = try pool.transaction { connection in
                let stored = try connection.queryOne("SELECT bytes FROM backend_analytics_usage WHERE id = 1 FOR UPDATE")?.int("bytes") ?? 0
                let expired = try connection.queryOne("""
                    WITH gone AS (DELETE FROM backend_analytics_events WHERE received_s < $1 RETURNING size)
                    SELECT coalesce(sum(size), 0)::bigint AS bytes FROM gone
                    """, [.int(batch.expiredBefore)])?.int("bytes") ?? 0
                let remaining = max(0, stored - expired)
                try connection.execute("UPDATE backend_analytics_usage SET bytes = $1 WHERE id = 1", [.int(Int64(remaining))])
                let usage = try connection.queryOne("""
                    SELECT count(*) AS events, coalesce(sum(size), 0)::bigint AS bytes, min(received_s) AS oldest
                    FROM backend_analytics_events WHERE device_id = $1 AND received_s > $2
                    """, [.text(deviceID), .int(batch.windowStart)])
                if let refusal = batch.deviceRefusal(events: try usage?.int("events") ?? 0, bytes: try usage?.int("bytes") ?? 0,
                                                     oldest: try usage?.optionalInt64("oldest")) {
                    return refusal
                }
                if let refusal = batch.totalRefusal(storedBytes: remaining) { return refusal }
                try insert(batch, deviceID: deviceID, on: connection)
                try connection.execute("UPDATE backend_analytics_usage SET bytes = bytes + $1 WHERE id = 1", [.int(Int64(batch.batchBytes))])
                return nil
            }
            if let refusal { throw refusal }
        } catch let error as AppAPIError {
            throw error
        } catch {
            throw .storage("storing analytics events failed: \(error)")
        }
    }

    /// The batch's rows in one statement (a batch holds at most a few hundred events, well under the parameter limit).
    private func insert(_ batch: AnalyticsRecording, deviceID: String, on connection: PostgresConnection) throws {
        var values: [String] = []
        var parameters: [PostgresValue] = [.text(deviceID), .text(batch.receivedText), .int(batch.receivedSeconds)]
        for row in batch.rows {
            let base = parameters.count
            values.append("($1, $\(base + 1), $\(base + 2), $\(base + 3)::json, $2, $3, $\(base + 4))")
            parameters += [.text(row.name), .text(row.at), .text(row.properties), .int(Int64(row.size))]
        }
        try connection.execute("""
            INSERT INTO backend_analytics_events (device_id, name, at, properties, received_at, received_s, size)
            VALUES \(values.joined(separator: ", "))
            """, parameters)
    }

    public func events() throws(AppAPIError) -> [StoredAnalyticsEvent] {
        do {
            return try pool.withConnection { connection in
                try connection.query("SELECT device_id, name, at, properties::text AS properties FROM backend_analytics_events ORDER BY id")
                    .map { row in
                        StoredAnalyticsEvent(deviceID: try row.string("device_id"), name: try row.string("name"), at: try row.string("at"),
                                             properties: try row.string("properties"))
                    }
            }
        } catch {
            throw .storage("reading analytics events failed: \(error)")
        }
    }
}
