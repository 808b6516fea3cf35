import CZlib
import Foundation

/// gzip framing (RFC 1952) over zlib's deflate: what `Content-Encoding: gzip` carries. One call compresses
/// or decompresses a whole buffer; the z_stream lives only inside the call and is always ended.
public enum Gzip {
    /// `data` gzip-compressed at `level` (1 fastest … 9 smallest; 6 is zlib's default).
    public static func compress(_ data: Data, level: Int32 = 6) throws(CompressionError) -> Data {
        var stream = z_stream()
        let started = marks_deflate_init_gzip(&stream, level)
        guard started == Z_OK else { throw CompressionError(code: started, message: "deflateInit2 failed") }
        defer { deflateEnd(&stream) }
        let (result, output) = DeflateOnce.run(&stream, data)
        guard result == Z_STREAM_END else { throw CompressionError(code: result, message: message(stream, "deflate did not finish")) }
        return output
    }

    /// The bytes inside gzip-framed `data`; throws on anything that is not one complete, valid gzip member,
    /// or when the result would exceed `limit` bytes.
    public static func decompress(_ data: Data, limit: Int = 64 << 20) throws(CompressionError) -> Data {
        var stream = z_stream()
        let started = marks_inflate_init_gzip(&stream)
        guard started == Z_OK else { throw CompressionError(code: started, message: "inflateInit2 failed") }
        defer { inflateEnd(&stream) }
        var output = Data()
        let failure = data.withUnsafeBytes { input in
            InflateLoop.run(&stream, input, limit: limit) { output.append(contentsOf: $0) }
        }
        switch failure {
        case nil: return output
        case .damaged(let code, let message): throw CompressionError(code: code, message: message ?? "inflate failed")
        case .tooLarge: throw CompressionError(code: Z_BUF_ERROR, message: "output exceeds \(limit) bytes")
        case .truncated: throw CompressionError(code: Z_BUF_ERROR, message: "truncated gzip data")
        }
    }

    private static func message(_ stream: z_stream, _ fallback: String) -> String {
        stream.msg.map { String(cString: $0) } ?? fallback
    }
}
