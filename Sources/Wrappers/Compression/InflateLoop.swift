import CZlib

/// The one inflate loop of the wrapper (gzip bodies and ZIP entries): feeds `input` through a `z_stream` already
/// initialised for its framing, 64 KB at a time, to the end of the stream, handing each piece to `append`.
enum InflateLoop {
    /// Why the loop stopped before the end of the stream.
    enum Failure {
        /// zlib refused the data (`code`, and its message when it gave one).
        case damaged(code: Int32, message: String?)
        /// The output would pass `limit` bytes.
        case tooLarge
        /// The input ended before the stream did.
        case truncated
    }

    /// Inflates `input` to the end of its stream, at most `limit` bytes in all; nil when it ended well.
    static func run(_ stream: inout z_stream, _ input: UnsafeRawBufferPointer, limit: Int,
                    append: (ArraySlice<UInt8>) -> Void) -> Failure? {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        // zlib never writes through next_in; the cast only satisfies its non-const C signature.
        stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
        stream.avail_in = uInt(input.count)
        var total = 0
        var result: Int32 = Z_OK
        repeat {
            let produced: Int = chunk.withUnsafeMutableBufferPointer { buffer in
                stream.next_out = buffer.baseAddress
                stream.avail_out = uInt(buffer.count)
                result = inflate(&stream, Z_NO_FLUSH)
                return buffer.count - Int(stream.avail_out)
            }
            guard result == Z_OK || result == Z_STREAM_END else {
                return .damaged(code: result, message: stream.msg.map { String(cString: $0) })
            }
            guard total + produced <= limit else { return .tooLarge }
            total += produced
            append(chunk[0..<produced])
            if result == Z_OK && produced == 0 && stream.avail_in == 0 { return .truncated }
        } while result != Z_STREAM_END
        return nil
    }
}
