import Foundation

/// A site's favicon as Marks keeps it: the checked image type, its bytes and an ETag.
public struct Favicon: Sendable, Equatable {
    public var contentType: String
    public var data: Data
    public var etag: String

    /// A favicon value.
    public init(contentType: String, data: Data, etag: String) {
        self.contentType = contentType
        self.data = data
        self.etag = etag
    }

    /// An ETag for bytes (FNV-1a, 64 bits, hex): stable across restarts, changes when the icon does.
    public static func etag(for data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return String(hash, radix: 16)
    }

    /// The site key of a URL: its lowercased host, with the port when one is given (`example.com`,
    /// `127.0.0.1:8080`); nil for anything but http(s). Read by hand, so rows need no URL parsing.
    public static func site(of url: String) -> String? {
        if let known = asciiSite(of: url) { return known }
        let lower = url.prefix(8).lowercased()
        let rest: Substring
        if lower.hasPrefix("https://") {
            rest = url.dropFirst(8)
        } else if lower.hasPrefix("http://") {
            rest = url.dropFirst(7)
        } else {
            return nil
        }
        var authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        let site = authority.lowercased()
        guard !site.isEmpty, site.utf8.count <= 260,
              site.utf8.allSatisfy(isSiteByte)
        else { return nil }
        return site
    }

    /// `site(of:)` by bytes for a URL up to the end of its authority in ASCII (every bookmark a list answers asks,
    /// and an ASCII text reads the same by bytes as by characters); nil when the URL is not such a one — the caller
    /// then reads it by characters, which decides everything else.
    private static func asciiSite(of url: String) -> String?? {
        var url = url
        return url.withUTF8 { bytes -> String?? in
            func lowered(_ byte: UInt8) -> UInt8 { byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte }
            func hasScheme(_ scheme: StaticString) -> Bool {
                let count = scheme.utf8CodeUnitCount
                guard bytes.count >= count else { return false }
                for index in 0..<count where lowered(bytes[index]) != scheme.utf8Start[index] { return false }
                return true
            }
            let start: Int
            if hasScheme("https://") {
                start = 8
            } else if hasScheme("http://") {
                start = 7
            } else {
                // Only http(s) has a site, but a scheme whose lowercasing is not ASCII ("K" for "k") is read by characters.
                return bytes.prefix(8).allSatisfy { $0 < 0x80 } ? .some(nil) : nil
            }
            var end = start
            var authorityStart = start
            while end < bytes.count {
                let byte = bytes[end]
                if byte >= 0x80 { return nil }
                if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") {
                    // A combining mark after it would make it another character.
                    if end + 1 < bytes.count, bytes[end + 1] >= 0x80 { return nil }
                    break
                }
                if byte == UInt8(ascii: "@") { authorityStart = end + 1 }
                end += 1
            }
            let count = end - authorityStart
            guard count > 0, count <= 260 else { return .some(nil) }
            var site = [UInt8](repeating: 0, count: count)
            for index in 0..<count {
                let byte = lowered(bytes[authorityStart + index])
                guard isSiteByte(byte) else { return .some(nil) }
                site[index] = byte
            }
            return .some(String(decoding: site, as: UTF8.self))
        }
    }

    /// An ASCII letter or digit, or one of `.-:[]_`.
    private static func isSiteByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "_"): true
        default: false
        }
    }
}

/// What Marks knows about a site's favicon.
public enum FaviconStatus: Sendable, Equatable {
    /// Found; the ETag names this version of it.
    case found(etag: String)
    /// Looked for at `since` and not found (or refused); not looked for again until `FaviconStore.retryAfter` passes.
    case missing(since: Date)
}
