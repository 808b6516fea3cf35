import HTTPServer

extension ShellController {
    /// An embedded asset, with a year of caching for hashed names and ETag revalidation for the rest;
    /// gzip-compressed (compressed once, at start-up) when the client accepts it. Each encoding has its
    /// own strong ETag, and `If-None-Match` with either answers 304.
    func asset(_ request: HTTPRequest) -> HTTPResponse {
        guard let asset = web.assets.asset(at: request.path) else {
            return .text("Nothing is found at this address.", status: 404)
        }
        let gzip = asset.gzipped.flatMap { ResponseCompression.acceptsGzip(request) ? $0 : nil }
        var headers: HTTPHeaders = ["Content-Type": asset.contentType, "ETag": gzip == nil ? asset.etag : asset.gzipETag]
        headers["Cache-Control"] = asset.immutable ? "public, max-age=31536000, immutable" : "no-cache"
        if asset.gzipped != nil { ResponseCompression.addVary(to: &headers) }
        let tags = request.headers.values("If-None-Match").flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
        if tags.contains("*") || tags.contains(asset.etag) || tags.contains(asset.gzipETag) {
            return HTTPResponse(status: 304, headers: headers)
        }
        if let gzip {
            headers["Content-Encoding"] = "gzip"
            return HTTPResponse(status: 200, headers: headers, body: .bytes(gzip))
        }
        return HTTPResponse(status: 200, headers: headers, body: .bytes(asset.body))
    }
}
