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
        if let site = url.utf8.withContiguousStorageIfAvailable(site(bytes:)) { return site }
        return Array(url.utf8).withUnsafeBufferPointer(site(bytes:))
    }

    /// `site(of:)` over the URL's UTF-8 bytes: a page of rows asks this for every row, so no `Character` work.
    private static func site(bytes: UnsafeBufferPointer<UInt8>) -> String? {
        func lower(_ byte: UInt8) -> UInt8 { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte }
        func hasScheme(_ scheme: StaticString) -> Bool {
            scheme.utf8CodeUnitCount <= bytes.count
                && (0..<scheme.utf8CodeUnitCount).allSatisfy { lower(bytes[$0]) == scheme.utf8Start[$0] }
        }
        let start = hasScheme("https://") ? 8 : hasScheme("http://") ? 7 : nil
        guard var start else { return nil }
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "/"), bytes[end] != UInt8(ascii: "?"), bytes[end] != UInt8(ascii: "#") {
            if bytes[end] == UInt8(ascii: "@") { start = end + 1 }
            end += 1
        }
        guard start < end, end - start <= 260, bytes[start..<end].allSatisfy(isSiteByte) else { return nil }
        return String(decoding: bytes[start..<end].lazy.map(lower), as: UTF8.self)
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
