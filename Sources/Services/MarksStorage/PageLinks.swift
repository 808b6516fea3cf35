import Foundation

/// linkding's (Django REST framework's limit/offset) `next` and `previous` links: the list's parameters sorted by
/// name and form-encoded, with `limit` set and `offset` moved by one page (left out when it would be 0).
public enum PageLinks {
    /// The `next` and `previous` links of a page of `count` items at `offset`, for the list at `base` + `path`.
    public static func links(base: String, path: String, parameters: [(String, String)], limit: Int, offset: Int,
                             count: Int) -> (next: String?, previous: String?) {
        let kept = parameters.filter { $0.0 != "limit" && $0.0 != "offset" }
        func link(offset: Int?) -> String {
            var items = kept + [("limit", String(limit))]
            if let offset { items.append(("offset", String(offset))) }
            let query = items.enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }
                .map { encode($0.element.0) + "=" + encode($0.element.1) }.joined(separator: "&")
            return base + path + "?" + query
        }
        let (end, overflow) = offset.addingReportingOverflow(limit)
        let next = !overflow && end < count ? link(offset: end) : nil
        let previous: String? = offset <= 0 ? nil : link(offset: offset - limit > 0 ? offset - limit : nil)
        return (next, previous)
    }

    /// The path and decoded query parameters of a link (absolute or a bare path); `+` reads as a space.
    public static func parse(_ link: String) -> (path: String, parameters: [(String, String)]) {
        var rest = Substring(link)
        if let scheme = rest.range(of: "://") {
            rest = rest[scheme.upperBound...]
            rest = rest.firstIndex(of: "/").map { rest[$0...] } ?? ""
        }
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        let parts = rest.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = parts.first.map(String.init) ?? ""
        guard parts.count > 1 else { return (path, []) }
        let parameters = parts[1].split(separator: "&").map { item -> (String, String) in
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (decode(pair[0]), pair.count > 1 ? decode(pair[1]) : "")
        }
        return (path, parameters)
    }

    /// `application/x-www-form-urlencoded` as Python's `quote_plus`: letters, digits and `_.-~` stay, a space is `+`.
    static func encode(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: " "):
                out += "+"
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }

    private static func decode(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}
