import Foundation

/// One embedded asset: its bytes, type, and a path that carries a hash of its content
/// (`/assets/app.3f2a9c1b.css`), so it can be cached for a year and still change with each build.
struct WebAsset: Sendable {
    var path: String
    var contentType: String
    var body: Data
    /// A strong ETag from the content hash.
    var etag: String
    /// Whether the path is content-addressed (then `Cache-Control: immutable`).
    var immutable: Bool
    /// The body gzip-compressed once at start-up; nil for images and bodies too small to gain.
    var gzipped: Data?
    /// The strong ETag of the gzip encoding (a different representation, so a different tag).
    var gzipETag: String { etag.dropLast() + "-gz\"" }

    init(path: String, contentType: String, body: Data, etag: String, immutable: Bool) {
        self.path = path
        self.contentType = contentType
        self.body = body
        self.etag = etag
        self.immutable = immutable
        gzipped = ResponseCompression.isCompressible(contentType: contentType) ? ResponseCompression.gzipped(body) : nil
    }

    /// An asset whose path is `/assets/<stem>.<hash>.<ext>`.
    static func hashed(_ stem: String, _ ext: String, _ body: Data, type: String) -> WebAsset {
        let hash = fingerprint(body)
        return WebAsset(path: "/assets/\(stem).\(hash).\(ext)", contentType: type, body: body, etag: "\"\(hash)\"", immutable: true)
    }

    /// A script without the lines that hold only a `//` comment: the comments stay in the source, the list page's bytes
    /// stay in budget (WebPagesTests). Safe for a script with no multi-line template literal (the app script has none).
    static func withoutCommentLines(_ script: String) -> String {
        script.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.drop { $0 == " " }.hasPrefix("//") }
            .joined(separator: "\n")
    }

    /// An asset at a fixed path (the service worker and manifest must keep their names), revalidated by ETag.
    static func fixed(_ path: String, _ body: Data, type: String) -> WebAsset {
        WebAsset(path: path, contentType: type, body: body, etag: "\"\(fingerprint(body))\"", immutable: false)
    }

    /// 64-bit FNV-1a of the bytes as 12 hex digits: a cache-busting name, not a security measure.
    static func fingerprint(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String((String(repeating: "0", count: 16 - hex.count) + hex).prefix(12))
    }
}
