import MarksCore

extension ContentHash {
    /// Bumped when the embedding text of a bookmark is built differently, so every vector is recomputed.
    static let indexTextVersion = "marks-index-text-1"

    /// The key a stored vector is kept under: the text's fingerprint salted with the index's text version, as the
    /// 64-bit integer the index's tables hold (`key`).
    static func key(_ text: String) -> Int64 {
        ContentHash(text, salt: indexTextVersion).key
    }

    /// The fingerprint read back from its 32 hexadecimal digits (`description`), as the index stored it before
    /// migration 9; nil for anything else.
    init?(hex: String) {
        guard hex.utf8.count == 32, let high = UInt64(hex.prefix(16), radix: 16), let low = UInt64(hex.suffix(16), radix: 16) else {
            return nil
        }
        self.init(high: high, low: low)
    }
}
