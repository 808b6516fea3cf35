import CCrypto

/// Cryptographically secure random bytes and tokens (OpenSSL `RAND_bytes`).
public enum SecureRandom {
    /// `count` random bytes; throws for a negative or over-large count or when OpenSSL's generator fails.
    public static func bytes(_ count: Int) throws -> [UInt8] {
        guard count >= 0, count <= Int(Int32.max) else {
            throw CryptoError.invalidArgument("cannot make \(count) random bytes (0 to \(Int32.max))")
        }
        guard count > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: count)
        ERR_clear_error()
        let status = bytes.withUnsafeMutableBufferPointer { buffer in
            RAND_bytes(buffer.baseAddress, Int32(buffer.count))
        }
        guard status == 1 else {
            throw CryptoError.openSSL("RAND_bytes")
        }
        return bytes
    }

    /// A token of `bytes` random bytes as lowercase hex: 40 characters by default, linkding's API-token format.
    public static func hexToken(bytes count: Int = 20) throws -> String {
        Hex.encode(try bytes(count))
    }

    /// A token of `bytes` random bytes as unpadded base64url (43 characters for the default 32 bytes).
    public static func urlSafeToken(bytes count: Int = 32) throws -> String {
        Base64URL.encode(try bytes(count))
    }
}
