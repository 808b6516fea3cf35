import Foundation

/// A linkding address as a person pastes it — `https://links.example.com:9090/linkding/`, with or without
/// `/api/`, or a bare host — split into the settings' host, port, path prefix and scheme.
public struct ServerAddress: Sendable, Equatable {
    public var host: String
    public var port: Int?
    public var path: String
    /// Nil when the text named no scheme (the https setting stays as chosen).
    public var useHTTPS: Bool?

    /// An address from its parts.
    public init(host: String, port: Int? = nil, path: String = "", useHTTPS: Bool? = nil) {
        self.host = host
        self.port = port
        self.path = path
        self.useHTTPS = useHTTPS
    }

    /// The address in `text`, or nil when it is not one (a scheme other than http/https, no host, a bad port).
    /// A trailing `/api` or `/api/…` is dropped (that is linkding's API, not its prefix), as are trailing slashes.
    public static func parse(_ text: String) -> ServerAddress? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, !trimmed.contains(where: { $0.isWhitespace }) else { return nil }
        let hasScheme = trimmed.contains("://")
        guard let components = URLComponents(string: hasScheme ? trimmed : "https://" + trimmed),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = components.host, !host.isEmpty else { return nil }
        if components.port == nil, let authority = Self.authority(of: trimmed), authority.hasSuffix(":") { return nil }
        if let port = components.port, !(1...65_535).contains(port) { return nil }
        var segments = components.path.split(separator: "/").map(String.init)
        if let api = segments.firstIndex(of: "api") { segments.removeSubrange(api...) }
        let shownHost = host.hasPrefix("[") || !host.contains(":") ? host : "[\(host)]"
        return ServerAddress(host: shownHost, port: components.port, path: segments.isEmpty ? "" : "/" + segments.joined(separator: "/"),
                             useHTTPS: hasScheme ? scheme == "https" : nil)
    }

    /// True when `text` is more than a bare host name (it has a scheme, a port or a path to split off).
    public static func needsSplitting(_ text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        return trimmed.contains("://") || trimmed.contains("/") || (trimmed.contains(":") && !trimmed.hasPrefix("["))
            || (trimmed.hasPrefix("[") && trimmed.contains("]:"))
    }

    private static func authority(of text: String) -> Substring? {
        let afterScheme = text.range(of: "://").map { text[$0.upperBound...] } ?? Substring(text)
        return afterScheme.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).first
    }
}
