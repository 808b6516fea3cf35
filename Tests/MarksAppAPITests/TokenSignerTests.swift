import CryptoPrimitives
import Foundation
import Testing
@testable import MarksAppAPI

@Suite struct TokenSignerTests {
    let key = Array(repeating: UInt8(7), count: 32)
    let now: Int64 = 1_800_000_000

    var signer: TokenSigner { TokenSigner(key: key) }
    var claims: TokenClaims { TokenClaims(subject: "device-1", issuedAt: now, expiresAt: now + 3600) }

    /// A token with exactly these header and payload texts, signed HS256 under `key` (or the given signature).
    func forge(header: String, payload: String, key: [UInt8]? = nil, signature: String? = nil) -> String {
        let input = Base64URL.encode(header) + "." + Base64URL.encode(payload)
        return input + "." + (signature ?? Base64URL.encode(HMAC.sha256(key: key ?? self.key, message: input)))
    }

    let goodHeader = #"{"alg":"HS256","typ":"JWT"}"#
    var goodPayload: String { #"{"sub":"device-1","iat":\#(now),"exp":\#(now + 3600)}"# }

    @Test func signedTokensVerify() throws {
        let token = signer.sign(claims)
        #expect(token.split(separator: ".").count == 3)
        #expect(try signer.verify(token, now: now) == claims)
        #expect(try signer.verify(forge(header: goodHeader, payload: goodPayload), now: now) == claims)
        #expect(try signer.verify(forge(header: #"{"alg":"HS256"}"#, payload: goodPayload), now: now) == claims)
    }

    /// Issue 35: the scope and token generation ride in the payload and come back; older tokens have neither, and an
    /// unknown scope or a mistyped generation is refused.
    @Test func scopeAndGenerationRoundTrip() throws {
        let scoped = TokenClaims(subject: "device-1", issuedAt: now, expiresAt: now + 3600, scope: .owner, generation: 3)
        #expect(try signer.verify(signer.sign(scoped), now: now) == scoped)
        #expect(try signer.verify(signer.sign(claims), now: now).scope == nil)
        let root = #"{"sub":"device-1","iat":\#(now),"exp":\#(now + 3600),"scope":"root"}"#
        #expect(throws: TokenError.malformed("\"scope\" is not a known scope")) { try signer.verify(forge(header: goodHeader, payload: root), now: now) }
        let textGeneration = #"{"sub":"device-1","iat":\#(now),"exp":\#(now + 3600),"gen":"1"}"#
        #expect(throws: TokenError.malformed("\"gen\" is not an integer")) {
            try signer.verify(forge(header: goodHeader, payload: textGeneration), now: now)
        }
    }

    @Test func headerFromTheSignerIsHS256() throws {
        let header = try #require(Base64URL.decode(String(signer.sign(claims).split(separator: ".")[0])))
        #expect(String(decoding: header, as: UTF8.self) == goodHeader)
    }

    @Test(arguments: [
        #"{"alg":"none","typ":"JWT"}"#, #"{"alg":"none"}"#, #"{"alg":"HS512","typ":"JWT"}"#, #"{"alg":"RS256","typ":"JWT"}"#,
        #"{"alg":"ES256"}"#, #"{"alg":"hs256"}"#, #"{"alg":"HS256 "}"#, #"{"alg":"HS256","kid":"../../etc/passwd"}"#,
        #"{"alg":"HS256","crit":["exp"]}"#, #"{"alg":"HS256","jwk":{"kty":"oct","k":"AAAA"}}"#,
    ])
    func otherAlgorithmsAreRefused(header: String) {
        #expect(throws: TokenError.self) { try signer.verify(forge(header: header, payload: goodPayload), now: now) }
        do {
            _ = try signer.verify(forge(header: header, payload: goodPayload), now: now)
        } catch {
            guard case .unsupportedAlgorithm = error else { Issue.record("\(header): \(error)"); return }
        }
    }

