/// Why a bearer token was refused. The messages are safe to show: they say what to fix, never the key.
public enum TokenError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not three base64url segments of JSON, or a claim of the wrong type.
    case malformed(String)
    /// The header names another algorithm than HS256 (`none`, `HS512`, `RS256`, …) or extensions.
    case unsupportedAlgorithm(String)
    /// The signature does not match the header and payload.
    case badSignature
    /// A required claim (`sub`, `iat`, `exp`) is missing.
    case missingClaim(String)
    /// `exp` has passed.
    case expired
    /// `iat` lies in the future.
    case issuedInFuture
    /// The device in `sub` is not registered here.
    case unknownDevice
    /// The device's token was revoked, or replaced by a newer registration of the same device.
    case revoked

    public var description: String {
        switch self {
        case .malformed(let reason): "The token is malformed: \(reason)."
        case .unsupportedAlgorithm(let alg): "The token's algorithm \(alg) is not accepted; only HS256 tokens issued by this server are."
        case .badSignature: "The token's signature does not match."
        case .missingClaim(let claim): "The token has no \"\(claim)\" claim."
        case .expired: "The token has expired."
        case .issuedInFuture: "The token is issued in the future."
        case .unknownDevice: "The token's device is not registered with this server."
        case .revoked: "The token was revoked or replaced by a newer registration of its device."
        }
    }
}
