/// A stable 128-bit fingerprint of a text (two independent 64-bit hashes of its UTF-8 bytes), used as the
/// key of cached embeddings. Stable across runs and machines, so a persistent cache may store it.
public struct ContentHash: Hashable, Sendable, CustomStringConvertible {
    /// The first 64 bits (FNV-1a).
    public let high: UInt64
    /// The second 64 bits (a multiply–xorshift hash with a different seed).
    public let low: UInt64

    /// The fingerprint of `text`, salted with `salt` (the engine passes the embedding dimension).
    public init(_ text: String, salt: UInt64 = 0) {
        var fnv: UInt64 = 0xcbf2_9ce4_8422_2325 ^ salt
        var mix: UInt64 = 0x9e37_79b9_7f4a_7c15 &+ salt
        var length: UInt64 = 0
        for byte in text.utf8 {
            fnv = (fnv ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            mix = (mix ^ UInt64(byte)) &* 0xff51_afd7_ed55_8ccd
            mix ^= mix >> 29
            length &+= 1
        }
        high = fnv
        low = Self.finalize(mix ^ length)
    }

    /// The fingerprint from its two halves (as a persistent cache stores it).
    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// 32 lower-case hexadecimal digits.
    public var description: String { Self.hex(high) + Self.hex(low) }

    private static func finalize(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = Array("0123456789abcdef")
        var result = ""
        for shift in stride(from: 60, through: 0, by: -4) {
            result.append(digits[Int((value >> UInt64(shift)) & 0xf)])
        }
        return result
    }
}
