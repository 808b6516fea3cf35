import Foundation
import MarksAccess
import MarksAppAPI
import MarksBookmarks
import MarksTestSupport
import Testing
@testable import MarksServer

/// The wallabag endpoints refuse what they must (issue 38 item 4's bad input): wrong credentials, another client's id,
/// an expired token, a revoked client, malformed JSON, an unknown entry, a body too large — each a JSON object with
/// wallabag's `error` and `error_description`, and nothing written: no token, no bookmark, no change.
@Suite struct WallabagRefusalTests {
    @Test func wrongCredentialsGetClearErrorsAndNoToken() async throws {
        try await WallabagFixture.with { fixture in
            let kobo = try fixture.clients.add(name: "Kobo", username: "reader")
            let pocketbook = try fixture.clients.add(name: "PocketBook", username: "reader")
            let cases: [(String, String, String, String, Int, String)] = [
                ("wrong secret", kobo.client.clientID, "not-the-secret", kobo.password, 401, "invalid_client"),
                ("wrong password", kobo.client.clientID, kobo.clientSecret, "not-the-password", 400, "invalid_grant"),
                ("another client's id", pocketbook.client.clientID, kobo.clientSecret, kobo.password, 401, "invalid_client"),
                ("another client's password", kobo.client.clientID, kobo.clientSecret, pocketbook.password, 400, "invalid_grant"),
                ("unknown client", "marks-000000000000000000000000", kobo.clientSecret, kobo.password, 401, "invalid_client"),
            ]
            for (name, id, secret, password, status, code) in cases {
                let reply = try await fixture.signIn(clientID: id, secret: secret, username: "reader", password: password)
                #expect(reply.status == status, "\(name): \(reply.text)")
                #expect(reply.object?["error"] as? String == code, "\(name): \(reply.text)")
                #expect((reply.object?["error_description"] as? String)?.isEmpty == false, "\(name)")
                #expect(!reply.text.contains(kobo.clientSecret) && !reply.text.contains(kobo.password), "\(name): no secret in the answer")
            }
            let wrongUser = try await fixture.signIn(clientID: kobo.client.clientID, secret: kobo.clientSecret, username: "someone", password: kobo.password)
            #expect(wrongUser.status == 400 && wrongUser.object?["error"] as? String == "invalid_grant")
            let otherGrant = try await fixture.send("POST", "/oauth/v2/token",
                                                    json: #"{"grant_type":"client_credentials","client_id":"\#(kobo.client.clientID)","client_secret":"\#(kobo.clientSecret)"}"#)
            #expect(otherGrant.status == 400 && otherGrant.object?["error"] as? String == "invalid_request", "\(otherGrant.text)")
            let missing = try await fixture.send("POST", "/oauth/v2/token", json: #"{"grant_type":"password","client_id":"\#(kobo.client.clientID)"}"#)
            #expect(missing.status == 400 && missing.object != nil, "\(missing.text)")
            let malformed = try await fixture.send("POST", "/oauth/v2/token", json: #"{"grant_type":"password","#)
            #expect(malformed.status == 400 && malformed.object?["error"] as? String == "invalid_request", "\(malformed.text)")
            #expect(try fixture.tokenRows() == 0, "no token was issued")
            #expect(try fixture.clients.clients().allSatisfy { $0.lastUsed == nil })

            // The form-encoded request wallabag also takes works.
            let form = "grant_type=password&client_id=\(kobo.client.clientID)&client_secret=\(kobo.clientSecret)&username=reader&password=\(kobo.password)"
            let formReply = try await fixture.send("POST", "/oauth/v2/token", json: form, contentType: "application/x-www-form-urlencoded")
            #expect(formReply.status == 200 && formReply.object?["access_token"] is String, "\(formReply.text)")
        }
    }

    /// Sign-ins are limited per address, right or wrong: past the limit a JSON 429 with `Retry-After`, and no token,
    /// until the window has passed.
    @Test func signInsAreLimitedPerAddress() async throws {
        try await WallabagFixture.with(signInLimit: RateLimit(count: 3, windowSeconds: 300)) { fixture in
            let kobo = try fixture.clients.add(name: "Kobo")
            for _ in 0..<3 {
                let wrong = try await fixture.signIn(clientID: kobo.client.clientID, secret: "guess", username: "koreader", password: "guess")
                #expect(wrong.status == 401)
            }
            let limited = try await fixture.signIn(clientID: kobo.client.clientID, secret: kobo.clientSecret, username: "koreader", password: kobo.password)
            #expect(limited.status == 429, "\(limited.text)")
            #expect(limited.object?["error"] as? String == "too_many_requests")
            #expect(limited.headers["Retry-After"] == "300")
            #expect(try fixture.tokenRows() == 0)
            fixture.clock.advance(301)
            let later = try await fixture.signIn(clientID: kobo.client.clientID, secret: kobo.clientSecret, username: "koreader", password: kobo.password)
            #expect(later.status == 200 && later.object?["access_token"] is String, "\(later.text)")
        }
    }

    @Test func tokensExpireAndDieWithTheirClient() async throws {
        try await WallabagFixture.with { fixture in
            let kobo = try fixture.clients.add(name: "Kobo")
            let other = try fixture.clients.add(name: "Other")
            func token(_ made: NewEReaderClient) async throws -> String {
                let reply = try await fixture.signIn(clientID: made.client.clientID, secret: made.clientSecret, username: "koreader", password: made.password)
                return try #require(reply.object?["access_token"] as? String, "\(reply.text)")
            }
            let first = try await token(kobo)
            let list = "/api/entries.json?archive=0&page=1&perPage=30"
            #expect(try await fixture.send("GET", list, token: first).status == 200)
            fixture.clock.advance(EReaderClients.accessLifetime + 1)
            let expired = try await fixture.send("GET", list, token: first)
            #expect(expired.status == 401)
            #expect(expired.object?["error"] as? String == "invalid_grant")
            #expect(expired.object?["error_description"] as? String == "The access token provided has expired.")
            #expect(expired.headers["WWW-Authenticate"]?.hasPrefix("Bearer") == true)

            let fresh = try await token(kobo)
            let kept = try await token(other)
            #expect(try fixture.clients.revoke(id: kobo.client.id))
            let revoked = try await fixture.send("GET", list, token: fresh)
            #expect(revoked.status == 401 && revoked.object?["error_description"] as? String == "The access token provided is invalid.")
            let again = try await fixture.signIn(clientID: kobo.client.clientID, secret: kobo.clientSecret, username: "koreader", password: kobo.password)
            #expect(again.status == 401 && again.object?["error"] as? String == "invalid_client")
            #expect(try await fixture.send("GET", list, token: kept).status == 200, "the other client's token still works")

            for (name, header) in [("none", nil), ("garbage", "not-a-token"), ("a short one", "x")] as [(String, String?)] {
                let reply = try await fixture.send("GET", list, token: header)
                #expect(reply.status == 401 && reply.object?["error"] as? String == "invalid_grant", "\(name): \(reply.text)")
            }
        }
    }

    @Test func badRequestsWriteNothing() async throws {
        try await WallabagFixture.with { fixture in
            let kobo = try fixture.clients.add(name: "Kobo")
            let signIn = try await fixture.signIn(clientID: kobo.client.clientID, secret: kobo.clientSecret, username: "koreader", password: kobo.password)
            let token = try #require(signIn.object?["access_token"] as? String)
            let before = try await fixture.allBookmarks()
            let someID = try #require(before.keys.min())
            let requests: [(String, String, String?, Int)] = [
                ("POST", "/api/entries.json", #"{"url":"https://example.org/x","tags":"#, 400),
                ("POST", "/api/entries.json", #"{"tags":"a"}"#, 400),
                ("POST", "/api/entries.json", #"{"url":"javascript:alert(1)"}"#, 400),
                ("POST", "/api/entries.json", #"["https://example.org/x"]"#, 400),
                ("PATCH", "/api/entries/\(someID).json", #"{"archive":"maybe"}"#, 400),
                ("PATCH", "/api/entries/999999.json", #"{"archive":1}"#, 404),
                ("DELETE", "/api/entries/999999.json", nil, 404),
                ("DELETE", "/api/entries/abc.json", nil, 404),
                ("POST", "/api/entries/999999/tags.json", #"{"tags":"a"}"#, 404),
                ("GET", "/api/entries/999999/export.epub", nil, 404),
                ("GET", "/api/entries.json?page=0", nil, 400),
                ("GET", "/api/entries.json?perPage=100000", nil, 400),
                ("GET", "/api/nothing.json", nil, 404),
                ("PUT", "/oauth/v2/token", "{}", 405),
            ]
            for (method, path, body, status) in requests {
                let reply = try await fixture.send(method, path, json: body, token: token)
                #expect(reply.status == status, "\(method) \(path): \(reply.text)")
                #expect(reply.object?["error"] is String, "\(method) \(path): a JSON object, \(reply.text)")
            }
            let huge = #"{"url":"https://example.org/huge","tags":""# + String(repeating: "a", count: 200_000) + #""}"#
            let tooLarge = try await fixture.send("POST", "/api/entries.json", json: huge, token: token)
            #expect(tooLarge.status == 413, "\(tooLarge.text.prefix(200))")
            #expect(tooLarge.object != nil, "\(tooLarge.text.prefix(200))")
            let after = try await fixture.allBookmarks()
            #expect(after == before, "nothing written")
        }
    }
}
