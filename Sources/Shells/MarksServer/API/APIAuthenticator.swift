import HTTPServer
import MarksAccess

/// linkding's token authentication: `Authorization: Token <key>` or `Bearer <key>` (scheme case-insensitive),
/// the key compared in constant time. Another scheme, or no header, is anonymous; a malformed header or a wrong
/// key is a 401 in DRF's words.
enum APIAuthenticator {
    private static let schemes: Set<String> = ["token", "bearer"]

    /// True when the request carries the current token, false when it carries none; throws 401 for a bad one.
    static func authenticate(_ headers: HTTPHeaders, tokens: APITokenStore) throws(APIError) -> Bool {
        guard let header = headers["Authorization"] else { return false }
        // Python's bytes.split(): runs of ASCII white space separate the parts.
        let parts = header.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\u{0B}" || $0 == "\u{0C}" || $0 == "\r" || $0 == "\n" })
        guard let scheme = parts.first, schemes.contains(scheme.lowercased()) else { return false }
        if parts.count == 1 { throw APIError.authenticationFailed("Invalid token header. No credentials provided.") }
        if parts.count > 2 { throw APIError.authenticationFailed("Invalid token header. Token string should not contain spaces.") }
        guard tokens.matches(String(parts[1])) else { throw APIError.authenticationFailed("Invalid token.") }
        return true
    }
}
