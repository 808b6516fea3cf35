import Compression
import Foundation
import HTTPServer

/// gzip for the web app's text answers (HTML, CSS, JS, JSON, SVG, the manifest) when the client sends
/// `Accept-Encoding: gzip`. Tiny bodies, already-encoded bodies, streamed files and images stay as they are;
/// every answer that could have been compressed says `Vary: Accept-Encoding`, so a cache keeps the two apart.
enum ResponseCompression {
    /// Below this many bytes gzip's header and the CPU cost outweigh the saving.
    static let minimumBytes = 860

    /// Whether `request` accepts gzip: `Accept-Encoding` names `gzip` (or `*`) without `q=0`.
    static func acceptsGzip(_ request: HTTPRequest) -> Bool {
        guard let header = request.headers["Accept-Encoding"] else { return false }
        var star: Bool?
        for item in header.split(separator: ",") {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let coding = parts.first else { continue }
            let refused = parts.dropFirst().contains { $0.replacingOccurrences(of: " ", with: "").range(of: #"^q=0(\.0*)?$"#, options: .regularExpression) != nil }
            if coding == "gzip" || coding == "x-gzip" { return !refused }
            if coding == "*" { star = !refused }
        }
        return star ?? false
    }

    /// Whether bodies of `contentType` are text that gzip shrinks.
    static func isCompressible(contentType: String) -> Bool {
        let type = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return type.hasPrefix("text/") || type == "application/json" || type == "application/javascript"
            || type == "application/manifest+json" || type == "image/svg+xml" || type.hasSuffix("+json") || type.hasSuffix("+xml")
    }

    /// The gzip form of `body`, or nil when it is too small, does not shrink, or zlib fails (then the
    /// identity body is sent: compression is an optimisation, never a reason to fail a request).
    static func gzipped(_ body: Data) -> Data? {
        guard body.count >= minimumBytes else { return nil }
        do {
            let packed = try Gzip.compress(body)
            return packed.count < body.count ? packed : nil
        } catch {
            return nil
        }
    }

    /// Compresses `response` in place when `request` accepts gzip and the body is compressible text.
    static func apply(to response: inout HTTPResponse, for request: HTTPRequest) {
        guard response.headers["Content-Encoding"] == nil, response.status != 204, response.status != 304,
              case .bytes(let body) = response.body,
              isCompressible(contentType: response.headers["Content-Type"] ?? "") else { return }
        addVary(to: &response.headers)
        guard acceptsGzip(request), let packed = gzipped(body) else { return }
        response.headers["Content-Encoding"] = "gzip"
        response.body = .bytes(packed)
    }

    /// Adds `Accept-Encoding` to `Vary` unless it is there.
    static func addVary(to headers: inout HTTPHeaders) {
        let existing = headers.values("Vary").flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard !existing.contains("accept-encoding"), !existing.contains("*") else { return }
        headers.add("Vary", "Accept-Encoding")
    }
}
