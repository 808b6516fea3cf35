/// Calls `body` with a pointer to `bytes` and their count. The pointer is never NULL, even for an
/// empty array: OpenSSL treats a NULL buffer as an error in places.
func withNonNullBytes<R>(_ bytes: [UInt8], _ body: (UnsafeRawPointer, Int) -> R) -> R {
    let storage = bytes.isEmpty ? [0] : bytes
    return storage.withUnsafeBytes { raw in
        body(raw.baseAddress!, bytes.count) // safe: storage is never empty, so it has a buffer
    }
}
