import MarksCore

extension ContentHash {
    /// Bumped when the embedding text of a bookmark is built differently, so every vector is recomputed.
    static let indexTextVersion = "marks-index-text-1"

    /// The key a stored vector is kept under: the text's fingerprint salted with the index's text version.
    static func of(_ text: String) -> String {
        ContentHash(text, salt: indexTextVersion).description
    }
}
