import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension HTTPResponse {
    /// Answers `request` with the file at `path`, streamed from disk: `ETag`, `Last-Modified`,
    /// `Accept-Ranges`, 304 on `If-None-Match` / `If-Modified-Since`, 206 for a `Range` (`a-b`, `a-`, `-n`,
    /// honouring `If-Range`): one range as the bytes with `Content-Range`, several as `multipart/byteranges`
    /// (overlapping or touching ranges merged, sorted; more than `ByteRange.maxRanges` answered whole), 416 with
    /// `Content-Range: bytes */N` when no range lies inside the file. The backend's audio, the web player and the
    /// podcast feed all answer through this. The content type defaults to one chosen by extension.
    /// Throws `HTTPError` 404 when `path` is not a readable regular file.
    public static func file(
        path: String, contentType: String? = nil, request: HTTPRequest, cacheControl: String? = nil
    ) throws(HTTPError) -> HTTPResponse {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, access(path, R_OK) == 0 else {
            throw HTTPError(404, "Nothing is found at this address.")
        }
        let size = UInt64(info.st_size)
        let modified = Int(info.st_mtim.tv_sec)
        let etag = "\"\(String(size, radix: 16))-\(String(modified, radix: 16))\(String(info.st_mtim.tv_nsec, radix: 16))\""

        var headers = HTTPHeaders()
        headers.add("ETag", etag)
        headers.add("Last-Modified", HTTPDate.format(modified))
        if let cacheControl { headers.add("Cache-Control", cacheControl) }

        let readsOnly = request.method == .get || request.method == .head
        if readsOnly, notModified(request.headers, etag: etag, modified: modified) {
            return HTTPResponse(status: 304, headers: headers, body: .empty)
        }
        let type = contentType ?? MediaType.forPath(path)
        headers.add("Accept-Ranges", "bytes")

        let rangeHeader = readsOnly && rangeStillValid(request.headers["If-Range"], etag: etag, modified: modified)
            ? request.headers["Range"] : nil
        switch ByteRange(header: rangeHeader, size: size) {
        case .whole:
            headers.add("Content-Type", type)
            return HTTPResponse(status: 200, headers: headers, body: .file(path: path, range: 0..<size))
        case .partial(let range):
            headers.add("Content-Type", type)
            headers.add("Content-Range", contentRange(range, size: size))
            return HTTPResponse(status: 206, headers: headers, body: .file(path: path, range: range))
        case .several(let ranges):
            let boundary = multipartBoundary()
            headers.add("Content-Type", "multipart/byteranges; boundary=\(boundary)")
            return HTTPResponse(status: 206, headers: headers, body: .segments(
                byteRangeParts(path: path, ranges: ranges, size: size, type: type, boundary: boundary)))
        case .unsatisfiable:
            headers.add("Content-Type", type)
            headers.add("Content-Range", "bytes */\(size)")
            return HTTPResponse(status: 416, headers: headers, body: .empty)
        }
    }

    /// `bytes a-b/N` for `range` of a resource of `size` bytes.
    private static func contentRange(_ range: Range<UInt64>, size: UInt64) -> String {
        "bytes \(range.lowerBound)-\(range.upperBound - 1)/\(size)"
    }

    /// A `multipart/byteranges` body (RFC 9110 14.6): each part a delimiter, its `Content-Type` and `Content-Range`,
    /// and the file's bytes (streamed); then the closing delimiter.
    private static func byteRangeParts(path: String, ranges: [Range<UInt64>], size: UInt64, type: String,
                                       boundary: String) -> [Segment] {
        var segments: [Segment] = []
        for (index, range) in ranges.enumerated() {
            let head = (index == 0 ? "" : "\r\n") + "--\(boundary)\r\nContent-Type: \(type)\r\n"
                + "Content-Range: \(contentRange(range, size: size))\r\n\r\n"
            segments.append(.bytes(Data(head.utf8)))
            segments.append(.file(path: path, range: range))
        }
        segments.append(.bytes(Data("\r\n--\(boundary)--\r\n".utf8)))
        return segments
    }

    /// A boundary no file is likely to contain: 128 random bits (from the system's generator) as 32 hex digits,
    /// always the same length, so a HEAD's Content-Length equals the GET's.
    static func multipartBoundary() -> String {
        var generator = SystemRandomNumberGenerator()
        let high = generator.next() as UInt64, low = generator.next() as UInt64
        return "marks-" + hex16(high) + hex16(low)
    }

    private static func hex16(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// RFC 9110 13.2.2: If-None-Match wins over If-Modified-Since; ETags compare weakly here.
    private static func notModified(_ headers: HTTPHeaders, etag: String, modified: Int) -> Bool {
        if headers.contains("If-None-Match") {
            let candidates = headers.values("If-None-Match").flatMap { $0.split(separator: ",") }.map { $0.trimmingSpaces }
            return candidates.contains { $0 == "*" || weak($0) == weak(Substring(etag)) }
        }
        if let since = headers["If-Modified-Since"].flatMap(HTTPDate.parse) {
            return modified <= since
        }
        return false
    }

    /// A Range applies when there is no If-Range, or it names the current strong ETag or exact date.
    private static func rangeStillValid(_ ifRange: String?, etag: String, modified: Int) -> Bool {
        guard let ifRange = ifRange?.trimmingSpaces else { return true }
        if ifRange.hasPrefix("\"") { return ifRange == etag }
        if ifRange.hasPrefix("W/") { return false }
        return HTTPDate.parse(String(ifRange)) == modified
    }

    private static func weak(_ tag: Substring) -> Substring {
        tag.hasPrefix("W/") ? tag.dropFirst(2) : tag
    }
}
