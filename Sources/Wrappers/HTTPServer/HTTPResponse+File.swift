#if canImport(Glibc)
import Glibc
#endif

extension HTTPResponse {
    /// Answers `request` with the file at `path`, streamed from disk: `ETag`, `Last-Modified`,
    /// `Accept-Ranges`, 304 on `If-None-Match` / `If-Modified-Since`, 206 for a single `Range`
    /// (`a-b`, `a-`, `-n`, honouring `If-Range`), 416 with `Content-Range: bytes */N` when the range
    /// lies outside the file. The content type defaults to one chosen by extension.
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
        headers.add("Content-Type", contentType ?? MediaType.forPath(path))
        headers.add("Accept-Ranges", "bytes")

        let rangeHeader = readsOnly && rangeStillValid(request.headers["If-Range"], etag: etag, modified: modified)
            ? request.headers["Range"] : nil
        switch ByteRange(header: rangeHeader, size: size) {
        case .whole:
            return HTTPResponse(status: 200, headers: headers, body: .file(path: path, range: 0..<size))
        case .partial(let range):
            headers.add("Content-Range", "bytes \(range.lowerBound)-\(range.upperBound - 1)/\(size)")
            return HTTPResponse(status: 206, headers: headers, body: .file(path: path, range: range))
        case .unsatisfiable:
            headers.add("Content-Range", "bytes */\(size)")
            return HTTPResponse(status: 416, headers: headers, body: .empty)
        }
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
