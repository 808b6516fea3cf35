import Foundation
import HTTPServer
import MarksDocuments

/// `GET /sources/:id/original`: the copied original, as the browser's QuickLook. A PDF or plain text opens in the
/// browser (`inline`), anything else downloads (`attachment`); either way under a policy that lets the file do
/// nothing (`default-src 'none'; sandbox`: no script, no requests, no same-origin access), not sniffed, and named
/// by the client's filename only in `Content-Disposition` (RFC 8187 escaped: `../`, NULs or RTL overrides are text).
extension DocumentsController {
    /// The policy of an original: nothing may load or run.
    static let originalContentSecurityPolicy = "default-src 'none'; sandbox"

    /// `GET /sources/:id/original`.
    func sourceOriginal(_ request: HTTPRequest) throws -> HTTPResponse {
        let library = try sourceLibrary
        let id = try Self.sourceID(request)
        let summary = try library.source(id: id).summary
        guard let file = try library.originalFile(id: id) else {
            throw HTTPError(404, "A pasted text has no original file; its text is on the source's page.")
        }
        let (type, inline) = Self.originalType(summary.mediaType)
        var response = try HTTPResponse.file(path: file.path, contentType: type, request: request, cacheControl: "private, no-cache")
        response.headers["Content-Security-Policy"] = Self.originalContentSecurityPolicy
        response.headers["X-Content-Type-Options"] = "nosniff"
        let name = DocumentLibrary.metadataName(summary.originalFilename) ?? "original"
        response.headers["Content-Disposition"] = (inline ? "inline" : "attachment") + "; filename*=UTF-8''" + Self.rfc8187(name)
        return response
    }

    /// The type an original is served as, and whether it opens in the browser: PDFs and plain text do (text as
    /// `text/plain`, so HTML or SVG is shown as its source, never rendered); everything else is a download.
    static func originalType(_ mediaType: String?) -> (String, Bool) {
        let bare = (mediaType ?? "").split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        if bare == "application/pdf" { return ("application/pdf", true) }
        if bare.hasPrefix("text/") {
            let charset = (mediaType ?? "").lowercased().range(of: #"charset=[a-z0-9_-]+"#, options: .regularExpression)
            return ("text/plain" + (charset.map { "; " + (mediaType ?? "").lowercased()[$0] } ?? ""), true)
        }
        return (bare.isEmpty ? "application/octet-stream" : bare.filter { $0.isASCII && !$0.isWhitespace && $0 != "\"" }, false)
    }

    /// RFC 8187 `value-chars`: attr-chars as they are, every other UTF-8 byte as `%XX`.
    static func rfc8187(_ text: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$&+-.^_`|~".utf8)
        var out = ""
        for byte in text.utf8 {
            if allowed.contains(byte) {
                out.append(Character(Unicode.Scalar(byte)))
            } else {
                out += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return out
    }
}
