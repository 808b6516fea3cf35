import Foundation
import MarksCore
import SQLiteDatabase

/// Usage events kept in the server's own SQLite database (`backend_analytics_events`) and never sent anywhere.
/// A batch is stored whole or not at all.
public struct AnalyticsStore: AnalyticsRecords {
    /// One stored event with the device that sent it.
    public typealias StoredEvent = StoredAnalyticsEvent

    private let database: Database
    private let now: @Sendable () -> Date

    /// The store in `database` (migrated here).
    public init(database: Database, now: @escaping @Sendable () -> Date) throws(AppAPIError) {
        try AppAPISchema.migrate(database)
        self.database = database
        self.now = now
    }

    public func record(_ events: [AnalyticsEvent], deviceID: String, limits: AppAPILimits = AppAPILimits()) throws(AppAPIError) {
        guard !events.isEmpty else { return }
        let batch = AnalyticsRecording(events, limits: limits, received: now())
        do {
            let refusal: AppAPIError? = try database.write { connection in
                try Self.deleteExpired(connection, before: batch.expiredBefore)
                let usage = try connection.queryOne("""
                    SELECT count(*) AS events, coalesce(sum(size), 0) AS bytes, min(received_s) AS oldest
                    FROM backend_analytics_events WHERE device_id = ? AND received_s > ?
                    """, [SQLValue(deviceID), SQLValue(batch.windowStart)])
                if let refusal = batch.deviceRefusal(events: try usage?.int("events") ?? 0, bytes: try usage?.int("bytes") ?? 0,
                                                     oldest: try usage?.optionalInt("oldest").map(Int64.init)) {
                    return refusal
                }
                let total = try connection.queryOne("SELECT bytes FROM backend_analytics_usage WHERE id = 1")?.int("bytes") ?? 0
                if let refusal = batch.totalRefusal(storedBytes: total) { return refusal }
                let statement = try connection.prepare("""
                    INSERT INTO backend_analytics_events (device_id, name, at, properties, received_at, received_s, size)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """)
                for row in batch.rows {
                    try statement.bind([SQLValue(deviceID), SQLValue(row.name), SQLValue(row.at), SQLValue(row.properties),
                                        SQLValue(batch.receivedText), SQLValue(batch.receivedSeconds), SQLValue(row.size)])
                    try statement.run()
                }
                try connection.run("UPDATE backend_analytics_usage SET bytes = bytes + ? WHERE id = 1", [SQLValue(batch.batchBytes)])
                return nil
            }
            if let refusal { throw refusal }
        } catch let error as AppAPIError {
            throw error
        } catch {
            throw .storage("storing analytics events failed: \(error)")
        }
    }

    /// Deletes events received before `cutoff` (Unix seconds) and takes their bytes off the running total.
    private static func deleteExpired(_ connection: Connection, before cutoff: Int64) throws {
        let expired = try connection.queryOne(
            "SELECT coalesce(sum(size), 0) AS bytes FROM backend_analytics_events WHERE received_s < ?", [SQLValue(cutoff)])?.int("bytes") ?? 0
        try connection.run("DELETE FROM backend_analytics_events WHERE received_s < ?", [SQLValue(cutoff)])
        try connection.run("UPDATE backend_analytics_usage SET bytes = max(0, bytes - ?) WHERE id = 1", [SQLValue(expired)])
    }

    public func events() throws(AppAPIError) -> [StoredAnalyticsEvent] {
        do {
            return try database.read { connection in
                try connection.query("SELECT device_id, name, at, properties FROM backend_analytics_events ORDER BY id").map { row in
                    StoredAnalyticsEvent(deviceID: try row.string("device_id"), name: try row.string("name"), at: try row.string("at"),
                                         properties: try row.string("properties"))
                }
            }
        } catch {
            throw .storage("reading analytics events failed: \(error)")
        }
    }
}
