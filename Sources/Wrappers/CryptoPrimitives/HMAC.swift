import CCrypto

/// HMAC message authentication (OpenSSL `EVP_Q_mac`).
public enum HMAC {
    /// HMAC-SHA-256 of `message` under `key` (32 bytes). Any key length works, including empty.
    public static func sha256(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var mac = [UInt8](repeating: 0, count: SHA256.byteCount)
        var length = 0
        let result = withNonNullBytes(key) { keyPointer, keyCount in
            withNonNullBytes(message) { messagePointer, messageCount in
                mac.withUnsafeMutableBufferPointer { output in
                    EVP_Q_mac(
                        nil, "HMAC", nil, "SHA256", nil,
                        keyPointer, keyCount,
                        messagePointer.assumingMemoryBound(to: UInt8.self), messageCount,
                        output.baseAddress, output.count, &length)
                }
            }
        }
        guard result != nil, length == SHA256.byteCount else {
            fatalError("\(CryptoError.openSSL("EVP_Q_mac(HMAC-SHA-256)"))") // safe: fails only when OpenSSL cannot allocate or has no default provider, never because of input.
        }
        return mac
    }

    /// HMAC-SHA-256 of a string's UTF-8 bytes under `key`.
    public static func sha256(key: [UInt8], message: String) -> [UInt8] {
        sha256(key: key, message: Array(message.utf8))
    }

    /// HMAC-SHA-256 with both key and message given as UTF-8 strings.
    public static func sha256(key: String, message: String) -> [UInt8] {
        sha256(key: Array(key.utf8), message: Array(message.utf8))
    }

    /// HMAC-SHA-256 over any byte sequences (`Data`, slices, …).
    public static func sha256(key: some Sequence<UInt8>, message: some Sequence<UInt8>) -> [UInt8] {
        sha256(key: Array(key), message: Array(message))
    }
}
