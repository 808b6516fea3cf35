import CryptoPrimitives
import Foundation
import MarksCore

/// Issues and checks HS256 JSON Web Tokens (RFC 7519) under one secret key. Verification accepts nothing
/// but what `sign` makes: exactly three unpadded base64url segments, a header of `alg: "HS256"` (and
/// optionally `typ: "JWT"`) only, an HMAC-SHA-256 signature compared in constant time, and a payload with
/// a string `sub` and integer `iat` and `exp` (and, when present, a known `scope` and an integer `gen`).
public struct TokenSigner: Sendable {
    /// Tokens longer than this are refused before any parsing.
    public static let maximumTokenLength = 2048
    /// How far `iat` may lie ahead of the clock (clock skew between processes).
    public static let allowedSkewSeconds: Int64 = 60

    private let key: [UInt8]

    /// A signer with `key` (32 random bytes from `SigningKeyStore`).
    public init(key: [UInt8]) {
        self.key = key
    }

    /// The compact serialisation of `claims`.
    public func sign(_ claims: TokenClaims) -> String {
        let header = JSONValue.object([("alg", .string("HS256")), ("typ", .string("JWT"))])
        var members: [(String, JSONValue)] = [
            ("sub", .string(claims.subject)), ("iat", .int(Int(claims.issuedAt))), ("exp", .int(Int(claims.expiresAt))),
        ]
        if let scope = claims.scope { members.append(("scope", .string(scope.rawValue))) }
        if let generation = claims.generation { members.append(("gen", .int(Int(generation)))) }
        let payload = JSONValue.object(members)
        let signingInput = Base64URL.encode(header.serialized) + "." + Base64URL.encode(payload.serialized)
        return signingInput + "." + Base64URL.encode(HMAC.sha256(key: key, message: signingInput))
    }

    /// The claims of a token this signer made that is valid at `now` (seconds since 1970).
    public func verify(_ token: String, now: Int64) throws(TokenError) -> TokenClaims {
        guard token.utf8.count <= Self.maximumTokenLength else { throw .malformed("it is longer than \(Self.maximumTokenLength) bytes") }
        let segments = token.split(separator: ".", omittingEmptySubsequences: false)
        guard segments.count == 3 else { throw .malformed("it has \(segments.count) segments instead of 3") }
        guard let headerBytes = Base64URL.decode(String(segments[0])),
              let payloadBytes = Base64URL.decode(String(segments[1])),
              let signature = Base64URL.decode(String(segments[2])) else {
            throw .malformed("a segment is not unpadded base64url")
        }
        try Self.checkHeader(headerBytes)
        let signingInput = Array(token.utf8.prefix(segments[0].utf8.count + 1 + segments[1].utf8.count))
        let expected = HMAC.sha256(key: key, message: signingInput)
        guard ConstantTime.equals(signature, expected) else { throw .badSignature }
        let claims = try Self.claims(payloadBytes)
        guard claims.expiresAt > now else { throw .expired }
        guard claims.issuedAt <= now + Self.allowedSkewSeconds else { throw .issuedInFuture }
        return claims
    }

    private static func checkHeader(_ bytes: [UInt8]) throws(TokenError) {
        let header = try object(bytes, part: "header")
        guard let alg = header["alg"] else { throw .malformed("the header has no \"alg\"") }
        guard case .string(let name) = alg else { throw .malformed("the header's \"alg\" is not a string") }
        guard name == "HS256" else { throw .unsupportedAlgorithm(String(name.prefix(20))) }
        if let typ = header["typ"], typ != .string("JWT") { throw .malformed("the header's \"typ\" is not \"JWT\"") }
        if let other = header.keys.sorted().first(where: { $0 != "alg" && $0 != "typ" }) {
            throw .unsupportedAlgorithm("with header field \"\(other.prefix(20))\"")
        }
    }

    private static func claims(_ bytes: [UInt8]) throws(TokenError) -> TokenClaims {
        let payload = try object(bytes, part: "payload")
        guard let sub = payload["sub"] else { throw .missingClaim("sub") }
        guard case .string(let subject) = sub, !subject.isEmpty else { throw .malformed("\"sub\" is not a non-empty string") }
        var claims = TokenClaims(subject: subject, issuedAt: try integer(payload, "iat"), expiresAt: try integer(payload, "exp"))
        if let scope = payload["scope"] {
            guard case .string(let name) = scope, let known = DeviceScope(rawValue: name) else { throw .malformed("\"scope\" is not a known scope") }
            claims.scope = known
        }
        if payload["gen"] != nil { claims.generation = try integer(payload, "gen") }
        return claims
    }

    private static func integer(_ object: [String: Scalar], _ name: String) throws(TokenError) -> Int64 {
        guard let value = object[name] else { throw .missingClaim(name) }
        guard case .integer(let number) = value else { throw .malformed("\"\(name)\" is not an integer") }
        return number
    }

    /// A JSON object's top-level members; nested values are kept only as `.other`.
    private static func object(_ bytes: [UInt8], part: String) throws(TokenError) -> [String: Scalar] {
        let decoded: [String: Scalar]
        do {
            decoded = try JSONDecoder().decode([String: Scalar].self, from: Data(bytes))
        } catch {
            throw .malformed("the \(part) is not a JSON object")
        }
        return decoded
    }

    /// One top-level JSON member as the checks need it.
    private enum Scalar: Decodable, Equatable {
        case string(String)
        case integer(Int64)
        case other

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) { // safe: a value that is not a string is tried as a number next
                self = .string(text)
            } else if let number = try? container.decode(Int64.self) { // safe: anything else is kept as `.other`
                self = .integer(number)
            } else {
                self = .other
            }
        }
    }
}
