import MarksTestSupport
import Foundation
import MarksCore
import Testing
@testable import MarksAppAPI

@Suite struct AnalyticsStoreTests {
    @Test func batchesAreStoredWhole() throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        let clock = ManualClock()
        let authority = try DeviceAuthority(database: database.database, now: clock.now)
        _ = try authority.register(RegistrationRequest(deviceID: "d1", platform: "web", appVersion: "1"), presentedSecret: nil, from: "a")
        let store = try AnalyticsStore(database: database.database, now: clock.now)
        let at = Date(timeIntervalSince1970: 1_768_465_800)
        try store.record([
            AnalyticsEvent(name: "bookmark_added", at: at, properties: [("source", .string("share")), ("count", .int(2))]),
            AnalyticsEvent(name: "app_open", at: at),
        ], deviceID: "d1")
        let stored = try store.events()
        #expect(stored.map(\.name) == ["bookmark_added", "app_open"])
        #expect(stored[0] == AnalyticsStore.StoredEvent(deviceID: "d1", name: "bookmark_added", at: "2026-01-15T08:30:00Z",
                                                        properties: #"{"source":"share","count":2}"#))
        #expect(stored[1].properties == "{}")
    }

    @Test func aFailingBatchStoresNothing() throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        let store = try AnalyticsStore(database: database.database, now: ManualClock().now)
        // The device is not registered: the foreign key refuses the rows, and the transaction rolls back.
        let events = (0..<5).map { AnalyticsEvent(name: "e\($0)", at: Date(timeIntervalSince1970: 0)) }
        #expect(backendError { try store.record(events, deviceID: "ghost") }?.status == 500)
        #expect(try store.events().isEmpty)
    }
}
