import Foundation

/// linkding's URL normalisation for duplicate detection: scheme and host lower-cased, trailing `/`
/// removed from the path, query parameters sorted, fragment kept. Text that is not a URL is returned trimmed.
public enum URLNormalizer {
    /// The normalised form of a URL string.
    public static func normalize(_ raw: String) -> String {
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty, let components = URLComponents(string: text), let scheme = components.scheme else { return text }
        var out = scheme.lowercased() + ":"
        if let host = components.percentEncodedHost {
            out += "//"
            if let user = components.percentEncodedUser {
                out += user
                if let password = components.percentEncodedPassword { out += ":" + password }
                out += "@"
            }
            out += host.lowercased()
            if let port = components.port { out += ":" + String(port) }
        }
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        out += path
        if let query = components.percentEncodedQuery, !query.isEmpty {
            let pairs = query.split(separator: "&", omittingEmptySubsequences: true).map { item -> (String, String) in
                let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
            }
            let sorted = pairs.sorted { $0.0 == $1.0 ? $0.1 < $1.1 : $0.0 < $1.0 }
            out += "?" + sorted.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
        }
        if let fragment = components.percentEncodedFragment { out += "#" + fragment }
        return out
    }

    /// True when the string is an absolute http(s) URL with a host, as linkding's validator requires.
    /// A host without a dot (`http://intranet`) is refused unless `allowDotlessHosts`.
    public static func isValidWebURL(_ raw: String, allowDotlessHosts: Bool = false) -> Bool {
        guard LinkdingLimits.length(raw) <= LinkdingLimits.urlLength, !raw.contains(where: { $0.isWhitespace }),
              let components = URLComponents(string: raw),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = components.host, !host.isEmpty else { return false }
        if host.hasPrefix("[") || host.contains(":") { return true }
        if host.lowercased() == "localhost" { return true }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        if labels.contains(where: \.isEmpty) { return false }
        return allowDotlessHosts || labels.count > 1
    }
}
