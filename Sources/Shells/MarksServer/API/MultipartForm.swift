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

    /// The first plain field called `name` (the web app's import form reads its CSRF token and options so).
    func field(_ name: String) -> String? {
        fields.first { $0.0 == name }?.1
    }
}
