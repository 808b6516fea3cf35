import Foundation

/// The key that decides when two URLs are one bookmark. linkding's rule — scheme and host lower-cased, trailing `/`
/// removed from the path, query parameters sorted, fragment kept — plus the forms that name the same resource:
/// a default port (`:80` for http, `:443` for https) is dropped, a percent-encoded unreserved character (`%7E`,
/// `%41`) is written plainly and every other escape in upper-case hex, text is compared in Unicode NFC (an `é`
/// typed as `e` + combining accent is the same URL), and an internationalised host is compared in its ASCII
/// (punycode) form, so `bücher.de` and `xn--bcher-kva.de` are one. Text that is not a URL is returned trimmed.
public enum URLNormalizer {
    /// The normalised form of a URL string.
    public static func normalize(_ raw: String) -> String {
        if let plain = PlainURL(raw) {
            var path = plain.path[...]
            while path.hasSuffix("/") { path.removeLast() }
            return plain.scheme.lowercased() + "://" + plain.host.lowercased() + path
        }
        return normalizeParsing(raw)
    }

    /// `normalize` through Foundation's parser, for every URL (the plain ones too: tests compare the two).
    static func normalizeParsing(_ raw: String) -> String {
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
        // Foundation escapes every `%` of a string that holds a character a URL may not (a literal `é`, a space), so
        // `/café/%7E` would read as `/caf%C3%A9/%257E`: those characters are escaped first, and `%` left alone.
        let escaped = PercentEncoding.escapingInvalidCharacters(text)
        guard !text.isEmpty, let components = URLComponents(string: escaped), let scheme = components.scheme else { return text }
        let lowerScheme = scheme.lowercased()
        var out = lowerScheme + ":"
        if let host = components.percentEncodedHost {
            out += "//"
            if let user = components.percentEncodedUser {
                out += PercentEncoding.canonical(user)
                if let password = components.percentEncodedPassword { out += ":" + PercentEncoding.canonical(password) }
                out += "@"
            }
            out += identityHost(host, decoded: components.host, of: text)
            if let port = components.port, port != defaultPort(lowerScheme) { out += ":" + String(port) }
        }
        var path = PercentEncoding.canonical(components.percentEncodedPath)
        while path.hasSuffix("/") { path.removeLast() }
        out += path
        if let query = components.percentEncodedQuery, !query.isEmpty {
            let pairs = query.split(separator: "&", omittingEmptySubsequences: true).map { item -> (String, String) in
                let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                return (PercentEncoding.canonical(String(parts[0])), parts.count > 1 ? PercentEncoding.canonical(String(parts[1])) : "")
            }
            let sorted = pairs.sorted { $0.0 == $1.0 ? $0.1 < $1.1 : $0.0 < $1.0 }
            if !sorted.isEmpty { out += "?" + sorted.map { "\($0.0)=\($0.1)" }.joined(separator: "&") }
        }
        if let fragment = components.percentEncodedFragment { out += "#" + PercentEncoding.canonical(fragment) }
        return out
    }

    /// True when the string is an absolute http(s) URL with a host, as linkding's validator requires.
    /// A host without a dot (`http://intranet`) is refused unless `allowDotlessHosts`.
    public static func isValidWebURL(_ raw: String, allowDotlessHosts: Bool = false) -> Bool {
        if let plain = PlainURL(raw) {
            let scheme = plain.scheme.lowercased()
            guard raw.utf8.count <= LinkdingLimits.urlLength, scheme == "http" || scheme == "https" else { return false }
            return isValidHost(String(plain.host), allowDotlessHosts: allowDotlessHosts)
        }
        return isValidWebURLParsing(raw, allowDotlessHosts: allowDotlessHosts)
    }

    /// `isValidWebURL` through Foundation's parser, for every URL (tests compare the two).
    static func isValidWebURLParsing(_ raw: String, allowDotlessHosts: Bool) -> Bool {
        guard LinkdingLimits.length(raw) <= LinkdingLimits.urlLength, !raw.contains(where: { $0.isWhitespace }),
              let components = URLComponents(string: raw),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = components.host, !host.isEmpty else { return false }
        return isValidHost(host, allowDotlessHosts: allowDotlessHosts)
    }

    private static func isValidHost(_ host: String, allowDotlessHosts: Bool) -> Bool {
        let bytes = host.utf8
        // An ASCII host by bytes (each byte is one character there): the same answer as below, without the
        // character walks and the copies (an import checks a hundred thousand).
        if bytes.allSatisfy({ $0 < 0x80 }) {
            if bytes.first == UInt8(ascii: "[") || bytes.contains(UInt8(ascii: ":")) { return true }
            if bytes.count == 9, bytes.elementsEqual("localhost".utf8, by: { $0 | 0x20 == $1 }) { return true }
            var dots = 0
            var previous = UInt8(ascii: ".")  // a leading dot is an empty label
            for byte in bytes {
                if byte == UInt8(ascii: ".") {
                    if previous == UInt8(ascii: ".") { return false }
                    dots += 1
                }
                previous = byte
            }
            return previous != UInt8(ascii: ".") && (allowDotlessHosts || dots > 0)
        }
        if host.hasPrefix("[") || host.contains(":") { return true }
        if host.lowercased() == "localhost" { return true }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        if labels.contains(where: \.isEmpty) { return false }
        return allowDotlessHosts || labels.count > 1
    }

    /// An ASCII host lower-cased; an internationalised one (Foundation reports it decoded, escaped) in the ASCII
    /// form IDNA gives it, which also folds its case and its Unicode forms. Anything else — escaped ASCII (`%2E`),
    /// a name IDNA refuses — stays as written, lower-cased, so normalising is idempotent.
    static func identityHost(_ percentEncodedHost: String, decoded: String?, of text: String) -> String {
        guard let decoded, decoded.unicodeScalars.contains(where: { !$0.isASCII }), !escapesASCII(percentEncodedHost),
              let ascii = URL(string: text)?.host, !ascii.isEmpty, ascii.utf8.allSatisfy(isHostNameByte) else {
            return percentEncodedHost.lowercased()
        }
        return ascii.lowercased()
    }

    /// True when the host holds an escaped ASCII character (`%2E`): IDNA would read it as itself and could join
    /// or split labels, so such a host is compared as written.
    private static func escapesASCII(_ host: String) -> Bool {
        let bytes = Array(host.utf8)
        return bytes.indices.contains { index in
            bytes[index] == UInt8(ascii: "%") && index + 1 < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[index + 1])
        }
    }

    private static func isHostNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."): true
        default: false
        }
    }

    static func defaultPort(_ scheme: String) -> Int? {
        switch scheme {
        case "http", "ws": 80
        case "https", "wss": 443
        default: nil
        }
    }
}
