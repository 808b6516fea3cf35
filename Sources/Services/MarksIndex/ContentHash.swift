/// A stable 128-bit fingerprint of the text a vector is computed from (two FNV-1a 64 passes with different
/// offsets), as 32 hex digits. Not a security hash: it only decides whether a text was embedded before.
enum ContentHash {
    /// Bumped when the embedding text of a bookmark is built differently, so every vector is recomputed.
    static let textVersion = "marks-index-text-1"

    static func of(_ text: String) -> String {
        var first: UInt64 = 0xcbf2_9ce4_8422_2325
        var second: UInt64 = 0x6c62_272e_07bb_0142
        let prime: UInt64 = 0x0000_0100_0000_01b3
        for byte in textVersion.utf8 + [0] + Array(text.utf8) {
            first = (first ^ UInt64(byte)) &* prime
            second = (second ^ UInt64(byte ^ 0x5a)) &* prime
        }
        return hex(first) + hex(second)
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
