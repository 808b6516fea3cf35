import CPostgres

/// The password a connection string carries, in each spelling libpq might echo in an error message (as written,
/// percent-decoded, as libpq parsed it), so a connection error can be scrubbed of it before anyone sees it.
struct ConnectionSecrets {
    private var secrets: Set<String> = []

    /// Collects the password from `url` (a URL's user info, a `password=` parameter or conninfo keyword) and from
    /// the one libpq used (`PQpass`, which may come from the environment).
    init(url: String, password: UnsafePointer<CChar>?) {
        if let password {
            add(String(cString: password))
        }
        add(Self.parsedPassword(url))
        add(Self.userInfoPassword(url))
        var rest = Substring(url)
        while let range = rest.firstRange(of: "password=") {
            let value = rest[range.upperBound...].prefix { $0 != "&" && $0 != " " && $0 != "#" }
            add(String(value))
            add(String(value.trimmingQuotes))
            rest = rest[range.upperBound...]
        }
    }

    /// `message` with every known spelling of the password replaced by `***`.
    func scrub(_ message: String) -> String {
        secrets.sorted { $0.count > $1.count }.reduce(message) { text, secret in text.replacing(secret, with: "***") }
    }

    private mutating func add(_ secret: String?) {
        guard let secret, !secret.isEmpty else { return }
        secrets.insert(secret)
        if let decoded = Self.percentDecoded(secret), !decoded.isEmpty {
            secrets.insert(decoded)
        }
    }

    /// The password libpq's own parser finds (URL or `key=value` form); nil when the string does not parse.
    private static func parsedPassword(_ url: String) -> String? {
        guard let options = PQconninfoParse(url, nil) else { return nil }
        defer { PQconninfoFree(options) }
        var option = options
        while let keyword = option.pointee.keyword {
            if String(cString: keyword) == "password", let value = option.pointee.val {
                return String(cString: value)
            }
            option += 1
        }
        return nil
    }

    /// The password in a URL's user info (`postgres://user:password@host/db`), found even when the URL is malformed.
    private static func userInfoPassword(_ url: String) -> String? {
        guard let scheme = url.firstRange(of: "://") else { return nil }
        let authority = url[scheme.upperBound...].prefix { $0 != "/" && $0 != "?" }
        guard let at = authority.lastIndex(of: "@") else { return nil }
        let userInfo = authority[..<at]
        guard let colon = userInfo.firstIndex(of: ":") else { return nil }
        return String(userInfo[userInfo.index(after: colon)...])
    }

    private static func percentDecoded(_ text: String) -> String? {
        guard text.contains("%") else { return nil }
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next(), let low = iterator.next(),
                  let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16) else { return nil }
            bytes.append(value)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

private extension Substring {
    /// The value without the single quotes a conninfo string may put around it.
    var trimmingQuotes: Substring {
        guard count >= 2, first == "'", last == "'" else { return self }
        return dropFirst().dropLast()
    }
}
