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

    /// Stores `events` of `deviceID` in one transaction.
    public func record(_ events: [AnalyticsEvent], deviceID: String) throws(BackendError) {
        guard !events.isEmpty else { return }
        let received = LinkdingDate.format(now())
        do {
            try database.write { connection in
                let statement = try connection.prepare(
                    "INSERT INTO backend_analytics_events (device_id, name, at, properties, received_at) VALUES (?, ?, ?, ?, ?)")
                for event in events {
                    try statement.bind([SQLValue(deviceID), SQLValue(event.name), SQLValue(LinkdingDate.format(event.at)),
                                        SQLValue(JSONValue.object(event.properties).serialized), SQLValue(received)])
                    try statement.run()
                }
            }
        } catch {
            throw .storage("storing analytics events failed: \(error)")
        }
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
