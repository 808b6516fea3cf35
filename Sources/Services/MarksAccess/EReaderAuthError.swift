/// Why an e-reader (KOReader's wallabag plugin) was refused, or its credentials could not be kept. The server turns each
/// into wallabag's OAuth answer (`{"error", "error_description"}`); none carries a secret.
public enum EReaderAuthError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The client id is unknown (or revoked), or its secret is wrong.
    case invalidClient
    /// The username and password do not belong to that client.
    case invalidCredentials
    /// The grant type is not `password` (the only one the plugin uses).
    case unsupportedGrant(String)
    /// A field of the token request is missing or empty.
    case missingField(String)
    /// The bearer token is unknown, or its client was revoked.
    case invalidToken
    /// The bearer token was good but has expired.
    case expiredToken
    /// A name or username that cannot be kept (empty, too long, control characters).
    case badName(String)
    /// The credentials table could not be read or written.
    case store(String)
    /// No secure random numbers.
    case random(String)

    public var description: String {
        switch self {
        case .invalidClient: "The client credentials are invalid."
        case .invalidCredentials: "Invalid username and password combination."
        case .unsupportedGrant(let type): "Invalid grant_type parameter or parameter missing (\(type.prefix(40))); use \"password\"."
        case .missingField(let name): "The \(name) parameter is missing."
        case .invalidToken: "The access token provided is invalid."
        case .expiredToken: "The access token provided has expired."
        case .badName(let reason): reason
        case .store(let reason): "The e-reader credentials in marks.sqlite could not be used: \(reason)"
        case .random(let reason): "No secure random numbers for e-reader credentials: \(reason)"
        }
    }

    /// wallabag's (FOSOAuthServer's) error code for the answer.
    public var oauthCode: String {
        switch self {
        case .invalidClient: "invalid_client"
        case .invalidCredentials, .invalidToken, .expiredToken: "invalid_grant"
        case .unsupportedGrant: "invalid_request"
        case .missingField, .badName: "invalid_request"
        case .store, .random: "server_error"
        }
    }
}