    @Test func algNoneWithoutSignatureIsRefused() {
        let token = Base64URL.encode(#"{"alg":"none"}"#) + "." + Base64URL.encode(goodPayload) + "."
        #expect(throws: TokenError.unsupportedAlgorithm("none")) { try signer.verify(token, now: now) }
    }

    @Test func hs512SignedWithTheSameKeyIsRefused() {
        // An HS512-labelled token whose signature is a valid HS256 MAC must still fail on the label.
        let token = forge(header: #"{"alg":"HS512"}"#, payload: goodPayload)
        #expect(throws: TokenError.unsupportedAlgorithm("HS512")) { try signer.verify(token, now: now) }
    }

    @Test(arguments: [
        ("", "no segments"), ("abc", "one segment"), ("a.b", "two segments"), ("a.b.c.d", "four segments"),
        ("a..c", "empty payload"), ("e30=.e30.sig", "padding"), ("e30.e30.a+b/", "standard base64"),
        ("e30.e30.a b", "space"), ("e30.e30.A", "dangling character"),
    ])
    func malformedTokensAreRefused(token: String, label: String) {
        #expect(throws: TokenError.self, "\(label)") { try signer.verify(token, now: now) }
    }

    @Test(arguments: [
        ("not json", "text header"), ("[1,2]", "array header"), ("\"HS256\"", "string header"), ("{\"alg\":1}", "numeric alg"),
        ("{\"typ\":\"JWT\"}", "no alg"), ("{\"alg\":\"HS256\",\"typ\":\"JWS\"}", "other typ"),
    ])
    func malformedHeadersAreRefused(header: String, label: String) {
        #expect(throws: TokenError.self, "\(label)") { try signer.verify(forge(header: header, payload: goodPayload), now: now) }
    }

    @Test(arguments: [
        ("not json", TokenError.malformed("the payload is not a JSON object")),
        ("[]", TokenError.malformed("the payload is not a JSON object")),
        (#"{"iat":1800000000,"exp":1800003600}"#, TokenError.missingClaim("sub")),
        (#"{"sub":"d","iat":1800000000}"#, TokenError.missingClaim("exp")),
        (#"{"sub":"d","exp":1800003600}"#, TokenError.missingClaim("iat")),
        (#"{"sub":"","iat":1800000000,"exp":1800003600}"#, TokenError.malformed("\"sub\" is not a non-empty string")),
        (#"{"sub":42,"iat":1800000000,"exp":1800003600}"#, TokenError.malformed("\"sub\" is not a non-empty string")),
        (#"{"sub":"d","iat":1800000000,"exp":"1800003600"}"#, TokenError.malformed("\"exp\" is not an integer")),
        (#"{"sub":"d","iat":1800000000,"exp":1800003600.5}"#, TokenError.malformed("\"exp\" is not an integer")),
        (#"{"sub":"d","iat":1800000000,"exp":null}"#, TokenError.malformed("\"exp\" is not an integer")),
    ])
    func payloadsWithoutValidClaimsAreRefused(payload: String, expected: TokenError) {
        #expect(throws: expected) { try signer.verify(forge(header: goodHeader, payload: payload), now: now) }
    }

    @Test func tamperedPayloadFailsTheSignature() {
        let token = signer.sign(claims)
        let parts = token.split(separator: ".").map(String.init)
        let forgedPayload = Base64URL.encode(#"{"sub":"admin","iat":\#(now),"exp":\#(now + 3600)}"#)
        #expect(throws: TokenError.badSignature) { try signer.verify(parts[0] + "." + forgedPayload + "." + parts[2], now: now) }
    }

    @Test func otherKeysAndBrokenSignaturesFail() {
        let otherKey = forge(header: goodHeader, payload: goodPayload, key: Array(repeating: 8, count: 32))
        #expect(throws: TokenError.badSignature) { try signer.verify(otherKey, now: now) }
        let parts = signer.sign(claims).split(separator: ".").map(String.init)
        let shortened = Base64URL.encode(Base64URL.decode(parts[2])?.dropLast() ?? [])
        #expect(throws: TokenError.badSignature) { try signer.verify(parts[0] + "." + parts[1] + "." + shortened, now: now) }
        #expect(throws: TokenError.badSignature) { try signer.verify(forge(header: goodHeader, payload: goodPayload, signature: ""), now: now) }
        let emptyKeyToken = forge(header: goodHeader, payload: goodPayload, key: [])
        #expect(throws: TokenError.badSignature) { try signer.verify(emptyKeyToken, now: now) }
    }

    @Test func expiryFollowsTheInjectedClock() throws {
        let token = signer.sign(claims)
        #expect(try signer.verify(token, now: now + 3599) == claims)
        #expect(throws: TokenError.expired) { try signer.verify(token, now: now + 3600) }
        #expect(throws: TokenError.expired) { try signer.verify(token, now: now + 86_400) }
    }

    @Test func tokensFromTheFutureAreRefused() throws {
        let future = signer.sign(TokenClaims(subject: "d", issuedAt: now + 3600, expiresAt: now + 7200))
        #expect(throws: TokenError.issuedInFuture) { try signer.verify(future, now: now) }
        let skewed = signer.sign(TokenClaims(subject: "d", issuedAt: now + 30, expiresAt: now + 7200))
        #expect(try signer.verify(skewed, now: now).subject == "d")
    }

    @Test func overlongTokensAreRefusedBeforeParsing() {
        let long = String(repeating: "a", count: TokenSigner.maximumTokenLength + 1)
        #expect(throws: TokenError.malformed("it is longer than \(TokenSigner.maximumTokenLength) bytes")) {
            try signer.verify(long, now: now)
        }
    }

    @Test func errorMessagesNeverHoldTheKey() {
        let keyText = Base64URL.encode(key)
        for error in [TokenError.badSignature, .expired, .malformed("x"), .unsupportedAlgorithm("none"), .unknownDevice] {
            #expect(!error.description.contains(keyText))
        }
    }
}
