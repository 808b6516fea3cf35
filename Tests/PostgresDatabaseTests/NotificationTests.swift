import MarksTestSupport
import PostgresDatabase
import Testing

private struct Boom: Error {}

/// LISTEN / NOTIFY between two connections of the real server.
@Suite(.enabled(if: TestServer.enabled, TestServer.skipped))
struct NotificationTests {
    @Test func aNotificationReachesTheListener() throws {
        try withTestDatabase { url throws in
            let listener = try PostgresConnection(url: url)
            let sender = try PostgresConnection(url: url)
            try listener.listen("jobs \"ready\"")
            try sender.notify(channel: "jobs \"ready\"", payload: "42 ✓")
            let notification = try #require(try listener.waitForNotification(timeout: .seconds(10)))
            #expect(notification == PostgresNotification(channel: "jobs \"ready\"", payload: "42 ✓", senderPID: sender.backendPID))
            #expect(try listener.waitForNotification(timeout: .milliseconds(50)) == nil)
        }
    }

    @Test func aNotificationIsSentWhenItsTransactionCommitsAndNotOnRollback() throws {
        try withTestDatabase { url throws in
            let listener = try PostgresConnection(url: url)
            let sender = try PostgresConnection(url: url)
            try listener.listen("wake")
            do {
                try sender.transaction {
                    try sender.notify(channel: "wake", payload: "rolled back")
                    throw Boom()
                }
                Issue.record("the transaction should have rethrown its body's error")
            } catch is Boom {
                // rolled back, with its notification
            }
            try sender.transaction {
                try sender.notify(channel: "wake", payload: "committed")
            }
            #expect(try listener.waitForNotification(timeout: .seconds(10))?.payload == "committed")
            #expect(try listener.waitForNotification(timeout: .milliseconds(50)) == nil)
            try listener.unlisten("wake")
            try sender.notify(channel: "wake")
            #expect(try listener.waitForNotification(timeout: .milliseconds(100)) == nil)
        }
    }

    @Test func aChannelNamePostgreSQLWouldTruncateIsRefused() throws {
        try withTestConnection { db throws in
            let error = try #require(throws: PostgresError.self) { try db.listen(String(repeating: "c", count: 64)) }
            #expect(error.kind == .misuse)
            #expect(throws: PostgresError.self) { try db.notify(channel: "") }
        }
    }
}
