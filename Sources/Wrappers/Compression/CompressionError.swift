/// What can go wrong compressing or decompressing: zlib's result code and message.
public struct CompressionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// zlib's return code (`Z_DATA_ERROR` is -3, `Z_MEM_ERROR` -4, `Z_BUF_ERROR` -5 …).
    public var code: Int32
    /// zlib's message, or what this wrapper was doing.
    public var message: String

    public var description: String { "zlib error \(code): \(message)" }
}
