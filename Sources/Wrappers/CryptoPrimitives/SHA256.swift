import CCrypto

/// SHA-256 digests (OpenSSL `EVP_Digest`).
public enum SHA256 {
    /// Digest length in bytes.
    public static let byteCount = 32

    /// The 32-byte digest of `bytes`.
    public static func hash(_ bytes: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: byteCount)
        var length: UInt32 = 0
        let status = withNonNullBytes(bytes) { input, count in
            digest.withUnsafeMutableBufferPointer { output in
                EVP_Digest(input, count, output.baseAddress, &length, EVP_sha256(), nil)
            }
        }
        guard status == 1, length == UInt32(byteCount) else {
            fatalError("\(CryptoError.openSSL("EVP_Digest(SHA-256)"))") // safe: fails only when OpenSSL cannot allocate or has no default provider, never because of input.
        }
        return digest
    }

    /// The digest of a string's UTF-8 bytes.
    public static func hash(_ string: String) -> [UInt8] {
        hash(Array(string.utf8))
    }

    /// The digest of any byte sequence (`Data`, `ArraySlice`, `String.UTF8View`, …).
    public static func hash(_ bytes: some Sequence<UInt8>) -> [UInt8] {
        hash(Array(bytes))
    }

    /// The digest of `bytes` as 64 lowercase hex characters.
    public static func hex(_ bytes: [UInt8]) -> String {
        Hex.encode(hash(bytes))
    }

    /// The digest of a string's UTF-8 bytes as 64 lowercase hex characters.
    public static func hex(_ string: String) -> String {
        Hex.encode(hash(string))
    }

    /// The digest of any byte sequence as 64 lowercase hex characters.
    public static func hex(_ bytes: some Sequence<UInt8>) -> String {
        Hex.encode(hash(bytes))
    }
}
