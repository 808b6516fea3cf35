import Foundation
import HTTPServer

/// What `SourceUploadStream` made of an upload's body (`HTTPRequest.streamedBody`): its text fields, the files it
/// wrote to `incoming/` (the handler imports each, which moves it), or the refusal that stopped it (nothing kept).
struct SourceUpload: Sendable {
    /// One file of the upload, complete on disk.
    struct File: Sendable {
        let url: URL
        /// The client's name for it: metadata only, never a path.
        let filename: String
        let contentType: String?
        let byteSize: Int
    }

    var fields: [(String, String)]
    var files: [File]
    /// Why the upload was refused while it streamed (too large, too many files, a bad token, a malformed body), or the
    /// storage error that stopped it (shown through `HTTPFailure`: a generic 500, its cause logged).
    var refusal: (any Error)?

    /// The first text field called `name`.
    func field(_ name: String) -> String? {
        fields.first { $0.0 == name }?.1
    }

    /// Removes the files no import took (each import moves its file away): after a refused request, an error, or
    /// an import that stopped half-way.
    func removeLeftovers() {
        for file in files { Self.remove(file.url) }
    }

    static func remove(_ url: URL) {
        do { try FileManager.default.removeItem(at: url) } catch {} // imported (moved) or never written: nothing to remove
    }
}
