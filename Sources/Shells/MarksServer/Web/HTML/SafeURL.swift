import Foundation

/// A link target that cannot run script: a path inside this app, or an absolute http(s) URL.
/// `javascript:`, `data:` and protocol-relative (`//host`) targets never become a `SafeURL`.
public struct SafeURL: Sendable, Equatable, CustomStringConvertible {
    /// The link as it goes into an attribute (escaped there by `HTML`).
    public let value: String

    private init(checked value: String) {
        self.value = value
    }

    /// A path of this app such as `/bookmarks/3/edit`; anything that is not a plain local path becomes `/`.
    public static func path(_ path: String) -> SafeURL {
        SafeURL(checked: isLocalPath(path) ? path : "/")
    }

    /// A path of this app with query parameters, each name and value percent-encoded.
    public static func path(_ path: String, query: [(String, String)]) -> SafeURL {
        let kept = query.filter { !$0.1.isEmpty }
        guard !kept.isEmpty else { return Self.path(path) }
        return Self.path(path + "?" + kept.map { encode($0.0) + "=" + encode($0.1) }.joined(separator: "&"))
    }

    /// An absolute http(s) URL with a host, or nil. Checked by hand (no URL parsing per row): the scheme must be
    /// http or https, a host must follow, and there may be no white space or control characters.
    public static func web(_ url: String) -> SafeURL? {
        let utf8 = url.utf8
        guard utf8.count <= 8192, !utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F }) else { return nil }
        let schemeLength: Int
        if hasPrefix(utf8, "https://") {
            schemeLength = 8
        } else if hasPrefix(utf8, "http://") {
            schemeLength = 7
        } else {
            return nil
        }
        let rest = utf8.dropFirst(schemeLength)
        guard let first = rest.first, first != UInt8(ascii: "/"), first != UInt8(ascii: "?"), first != UInt8(ascii: "#"),
              first != UInt8(ascii: "\\"), first != UInt8(ascii: "@") else { return nil }
        return SafeURL(checked: url)
    }

    /// ASCII case-insensitive prefix test.
    private static func hasPrefix(_ utf8: String.UTF8View, _ prefix: StaticString) -> Bool {
        prefix.withUTF8Buffer { expected in
            guard utf8.count >= expected.count else { return false }
            return zip(utf8, expected).allSatisfy { ($0 | 0x20) == ($1 | 0x20) || $0 == $1 }
        }
    }

    /// True for `/…` paths that a browser resolves inside this origin (no `//`, no backslash, no control bytes).
    public static func isLocalPath(_ path: String) -> Bool {
        guard path.hasPrefix("/"), !path.hasPrefix("//"), !path.hasPrefix("/\\"), path.utf8.count <= 4096 else { return false }
        return !path.utf8.contains { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\\") }
    }

    /// Percent-encodes a query component (everything but unreserved characters).
    public static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    private static let unreserved = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")

    public var description: String { value }
}
