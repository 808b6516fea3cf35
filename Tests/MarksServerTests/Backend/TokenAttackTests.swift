import MarksTestSupport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPServer
import MarksAppAPI
import MarksServer
import Testing

/// The JWT attacks, over HTTP against `marks serve`'s `/v1/` on port 0: each forged or stale token is a 401
/// with `{"error": …}`, and the genuine token still works.
@Suite struct TokenAttackTests {
    static let search = #"{"query":"q","bookmarks":[{"id":1,"title":"t","domain":"d"}]}"#

    /// The attacks, each built from a genuine token of device `device-1` and the server's fixture.
    static let attacks: [(label: String, forge: @Sendable (String, AppAPIFixture) throws -> String)] = [
        ("alg none, no signature", { token, _ in base64URL(#"{"alg":"none","typ":"JWT"}"#) + "." + part(token, 1) + "." }),
        ("alg none, kept signature", { token, _ in base64URL(#"{"alg":"none"}"#) + "." + part(token, 1) + "." + part(token, 2) }),
        ("alg HS512", { token, _ in base64URL(#"{"alg":"HS512","typ":"JWT"}"#) + "." + part(token, 1) + "." + part(token, 2) }),
        ("alg RS256 (key confusion)", { token, _ in base64URL(#"{"alg":"RS256","typ":"JWT"}"#) + "." + part(token, 1) + "." + part(token, 2) }),
        ("two segments", { token, _ in part(token, 0) + "." + part(token, 1) }),
        ("four segments", { token, _ in token + ".extra" }),
        ("bad base64url", { token, _ in part(token, 0) + "." + part(token, 1) + "+/" + "." + part(token, 2) }),
        ("non-JSON payload", { token, _ in part(token, 0) + "." + base64URL("device-1") + "." + part(token, 2) }),
        ("tampered subject", { token, _ in
            part(token, 0) + "." + base64URL(#"{"sub":"device-2","iat":1800000000,"exp":1900000000}"#) + "." + part(token, 2) }),
        ("missing exp", { token, _ in part(token, 0) + "." + base64URL(#"{"sub":"device-1","iat":1800000000}"#) + "." + part(token, 2) }),
        ("unknown device, server key", { _, fixture in
            TokenSigner(key: try SigningKeyStore.loadOrCreate(in: fixture.data.database))
                .sign(TokenClaims(subject: "never-registered", issuedAt: 1_800_000_000, expiresAt: 1_900_000_000)) }),
        ("expired, server key", { _, fixture in
            TokenSigner(key: try SigningKeyStore.loadOrCreate(in: fixture.data.database))
                .sign(TokenClaims(subject: "device-1", issuedAt: 1_700_000_000, expiresAt: 1_799_999_999)) }),
        ("empty", { _, _ in "" }),
    ]

    static func part(_ token: String, _ index: Int) -> String {
        String(token.split(separator: ".", omittingEmptySubsequences: false)[index])
    }

    @Test(arguments: attacks.indices)
    func forgedTokensAreRefused(index: Int) async throws {
        let attack = Self.attacks[index]
        let fixture = try AppAPIFixture()
        defer { fixture.remove() }
        let server = try LiveServer(fixture.router)
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        do {
            let url = server.baseURL.appendingPathComponent("v1/marks/search")
            let genuine = try await fixture.register("device-1")
            let forged = try attack.forge(genuine, fixture)
            let reply = try await post(url, json: Self.search, headers: ["Authorization": "Bearer \(forged)"], session: session)
            #expect(reply.status == 401, "\(attack.label): \(reply.text)")
            #expect(reply.error?.contains("Register again") == true || reply.error?.contains("Bearer") == true, "\(attack.label)")
            #expect(reply.headers["WWW-Authenticate"] == "Bearer realm=\"marks\"")
            let fine = try await post(url, json: Self.search, headers: ["Authorization": "Bearer \(genuine)"], session: session)
            #expect(fine.status == 200, "\(attack.label): the genuine token")
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    @Test func tokensExpireOnTheServersClock() async throws {
        let fixture = try AppAPIFixture()
        defer { fixture.remove() }
        let token = try await fixture.register()
        #expect(try await fixture.send("/v1/marks/search", json: Self.search, token: token).status == 200)
        fixture.clock.advance(30 * 24 * 3600)
        let expired = try await fixture.send("/v1/marks/search", json: Self.search, token: token)
        #expect(expired.status == 401)
        #expect(expired.error == "The token has expired. Register again at POST /v1/auth/register.")
    }
}
