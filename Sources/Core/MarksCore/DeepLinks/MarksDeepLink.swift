import Foundation

/// The `marks://` links widgets, the desktop entry and scripts use (the seeds' `URL.marksBookmark(_:)` and
/// `URL.marksPodcast(_:)`): `marks://bookmark?id=42&url=…` and `marks://podcast?url=…`.
public enum MarksDeepLink: Sendable, Equatable {
    case bookmark(id: Int?, url: String?)
    case podcast(url: String)

    /// Why a `marks://` link could not be read.
    public enum ParseError: Error, Equatable, Sendable, CustomStringConvertible {
        case notMarksLink
        case unknownKind(String)
        case missingParameter(String)
        case invalidParameter(String)

        public var description: String {
            switch self {
            case .notMarksLink: return "Not a marks:// link."
            case .unknownKind(let kind):
                let printable = String(String.UnicodeScalarView(kind.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7f }.prefix(40)))
                return "Unknown marks:// link kind '\(printable)' (expected bookmark or podcast)."
            case .missingParameter(let name): return "The link has no \(name)."
            case .invalidParameter(let name): return "The link's \(name) is not valid."
            }
        }
    }

    /// The link for a bookmark (the seeds' `URL.marksBookmark`).
    public static func bookmarkURL(id: Int, url: String) -> URL {
        build("bookmark", [("id", String(id)), ("url", url)])
    }

    /// The link for a podcast of an article or source URL (the seeds' `URL.marksPodcast`).
    public static func podcastURL(url: String) -> URL {
        build("podcast", [("url", url)])
    }

    /// The link as a URL.
    public var url: URL {
        switch self {
        case .bookmark(let id, let url):
            var items: [(String, String)] = []
            if let id { items.append(("id", String(id))) }
            if let url { items.append(("url", url)) }
            return Self.build("bookmark", items)
        case .podcast(let url): return Self.podcastURL(url: url)
        }
    }

    /// Reads a `marks://` link; the target URL must be http(s) or `marks-source://`, the id a positive number.
    public static func parse(_ text: String) throws -> MarksDeepLink {
        guard text.utf8.count <= 8192, let components = URLComponents(string: text),
              components.scheme?.lowercased() == "marks" else { throw ParseError.notMarksLink }
        let kind = (components.host ?? components.path.trimmingCharacters(in: CharacterSet(charactersIn: "/"))).lowercased()
        let items = components.queryItems ?? []
        func value(_ name: String) -> String? { items.first { $0.name == name }?.value.flatMap { $0.isEmpty ? nil : $0 } }
        func target() throws -> String? {
            guard let url = value("url") else { return nil }
            let lower = url.lowercased()
            guard lower.hasPrefix("http://") || lower.hasPrefix("https://") || lower.hasPrefix("marks-source://"),
                  URLComponents(string: url)?.host?.isEmpty == false else { throw ParseError.invalidParameter("url") }
            return url
        }
        switch kind {
        case "bookmark":
            var id: Int?
            if let text = value("id") {
                guard let number = Int(text), number > 0 else { throw ParseError.invalidParameter("id") }
                id = number
            }
            let url = try target()
            guard id != nil || url != nil else { throw ParseError.missingParameter("id or url") }
            return .bookmark(id: id, url: url)
        case "podcast":
            guard let url = try target() else { throw ParseError.missingParameter("url") }
            return .podcast(url: url)
        default:
            throw ParseError.unknownKind(kind)
        }
    }

    private static func build(_ kind: String, _ items: [(String, String)]) -> URL {
        let query = items.map { "\($0.0)=\(percentEncoded($0.1))" }.joined(separator: "&")
        // safe: the scheme, host and a query of unreserved characters and %XX escapes always form a valid URL.
        return URL(string: "marks://\(kind)?\(query)")!
    }

    /// Bytes allowed as they are in a query value: RFC 3986 unreserved characters and the sub-delimiters and
    /// separators that need no escaping there (not `&`, `=`, `+`, `?` or `#`, which end or split a value).
    private static let unescaped = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$'()*,;/:@".utf8)

    /// `value` as a query value: every byte of its UTF-8 outside `unescaped` as `%XX`. It cannot fail, so no URL
    /// is ever dropped from a link.
    static func percentEncoded(_ value: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(value.utf8.count)
        for byte in value.utf8 {
            if unescaped.contains(byte) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
