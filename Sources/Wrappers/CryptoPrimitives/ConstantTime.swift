import CCrypto

/// Comparisons whose running time does not depend on where inputs differ (OpenSSL `CRYPTO_memcmp`).
public enum ConstantTime {
    /// True when both byte arrays are equal. Inputs of different lengths are unequal; only the lengths leak.
    public static func equals(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else {
            // Touch the bytes anyway so the work done does not depend on which input is longer.
            _ = withNonNullBytes(lhs) { pointer, count in CRYPTO_memcmp(pointer, pointer, count) }
            return false
        }
        return withNonNullBytes(lhs) { left, count in
            withNonNullBytes(rhs) { right, _ in CRYPTO_memcmp(left, right, count) == 0 }
        }
    }

    /// True when both strings have the same UTF-8 bytes (for comparing tokens and signatures).
    public static func equals(_ lhs: String, _ rhs: String) -> Bool {
        equals(Array(lhs.utf8), Array(rhs.utf8))
    }
}
