import Foundation
import MarksAccess
import MarksTestSupport
import SQLiteDatabase
import Testing
@testable import MarksServer

/// Settings → Devices → E-readers: the owner adds a KOReader client and sees, once, everything the plugin asks for
/// (the server URL ending in `/wallabag`, client id, secret, username, password), which then signs in; the list shows
/// it with Revoke, which makes its credentials fail at once; a stranger cannot add one; a bad name adds nothing.
@Suite struct WebEReadersTests {
    static func value(_ id: String, in html: String) -> String? {
        guard let start = html.range(of: "id=\"\(id)\">"), let end = html[start.upperBound...].range(of: "<") else { return nil }
        return String(html[start.upperBound..<end.lowerBound])
    }

    @Test func anEReaderIsAddedShownOnceAndRevoked() async throws {
        let web = try await WebHarness.make()
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let empty = WebClient.text(try await client.get("/settings"))
        #expect(empty.contains("id=\"ereaders-empty\""))
        #expect(empty.contains("<label for=\"ereader-name\">"))

        let added = try await client.post("/settings/ereaders", [("name", "Kobo Libra"), ("username", "reader")])
        #expect(added.status == 200)
        let html = WebClient.text(added)
        let server = try #require(Self.value("ereader-server", in: html))
        #expect(server.hasSuffix("/wallabag"))
        let clientID = try #require(Self.value("ereader-client-id", in: html))
        let secret = try #require(Self.value("ereader-client-secret", in: html))
        let password = try #require(Self.value("ereader-password", in: html))
        #expect(Self.value("ereader-user", in: html) == "reader")
        #expect(html.contains("Kobo Libra"))

        let clients = try EReaderClients(database: try Database(path: web.directory.appendingPathComponent("marks.sqlite").path), now: { Date() })
        _ = try clients.grant(clientID: clientID, clientSecret: secret, username: "reader", password: password)
        let listed = WebClient.text(try await client.get("/settings"))
        #expect(listed.contains(clientID))
        #expect(!listed.contains(secret) && !listed.contains(password), "shown only once")

        let id = try #require(try clients.clients().first?.id)
        var stranger = web.anonymous()
        _ = try await stranger.post("/settings/ereaders/\(id)/revoke")
        _ = try await stranger.post("/settings/ereaders", [("name", "Intruder")])
        #expect(try clients.clients().count == 1, "only the signed-in owner adds or revokes")

        let bad = try await client.post("/settings/ereaders", [("name", String(repeating: "x", count: 101))])
        #expect(bad.status == 400)
        #expect(WebClient.text(bad).contains("longer than 100 characters"))
        #expect(try clients.clients().count == 1, "nothing added")

        let revoked = try await client.post("/settings/ereaders/\(id)/revoke")
        #expect(revoked.status == 303)
        #expect(throws: EReaderAuthError.invalidClient) {
            _ = try clients.grant(clientID: clientID, clientSecret: secret, username: "reader", password: password)
        }
        let after = WebClient.text(try await client.get("/settings?notice=revoked-ereader"))
        #expect(!after.contains(clientID))
        #expect(after.contains("That e-reader is revoked"))
    }
}
