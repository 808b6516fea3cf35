import Foundation

/// Where a linkding server lives: host, optional port, path prefix, API token and scheme.
public struct ServerConfig: Sendable, Equatable, Codable {
    public var host: String
    public var port: Int?
    public var path: String
    public var token: String
    public var useHTTPS: Bool

    /// A server configuration; `path` is a prefix such as `/linkding` (may be empty).
    public init(host: String, port: Int? = nil, path: String = "", token: String, useHTTPS: Bool = true) {
        self.host = host
        self.port = port
        self.path = path
        self.token = token
        self.useHTTPS = useHTTPS
    }

    enum CodingKeys: String, CodingKey {
        case host, port, path, token
        case useHTTPS = "https"
    }

    /// Problems a user must fix before the configuration can be used, in words they can act on.
    public var problems: [String] {
        var out: [String] = []
        let trimmed = host.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { out.append("The linkding host is empty.") }
        if trimmed.contains("://") { out.append("Give the host without a scheme (use the https setting instead): \(trimmed)") }
        if trimmed.contains("/") && !trimmed.contains("://") { out.append("Put the path prefix in the path setting, not in the host.") }
        if let port, !(1...65_535).contains(port) { out.append("The port must be between 1 and 65535.") }
        if token.isEmpty { out.append("The API token is empty (linkding: Settings → Integrations → REST API).") }
        return out
    }

    /// The server's origin and prefix, e.g. `https://links.example.com/linkding`, without a trailing slash.
    public var baseURL: URL? {
        var components = URLComponents()
        components.scheme = useHTTPS ? "https" : "http"
        let hostPart = host.trimmingCharacters(in: .whitespaces)
        components.host = hostPart.hasPrefix("[") && hostPart.hasSuffix("]") ? String(hostPart.dropFirst().dropLast()) : hostPart
        components.port = port
        let trimmed = path.trimmingCharacters(in: CharacterSet(charactersIn: "/ "))
        components.path = trimmed.isEmpty ? "" : "/" + trimmed
        return components.url
    }
}
