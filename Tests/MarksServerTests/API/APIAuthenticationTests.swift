import Foundation
import HTTPServer
import MarksAccess
import Testing
import MarksBookmarks
@testable import MarksServer
import SystemSupport

/// Token authentication as linkding's DRF answers it: which header passes, which 401 body each failure gets.
@Suite struct APIAuthenticationTests {
    @Test(arguments: [
        (APIFixture.Auth.none, "Authentication credentials were not provided."),
        (.header("Basic dXNlcjpwYXNz"), "Authentication credentials were not provided."),
        (.header(""), "Authentication credentials were not provided."),
        (.header("Token"), "Invalid token header. No credentials provided."),
        (.header("Bearer   "), "Invalid token header. No credentials provided."),
        (.header("Token a b"), "Invalid token header. Token string should not contain spaces."),
        (.header("Token 0123456789abcdef0123456789abcdef01234567"), "Invalid token."),
        (.header("Token short"), "Invalid token."),
    ])
    func refusedRequestsGet401WithDRFWords(auth: APIFixture.Auth, detail: String) async throws {
        let fixture = try APIFixture()
        defer { fixture.cleanUp() }
        let reply = try await fixture.send(.get, "/api/bookmarks/", auth: auth)
        #expect(reply.status == 401)
        #expect(reply.text == "{\"detail\":\"\(detail)\"}")
        #expect(reply.header("WWW-Authenticate") == "Token")
        #expect(reply.header("Content-Type") == "application/json")
    }

    @Test func tokenAndBearerSchemesInAnyCaseAreAccepted() async throws {
        let fixture = try APIFixture()
        defer { fixture.cleanUp() }
        for scheme in ["Token", "token", "TOKEN", "Bearer", "bearer", "BeArEr"] {
            let reply = try await fixture.send(.get, "/api/bookmarks/", auth: .header("\(scheme) \(fixture.token)"))
            #expect(reply.status == 200, "\(scheme)")
        }
        let tabbed = try await fixture.send(.get, "/api/tags/", auth: .header("Token\t\(fixture.token)  "))
        #expect(tabbed.status == 200)
    }

    @Test func aTokenThatDiffersInOneCharacterIsRefused() async throws {
        let fixture = try APIFixture()
        defer { fixture.cleanUp() }
        var wrong = Array(fixture.token)
        wrong[39] = wrong[39] == "a" ? "b" : "a"
        let reply = try await fixture.send(.get, "/api/bookmarks/", auth: .header("Token \(String(wrong))"))
        #expect(reply.status == 401)
        try AtomicFile.write(Data("abcdef0123456789abcdef0123456789abcdef01\n".utf8), to: fixture.tokens.file)
        let upper = try await fixture.send(.get, "/api/bookmarks/", auth: .header("Token ABCDEF0123456789ABCDEF0123456789ABCDEF01"))
        #expect(upper.status == 401)
        let exact = try await fixture.send(.get, "/api/bookmarks/", auth: .header("Token abcdef0123456789abcdef0123456789abcdef01"))
        #expect(exact.status == 200)
    }

    @Test func everyEndpointButTheSharedListNeedsTheToken() async throws {
        let fixture = try APIFixture()
        defer { fixture.cleanUp() }
        let guarded: [(HTTPMethod, String)] = [
            (.get, "/api/"), (.get, "/api/bookmarks/"), (.post, "/api/bookmarks/"), (.get, "/api/bookmarks/archived/"),
            (.get, "/api/bookmarks/check/?url=https://example.com"), (.get, "/api/bookmarks/1/"), (.put, "/api/bookmarks/1/"),
            (.patch, "/api/bookmarks/1/"), (.delete, "/api/bookmarks/1/"), (.post, "/api/bookmarks/1/archive/"),
            (.post, "/api/bookmarks/1/unarchive/"), (.get, "/api/tags/"), (.post, "/api/tags/"), (.get, "/api/tags/1/"),
            (.delete, "/api/tags/1/"), (.get, "/api/bundles/"), (.post, "/api/bundles/"), (.get, "/api/user/profile/"),
            (.get, "/api/bookmarks/1/assets/"), (.post, "/api/bookmarks/1/assets/upload/"), (.options, "/api/bookmarks/"),
            (.post, "/api/bookmarks/shared/"),
        ]
        for (method, path) in guarded {
            let reply = try await fixture.send(method, path, auth: .none)
            #expect(reply.status == 401, "\(method) \(path)")
        }
        let shared = try await fixture.send(.get, "/api/bookmarks/shared/", auth: .none)
        #expect(shared.status == 200)
        let health = try await fixture.send(.get, "/health", auth: .none)
        #expect(health.status == 200)
    }

    @Test func theSharedListFollowsTheProfilesSharingSettings() async throws {
        for (sharing, publicSharing, owner, anonymous) in [(false, false, 0, 0), (true, false, 1, 0), (true, true, 1, 1), (false, true, 0, 0)] {
            let fixture = try APIFixture(configuration: .init(sharing: sharing, publicSharing: publicSharing))
            defer { fixture.cleanUp() }
            try await fixture.create(#"{"url": "https://shared.example.com/", "shared": true}"#)
            try await fixture.create(#"{"url": "https://private.example.com/"}"#)
            let byOwner = try await fixture.send(.get, "/api/bookmarks/shared/")
            #expect(try byOwner.results().count == owner, "sharing \(sharing), public \(publicSharing)")
            let byAnyone = try await fixture.send(.get, "/api/bookmarks/shared/", auth: .none)
            #expect(byAnyone.status == 200)
            #expect(try byAnyone.results().count == anonymous, "sharing \(sharing), public \(publicSharing)")
            if owner == 1 { #expect(try byOwner.results().first?["url"] as? String == "https://shared.example.com/") }
            let wrongToken = try await fixture.send(.get, "/api/bookmarks/shared/", auth: .header("Token nope"))
            #expect(wrongToken.status == 401)
            let profile = try await fixture.send(.get, "/api/user/profile/").object()
            #expect(profile["enable_sharing"] as? Bool == sharing && profile["enable_public_sharing"] as? Bool == publicSharing)
        }
    }

    @Test func aRotatedTokenReplacesTheOldOneAtOnce() async throws {
        let fixture = try APIFixture()
        defer { fixture.cleanUp() }
        let old = fixture.token
        let rotated = try APITokenStore(directory: fixture.directory.url).rotate()  // as `marks token --rotate` does
        #expect(rotated != old)
        #expect(try await fixture.send(.get, "/api/tags/", auth: .header("Token \(old)")).status == 401)
        #expect(try await fixture.send(.get, "/api/tags/", auth: .header("Token \(rotated)")).status == 200)
    }

    @Test func aDeletedOrBrokenTokenFileAdmitsNobody() async throws {
        let fixture = try APIFixture()
        defer { fixture.cleanUp() }
        try Data("not a token\n".utf8).write(to: fixture.tokens.file)
        #expect(try await fixture.send(.get, "/api/tags/").status == 401)
        try FileManager.default.removeItem(at: fixture.tokens.file)
        #expect(try await fixture.send(.get, "/api/tags/").status == 401)
    }
}
