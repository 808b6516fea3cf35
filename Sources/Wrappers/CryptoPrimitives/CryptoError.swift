import CCrypto

/// A failure in a crypto primitive.
public enum CryptoError: Error, Sendable, Equatable, CustomStringConvertible {
    /// OpenSSL reported a failure; `reason` is OpenSSL's error string.
    case openSSL(operation: String, reason: String)
    /// An argument was out of range (e.g. a negative byte count).
    case invalidArgument(String)

    /// A message naming the operation and the cause.
    public var description: String {
        switch self {
        case .openSSL(let operation, let reason):
            "OpenSSL \(operation) failed: \(reason)"
        case .invalidArgument(let message):
            "invalid argument: \(message)"
        }
    }

    /// Empties this thread's OpenSSL error queue into an error for `operation`.
    static func openSSL(_ operation: String) -> CryptoError {
        var reasons: [String] = []
        while case let code = ERR_get_error(), code != 0 {
            var buffer = [CChar](repeating: 0, count: 256)
            ERR_error_string_n(code, &buffer, buffer.count)
            let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
            reasons.append(String(decoding: bytes, as: UTF8.self))
        }
        return .openSSL(operation: operation, reason: reasons.isEmpty ? "no error recorded" : reasons.joined(separator: "; "))
    }
}
