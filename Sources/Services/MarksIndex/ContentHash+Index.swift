import MarksCore

extension ContentHash {
    /// Bumped when the embedding text of a bookmark is built differently, so every vector is recomputed.
    static let indexTextVersion = "marks-index-text-1"

    /// The key a stored vector is kept under: the text's fingerprint salted with the index's text version, as the
    /// 64-bit integer the index's tables hold (`key`).
    static func key(_ text: String) -> Int64 {
        ContentHash(text, salt: indexTextVersion).key
    }

    /// The fingerprint's two passes folded into 64 bits (the low pass's halves swapped, so the two do not cancel): an
    /// INTEGER column takes 8 bytes where the 32 hex digits took 33, and `index_vectors` keys its rows by it (index
    /// migration 9). At a million texts two keys meet with a chance of about 3 in 10⁸; the index would then give one
    /// text the other's vector, which the next edit of either text undoes.
    var key: Int64 {
        Int64(bitPattern: high ^ (low << 32 | low >> 32))
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
