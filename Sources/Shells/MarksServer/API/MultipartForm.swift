import Foundation

/// A parsed `multipart/form-data` body: text fields in order, and uploaded files.
struct MultipartForm: Sendable {
    /// One uploaded file part.
    struct File: Sendable {
        let name: String
        let filename: String
        let contentType: String?
        let data: Data
    }

    var fields: [(String, String)] = []
    var files: [File] = []
}
