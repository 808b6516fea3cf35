import CCrypto

extension SHA256 {
    /// A SHA-256 digest computed piece by piece (a file streamed in chunks); owns an OpenSSL digest context and
    /// frees it in `deinit`. Not Sendable: one owner feeds it.
    public final class Hasher {
        private let context: OpaquePointer

        /// A fresh digest.
        public init() {
            guard let context = EVP_MD_CTX_new(), EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1 else {
                fatalError("\(CryptoError.openSSL("EVP_DigestInit_ex(SHA-256)"))") // safe: fails only when OpenSSL cannot allocate or has no default provider, never because of input.
            }
            self.context = context
        }

        deinit { EVP_MD_CTX_free(context) }

        /// Adds bytes.
        public func update(_ bytes: UnsafeRawBufferPointer) {
            guard let base = bytes.baseAddress, bytes.count > 0 else { return }
            guard EVP_DigestUpdate(context, base, bytes.count) == 1 else {
                fatalError("\(CryptoError.openSSL("EVP_DigestUpdate(SHA-256)"))") // safe: a digest update fails only when OpenSSL is broken, never because of input.
            }
        }

        /// The digest as 64 lowercase hex characters; the hasher is spent afterwards.
        public func finalHex() -> String {
            var digest = [UInt8](repeating: 0, count: SHA256.byteCount)
            var length: UInt32 = 0
            let status = digest.withUnsafeMutableBufferPointer { EVP_DigestFinal_ex(context, $0.baseAddress, &length) }
            guard status == 1, length == UInt32(SHA256.byteCount) else {
                fatalError("\(CryptoError.openSSL("EVP_DigestFinal_ex(SHA-256)"))") // safe: fails only when OpenSSL is broken, never because of input.
            }
            return Hex.encode(digest)
        }
    }
}
