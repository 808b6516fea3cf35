import Foundation
import HTTPServer

/// The headers every web response carries: a strict Content-Security-Policy (scripts and styles only from
/// this origin — no inline script, no style attributes; no framing), no MIME sniffing, no referrer to the
/// sites bookmarks lead to (`same-origin`: `no-referrer` would make Chromium send `Origin: null` on our own forms). Pages are revalidated on every visit (they carry a CSRF token) but may stay in
/// the back/forward cache.
enum SecurityHeaders {
    static let contentSecurityPolicy = [
        "default-src 'none'", "script-src 'self'", "style-src 'self'", "img-src 'self' data: https: http:",
        "connect-src 'self'", "media-src 'self'", "manifest-src 'self'", "worker-src 'self'", "form-action 'self'",
        "base-uri 'none'", "frame-ancestors 'none'",
    ].joined(separator: "; ")

    /// The reader's policy: images only from this origin (the article's images come through the signed proxy).
    static let readerContentSecurityPolicy = contentSecurityPolicy.replacingOccurrences(of: "img-src 'self' data: https: http:", with: "img-src 'self'")

    /// Sets the headers; a stricter policy a handler set (the reader page, images) is kept.
    static func apply(to response: inout HTTPResponse) {
        if response.headers["Content-Security-Policy"] == nil {
            response.headers["Content-Security-Policy"] = contentSecurityPolicy
        }
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "same-origin"
        response.headers["X-Frame-Options"] = "DENY"
        response.headers["Cross-Origin-Opener-Policy"] = "same-origin"
        response.headers["Permissions-Policy"] = "camera=(), microphone=(), geolocation=()"
        if response.headers["Cache-Control"] == nil {
            response.headers["Cache-Control"] = "private, no-cache"
        }
    }
}

/// Whether a state-changing request comes from this app's own pages: `Sec-Fetch-Site` (when sent) must be
/// `same-origin` or `none`, and `Origin` (when sent) must name this host.
enum RequestOrigin {
    static func isSameOrigin(_ request: HTTPRequest) -> Bool {
        if let site = request.headers["Sec-Fetch-Site"]?.lowercased(), site != "same-origin", site != "none" {
            return false
        }
        guard let origin = request.headers["Origin"] else { return true }
        guard let host = request.headers["Host"], !host.isEmpty else { return false }
        let lower = origin.lowercased()
        return lower == "http://" + host.lowercased() || lower == "https://" + host.lowercased()
    }
}
