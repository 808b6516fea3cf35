import Foundation
import MarksCore
import SQLiteDatabase

/// Usage events kept in the server's own database (`backend_analytics_events`) and never sent anywhere.
/// A batch is stored whole or not at all.
public struct AnalyticsStore: Sendable {
    /// One stored event with the device that sent it.
    public struct StoredEvent: Sendable, Equatable {
        /// The device that sent it.
        public var deviceID: String
        /// The event's name.
        public var name: String
        /// When it happened, ISO 8601 in UTC.
        public var at: String
        /// The properties as a JSON object text.
        public var properties: String
    }

    private let database: Database
    private let now: @Sendable () -> Date

    /// The store in `database` (migrated here).
    public init(database: Database, now: @escaping @Sendable () -> Date) throws(BackendError) {
        try BackendSchema.migrate(database)
        self.database = database
        self.now = now
    }

    /// Stores `events` of `deviceID` in one transaction, first deleting what is older than the retention period.
    /// A batch that would take the device past its quota within the window is refused whole (429, retry when its
    /// oldest event in the window leaves it); one that would take the whole store past its total is refused (507).
    public func record(_ events: [AnalyticsEvent], deviceID: String, limits: BackendLimits = BackendLimits()) throws(BackendError) {
        guard !events.isEmpty else { return }
        let quota = limits.analyticsDeviceQuota
        let totalBytes = limits.analyticsTotalBytes
        let retentionSeconds = limits.analyticsRetentionSeconds
        let received = now()
        let receivedText = LinkdingDate.format(received)
        let receivedSeconds = Int64(received.timeIntervalSince1970.rounded(.down))
        let rows = events.map { event in
            (event, properties: JSONValue.object(event.properties).serialized)
        }
        let batchBytes = rows.reduce(0) { $0 + $1.0.name.utf8.count + $1.properties.utf8.count }
        do {
            let refusal: BackendError? = try database.write { connection in
                try Self.deleteExpired(connection, before: receivedSeconds - Int64(retentionSeconds))
                let windowStart = receivedSeconds - Int64(quota.windowSeconds)
                let usage = try connection.queryOne("""
                    SELECT count(*) AS events, coalesce(sum(size), 0) AS bytes, min(received_s) AS oldest
                    FROM backend_analytics_events WHERE device_id = ? AND received_s > ?
                    """, [SQLValue(deviceID), SQLValue(windowStart)])
                let usedEvents = try usage?.int("events") ?? 0
                let usedBytes = try usage?.int("bytes") ?? 0
                if usedEvents + rows.count > quota.events || usedBytes + batchBytes > quota.bytes {
                    let oldest = Int64(try usage?.optionalInt("oldest") ?? Int(receivedSeconds))
                    let retryAfter = max(1, Int(oldest + Int64(quota.windowSeconds) - receivedSeconds))
                    return .rateLimited(retryAfter: retryAfter, what: "analytics events from this device (its quota is \(quota.events) events and \(quota.bytes) bytes per \(quota.windowSeconds) s)")
                }
                let total = try connection.queryOne("SELECT bytes FROM backend_analytics_usage WHERE id = 1")?.int("bytes") ?? 0
                if total + batchBytes > totalBytes {
                    return .full("The server keeps no more analytics events (its store of \(totalBytes) bytes is full); they are dropped until old ones expire.")
                }
                let statement = try connection.prepare("""
                    INSERT INTO backend_analytics_events (device_id, name, at, properties, received_at, received_s, size)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """)
                for (event, properties) in rows {
                    try statement.bind([SQLValue(deviceID), SQLValue(event.name), SQLValue(LinkdingDate.format(event.at)),
                                        SQLValue(properties), SQLValue(receivedText), SQLValue(receivedSeconds),
                                        SQLValue(event.name.utf8.count + properties.utf8.count)])
                    try statement.run()
                }
                try connection.run("UPDATE backend_analytics_usage SET bytes = bytes + ? WHERE id = 1", [SQLValue(batchBytes)])
                return nil
            }
            if let refusal { throw refusal }
        } catch let error as BackendError {
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

    /// Every stored event, oldest first (for tests and local inspection).
    public func events() throws(BackendError) -> [StoredEvent] {
        do {
            return try database.read { connection in
                try connection.query("SELECT device_id, name, at, properties FROM backend_analytics_events ORDER BY id").map { row in
                    StoredEvent(deviceID: try row.string("device_id"), name: try row.string("name"), at: try row.string("at"),
                                properties: try row.string("properties"))
                }
            }
        } catch {
            throw .storage("reading analytics events failed: \(error)")
        }
    }
}
