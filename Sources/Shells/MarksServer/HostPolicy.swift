import Foundation
import HTTPServer
#if canImport(Glibc)
import Glibc
#endif

/// Which `Host` header values `marks serve` answers (DNS rebinding): an IP literal (a page can only reach the server
/// by its address under that address's own origin), `localhost` and names under `.localhost`, and the names the
/// operator configured (the public URL's host, `allowed_hosts`). A rebinding page names its own domain, which is
/// none of these, and gets 421. A request without `Host` (HTTP/1.0) is answered.
public struct HostPolicy: Sendable {
    private let names: Set<String>

    /// A policy answering, besides addresses and localhost, the host of `publicURL` and every name in `names`.
    public init(publicURL: String? = nil, names: [String] = []) {
        var all = Set(names.map { Self.normalized($0) }.filter { !$0.isEmpty })
        if let host = publicURL.flatMap({ URL(string: $0)?.host }) { all.insert(Self.normalized(host)) }
        self.names = all
    }

    /// Whether a request with this `Host` header value is answered.
    public func allows(_ host: String?) -> Bool {
        guard let host = host?.trimmingCharacters(in: .whitespaces), !host.isEmpty else { return true }
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return false }
            let rest = host[host.index(after: close)...]
            return (rest.isEmpty || Self.isPort(rest.dropFirst()) && rest.hasPrefix(":")) && Self.isIPv6(String(host[host.index(after: host.startIndex)..<close]))
        }
        let parts = host.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        if parts.count == 2, !Self.isPort(parts[1]) { return false }
        let name = Self.normalized(String(parts[0]))
        if Self.isIPv4(name) || name == "localhost" || name.hasSuffix(".localhost") { return true }
        return names.contains(name)
    }

    /// Throws 421 for a request whose `Host` this server does not answer. The message does not repeat the value.
    func check(_ request: HTTPRequest) throws(HTTPError) {
        guard allows(request.headers["Host"]) else {
            throw HTTPError(421, "This server does not answer for that host name. Use its address, localhost, or a name set as public_url or allowed_hosts.")
        }
    }

    private static func normalized(_ name: String) -> String {
        var name = name.lowercased()
        while name.hasSuffix(".") { name.removeLast() }
        return name
    }

    private static func isPort(_ text: Substring) -> Bool {
        !text.isEmpty && text.count <= 5 && text.allSatisfy(\.isASCII) && text.allSatisfy(\.isNumber)
    }

    private static func isIPv4(_ text: String) -> Bool {
        var address = in_addr()
        return inet_pton(AF_INET, text, &address) == 1
    }

    private static func isIPv6(_ text: String) -> Bool {
        var address = in6_addr()
        return inet_pton(AF_INET6, text, &address) == 1
    }
}
