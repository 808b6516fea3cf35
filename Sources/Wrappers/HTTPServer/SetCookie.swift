/// A `Set-Cookie` header value. Defaults suit a session cookie: `Path=/`, `HttpOnly`, `SameSite=Lax`.
public struct SetCookie: Sendable, Equatable {
    /// The `SameSite` attribute.
    public enum SameSite: String, Sendable {
        /// Strict
        case strict = "Strict"
        /// Lax
        case lax = "Lax"
        /// None (browsers require `Secure` with it)
        case none = "None"
    }

    /// Cookie name (a token; characters outside it are dropped).
    public var name: String
    /// Cookie value (characters not allowed in a cookie value are dropped).
    public var value: String
    /// `Path`, nil for none.
    public var path: String?
    /// `Max-Age` in seconds, nil for a session cookie; 0 deletes the cookie.
    public var maxAge: Int?
    /// `HttpOnly`
    public var httpOnly: Bool
    /// `Secure`
    public var secure: Bool
    /// `SameSite`, nil for none.
    public var sameSite: SameSite?

    /// A cookie with the given attributes.
    public init(
        name: String, value: String, path: String? = "/", maxAge: Int? = nil,
        httpOnly: Bool = true, secure: Bool = false, sameSite: SameSite? = .lax
    ) {
        self.name = name
        self.value = value
        self.path = path
        self.maxAge = maxAge
        self.httpOnly = httpOnly
        self.secure = secure
        self.sameSite = sameSite
    }

    /// A cookie that tells the browser to delete `name` (`Max-Age=0`).
    public static func deleting(_ name: String, path: String? = "/") -> SetCookie {
        SetCookie(name: name, value: "", path: path, maxAge: 0)
    }

    /// The header value, e.g. `sid=abc; Path=/; Max-Age=3600; HttpOnly; SameSite=Lax`.
    public var headerValue: String {
        var parts = ["\(Self.filter(name, allowed: Self.isTokenByte))=\(Self.filter(value, allowed: Self.isValueByte))"]
        if let path { parts.append("Path=\(Self.filter(path, allowed: { Self.isValueByte($0) || $0 == 0x2C || $0 == 0x20 }))") }
        if let maxAge { parts.append("Max-Age=\(max(0, maxAge))") }
        if httpOnly { parts.append("HttpOnly") }
        if secure { parts.append("Secure") }
        if let sameSite { parts.append("SameSite=\(sameSite.rawValue)") }
        return parts.joined(separator: "; ")
    }

    private static func filter(_ text: String, allowed: (UInt8) -> Bool) -> String {
        String(decoding: text.utf8.filter(allowed), as: UTF8.self)
    }

    /// RFC 6265 cookie-octet: visible ASCII except `"`, `,`, `;`, `\`.
    private static func isValueByte(_ byte: UInt8) -> Bool {
        byte == 0x21 || (0x23...0x2B).contains(byte) || (0x2D...0x3A).contains(byte)
            || (0x3C...0x5B).contains(byte) || (0x5D...0x7E).contains(byte)
    }

    /// RFC 7230 token characters.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}
