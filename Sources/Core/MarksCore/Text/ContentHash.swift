/// The one fingerprint of a text: 128 bits from two FNV-1a 64 passes with different offsets over its UTF-8 bytes,
/// stable across runs and machines, shown as 32 lower-case hex digits. The search index keys stored vectors by it
/// (salted with its text version), the engine its in-memory embedding cache (salted with the model's dimension).
/// Not a security hash: it only decides whether a text was embedded before.
public struct ContentHash: Hashable, Sendable, CustomStringConvertible {
    /// The first pass: FNV-1a 64 (with no salt, the published FNV-1a of the text).
    public let high: UInt64
    /// The second pass: another offset, each byte mixed with 0x5a.
    public let low: UInt64

    /// The fingerprint of `text`; a non-empty `salt` comes first, then a zero byte, so salted and plain never meet.
    public init(_ text: String, salt: String = "") {
        var first: UInt64 = 0xcbf2_9ce4_8422_2325
        var second: UInt64 = 0x6c62_272e_07bb_0142
        let prime: UInt64 = 0x0000_0100_0000_01b3
        func add(_ byte: UInt8) {
            first = (first ^ UInt64(byte)) &* prime
            second = (second ^ UInt64(byte ^ 0x5a)) &* prime
        }
        if !salt.isEmpty {
            for byte in salt.utf8 { add(byte) }
            add(0)
        }
        for byte in text.utf8 { add(byte) }
        high = first
        low = second
    }

    /// The fingerprint from its two halves.
    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// The two passes folded into 64 bits (the low pass's halves swapped, so the two do not cancel), as a signed integer
    /// for SQLite: an INTEGER column takes 8 bytes where the 32 hex digits take 33. The search index keys its texts by it
    /// (index migration 9), the embedded store a URL (`URLKey`). At a million values two keys meet with a chance of about
    /// 3 in 10⁸, so whoever keys by it says what a meeting costs (the index: one text given the other's vector until
    /// either changes; the store compares the URLs themselves).
    public var key: Int64 {
        Int64(bitPattern: high ^ (low << 32 | low >> 32))
    }

    /// 32 lower-case hexadecimal digits.
    public var description: String { Self.hex(high) + Self.hex(low) }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
