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

    /// An absolute http(s) URL with a host, or nil.
    public static func web(_ url: String) -> SafeURL? {
        let trimmed = url.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.utf8.count <= 8192, let components = URLComponents(string: trimmed),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = components.host, !host.isEmpty else { return nil }
        return SafeURL(checked: trimmed)
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
