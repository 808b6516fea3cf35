/// NUL-terminated copies of strings for libpq's `const char *const *` arguments, freed when the list is.
struct CStringList: ~Copyable {
    private let pointers: [UnsafeMutablePointer<CChar>]

    init(_ strings: [String]) {
        pointers = strings.map { Self.copy(Array($0.utf8)) }
    }

    deinit {
        pointers.forEach { $0.deallocate() }
    }

    /// Calls `body` with the strings as a NULL-terminated array of C strings.
    func withPointers<R>(_ body: ([UnsafePointer<CChar>?]) -> R) -> R {
        body(pointers.map { UnsafePointer($0) } + [nil])
    }

    /// A NUL-terminated copy of `bytes` (also for binary parameters, whose length libpq takes separately);
    /// the caller deallocates it.
    static func copy(_ bytes: [UInt8]) -> UnsafeMutablePointer<CChar> {
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
        bytes.withUnsafeBytes { raw in
            if let base = raw.baseAddress {
                UnsafeMutableRawPointer(buffer).copyMemory(from: base, byteCount: raw.count)
            }
        }
        buffer[bytes.count] = 0
        return buffer
    }
}
